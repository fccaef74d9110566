"""The quick reference is computed from the content: change the rules, the page follows."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
import weasyprint
import yaml

from cardgen.render.faces.renderer import wrapped
from cardgen.model import load
from cardgen.games.rail_journey.printing import design_faces
from cardgen.render.build import BuildOptions
from cardgen.games.rail_journey.faces.design import build_faces
from cardgen.render.faces.fit import check_layout, face_root, visible_text
from cardgen.games.rail_journey.faces.reference import cliff_rows
from cardgen.resources import DEFAULT_CONTENT, bundled_path

from .conftest import by_id


def _table(html: str, cls: str, index: int = 0) -> list[list[str]]:
    """The cells of the ``index``-th table of class ``cls``, row by row, as text."""
    body = re.findall(rf'<table class="{cls}">(.*?)</table>', html, re.S)[index]
    return [[visible_text(c).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def _reference(content, lang="en"):
    """The quick reference's HTML, keep_end's no-break spaces read as spaces."""
    return by_id(build_faces(content, lang=lang))["quick_reference"].html.replace("\xa0", " ")


def test_fare_table_follows_fares_yaml(edited, content):
    before = _table(_reference(content), "fares")
    assert before[1][:3] == ["1", "2", "3"]  # span 1: fare 2, slack 3 as in fares.yaml
    changed = edited(fares=lambda d: d["spans"][1].update(fare=3, slack=4))
    after = _table(_reference(changed), "fares")
    assert after[1][:3] == ["1", "3", "4"]
    assert after[1][4] == f"{3 / 2:.2f}"


def test_cliff_table_follows_the_propulsion_rule(edited, content):
    rows = _table(_reference(content), "cliff")
    assert [r[0] for r in rows[1:]] == ["0–2", "3–5", "6–8", "9"]
    changed = edited(game=lambda d: d["propulsion"].update(penalty_divisor=2))
    rows = _table(_reference(changed), "cliff")
    assert [r[0] for r in rows[1:]] == ["0–1", "2–3", "4–5", "6–7", "8–9"]
    assert "⌊N ÷ 2⌋" in _reference(changed)


def test_cliff_rows_match_the_formula(content):
    kinds = content.operations.kinds
    for row in cliff_rows(content):
        for n in range(row.low, row.high + 1):
            assert row.r == [content.propulsion(k.value, n) for k in kinds]


def test_scoring_and_end_follow_game_yaml(content):
    html = _reference(load(variant="hardcore"))
    assert "Highest L (all tied): −6" in html  # hardcore: worst delay costs 6
    assert "Highest L (all tied): −3" in _reference(content)
    assert "The game ends when the clock reaches 20" in _reference(content)


def test_phases_in_content_order(content):
    steps = re.search(r"<ol>(.*?)</ol>", _reference(content, "zh"), re.S)[1]
    items = [visible_text(li) for li in re.findall(r"<li>(.*?)</li>", steps, re.S)]
    assert items == [f"{p.name.zh} — {p.text.zh}" for p in content.strings.phases]


@pytest.mark.parametrize("pack", ["", "onsen-line", "harbour-festival"],
                         ids=["base", "sample pack with base", "second sample pack with base"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_quick_reference_prints_everything_on_one_page_at_6_pt_or_more(lang, pack):
    """Every row reaches the page (nothing cut off, overflowing or clipped), for the base game and
    each sample expansion merged with it; the face is the same for A4 and Letter."""
    folder = bundled_path("content", "packs", pack) if pack else DEFAULT_CONTENT
    faces, _, _ = design_faces(load(folder), BuildOptions(lang=lang, with_base=bool(pack)))
    face = by_id(faces)["quick_reference"]
    document = weasyprint.HTML(string=wrapped(face.html)).render()
    assert len(document.pages) == 1
    assert check_layout(document, face) == []
    sizes = set()

    def walk(box):
        if getattr(box, "text", "").strip():
            sizes.add(round(box.style["font_size"] * 0.75, 2))  # px -> pt
        for child in getattr(box, "children", ()):
            walk(child)

    walk(face_root(document.pages[0]))
    assert min(sizes) >= 6


def test_the_dispatch_counts_follow_the_player_count_printed():
    """--players 4 prints 8 dispatch cards (3/3/2, printing.yaml); the quick reference says so, not the full 5/5/5."""
    from cardgen.games.rail_journey.faces.cards import dispatch_copies, print_row

    content = load()
    for players in (2, 4, 5):
        faces = by_id(build_faces(content, lang="en", players=players))
        printed = [(k.id, n) for k, n in dispatch_copies(content, print_row(content, players))]
        assert [(f.id.removeprefix("dispatch-"), f.copies) for f in faces.values() if f.kind == "dispatch"] == printed
        rows = _table(faces["quick_reference"].html.replace("\xa0", " "), "cards", index=1)
        assert [r[1].rsplit("×", 1)[1] for r in rows] == [str(n) for _, n in printed], players


def test_every_event_effect_has_a_formula_with_its_load_condition():
    """The quick reference's event track shows each event by its formula: a pack's Snow Chains (capacity) and
    Onsen Festival (platform size) showed nothing, and Heavy Snow's R −2 lost its 'trains carrying 5 or more'."""
    from cardgen.model.effects import BY_NAME, EVENT
    from cardgen.games.rail_journey.faces.formulas import effect_formula

    for name, primitive in BY_NAME.items():
        if EVENT in primitive.TIMINGS:
            example = primitive.model_validate(yaml.safe_load(primitive.EXAMPLE))
            assert effect_formula(example, SimpleNamespace(station="S2", section="T3"), label=str.upper), name
    heavy_snow = BY_NAME["propulsion"].model_validate({"type": "propulsion", "amount": -2, "min_load": 5})
    assert effect_formula(heavy_snow) in ("R -2 (N ≥ 5)", "R −2 (N ≥ 5)")
    light = BY_NAME["propulsion"].model_validate({"type": "propulsion", "amount": 1, "max_load": 4})
    assert effect_formula(light).endswith(" (N ≤ 4)")
