"""Text colour on content colours stays legible."""

from cardgen.render.faces.colour import INK, WHITE, ink_on, luminance, readable


def test_light_colours_get_ink_and_dark_colours_white(content):
    by_id = {c.id: c.hex for c in content.game.colours}
    assert ink_on(by_id["yellow"]) == INK
    assert ink_on(by_id["red"]) == WHITE and ink_on(by_id["blue"]) == WHITE


def test_readable_darkens_only_light_colours():
    assert readable("#1f5fbf") == "#1f5fbf"
    darker = readable("#e0a800")
    assert darker != "#e0a800" and luminance(darker) < luminance("#e0a800")


def test_mix_is_the_colour_seen_through_opacity():
    from cardgen.render.faces.colour import mix

    assert mix("#ffffff", "#000000", 0.5) == "#808080"
    assert mix("#ffffff", "#b8560f", 0.92) == "#f9f1ec"  # 0.92 x 255 + 0.08 x 0x56 = 241
    assert mix("#123456", "#abcdef", 1.0) == "#123456"
