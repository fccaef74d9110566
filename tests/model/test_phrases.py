"""A kind without `text:` prints the text its effects generate, in zh and en (cardgen/model/phrases.py, issue 23)."""

from __future__ import annotations

import re

import pytest

from cardgen.model import load
from cardgen.model.phrases import card_text, generated
from cardgen.model.schema import DispatchKind, EventKind


@pytest.fixture(scope="module")
def base():
    return load()


@pytest.fixture(scope="module")
def onsen():
    return load("onsen-line")


def _kind(content, kinds, kind_id):
    return next(k for k in kinds if k.id == kind_id)


def test_a_plain_effect_reads_as_a_sentence_in_both_languages(base):
    kind = _kind(base, base.events.kinds, "fine_weather")
    assert generated(base, kind, "zh") == "本轮每列车推进力 R +1。"
    assert generated(base, kind, "en") == "This round, R +1 for every train."


def test_an_operation_card_starts_with_its_propulsion_and_its_cases(onsen):
    kind = _kind(onsen, onsen.operations.kinds, "switchback")
    assert generated(onsen, kind, "zh") == "推进 1（编成不超过 2 时推进 2）。本轮你的列车待避值 W +1。"
    assert generated(onsen, kind, "en") == ("Advance 1 (2 when carrying 2 or fewer places). "
                                            "This round, wait value W +1 for your train.")


def test_a_conditioned_effect_names_its_conditions(onsen):
    kind = _kind(onsen, onsen.events.kinds, "mountain_wind")
    assert generated(onsen, kind, "zh") == "本轮位于区间内、向右行驶、其玩家得分至少 20 的列车推进力 R −1（最低 0）。"
    assert generated(onsen, kind, "en") == ("This round, R −1 for trains in a section, heading right, of players on "
                                            "20+ points (never below 0).")
    banking = _kind(onsen, onsen.dispatch.kinds, "banking_engine")
    assert generated(onsen, banking, "en") == ("This round, R +3 for your train (if carrying 6 or more "
                                               "places and revealing Local or Rapid).")


def test_a_lasting_effect_says_how_long(onsen):
    chains = _kind(onsen, onsen.events.kinds, "snow_chains")
    assert generated(onsen, chains, "zh") == "本轮起 2 轮内，每列车上客时编成上限 −3。"
    assert generated(onsen, chains, "en") == "For 2 rounds, this one included, every train boards with a composition cap −3."
    carriage = _kind(onsen, onsen.dispatch.kinds, "extra_carriage")
    assert generated(onsen, carriage, "zh") == "直到下次停靠（含本轮），你的列车上客时编成上限 +2。"
    assert generated(onsen, carriage, "en") == "Your train boards with a composition cap +2 until its next stop, this round's included."


def test_effects_that_last_as_long_say_it_once(onsen):
    bypass = _kind(onsen, onsen.dispatch.kinds, "snowplough")
    assert generated(onsen, bypass, "en") == "This round, a closed section is open to your train; R +1 for your train."
    assert generated(onsen, bypass, "zh") == "本轮封闭的区间对你的列车开放；你的列车推进力 R +1。"


def test_a_targeted_effect_names_the_cards_target(onsen):
    crowd = _kind(onsen, onsen.events.kinds, "ski_crowd")
    card = onsen.events.track[8]
    assert generated(onsen, crowd, "zh", card) == "本轮在岭顶站：每次停靠最多装载 1 名旅客。"
    assert generated(onsen, crowd, "en", card) == "This round, at Summit: boarding is limited to 1 per stop."
    assert generated(onsen, crowd, "en") == "This round, at the card's station: boarding is limited to 1 per stop."
    rockfall = _kind(onsen, onsen.events.kinds, "rockfall")
    assert generated(onsen, rockfall, "zh", onsen.events.track[5]) == "本轮 T5 区间封闭（上下行都不能进）。"


def test_a_chosen_train_and_a_picked_pile(base):
    gift = DispatchKind.model_validate({
        "id": "gift", "icon": "🎁", "copies": 1, "timing": "after_movement", "name": {"zh": "礼", "en": "Gift"},
        "timing_text": {"zh": "移动后", "en": "After your move"},
        "effects": [{"type": "wait_gain", "amount": 1, "train": "chosen", "range": 2}]})
    assert generated(base, gift, "en") == "This round, wait value W +1 for a train you pick within 2 cells of yours."
    assert generated(base, gift, "zh") == "本轮你的列车 2 格内你选的一列车待避值 W +1。"
    fair = gift.model_copy(update={"timing": "any_time",
                                   "effects": [base.events.kinds[2].effects[0]]})   # festival's platform_extra
    assert generated(base, fair, "en") == "The platform queue at the station whose pile you pick gets 2 extra tickets."


def test_the_designers_text_wins_and_without_it_the_card_prints_the_generated_one(base):
    kind = _kind(base, base.events.kinds, "rainstorm")
    assert card_text(base, kind, "en") == "Every train's propulsion R is −1 this round (never below 0)."
    plain = kind.model_copy(update={"text": None})
    assert card_text(base, plain, "en") == "This round, R −1 for every train (never below 0)."
    assert isinstance(plain, EventKind)


@pytest.mark.parametrize("target", [None, "onsen-line", "harbour-festival"])
def test_every_bundled_kind_reads_without_a_placeholder_or_none(target):
    content = load(target)
    owners = [(k, None) for k in (*content.operations.kinds, *content.dispatch.kinds, *content.events.kinds)]
    owners += [(content.event_kinds[card.kind], card) for _, card in content.event_track]
    for kind, card in owners:
        for lang in ("zh", "en"):
            text = generated(content, kind, lang, card)
            assert text and not re.search(r"[{}]|None", text), (kind.id, lang, text)
            assert text.endswith("。" if lang == "zh" else "."), (kind.id, lang, text)


def test_a_section_picked_after_the_move():
    harbour = load("harbour-festival")
    parade = _kind(harbour, harbour.dispatch.kinds, "float_parade")
    assert generated(harbour, parade, "en") == ("This round, a section you pick within 2 cells of your train "
                                                "is closed (both lines) to every train still to move.")
    assert generated(harbour, parade, "zh") == "本轮你的列车 2 格内你选的一个区间对还未移动的列车封闭（上下行都不能进）。"


def test_the_trains_in_an_event_cards_section_and_tickets_moved_at_a_stop():
    harbour = load("harbour-festival")
    crossing = _kind(harbour, harbour.events.kinds, "crowd_crossing")
    assert generated(harbour, crossing, "en") == "This round, R −2 for every train in the card's section (never below 0)."
    card = next(card for _, card in harbour.event_track if card.kind == "crowd_crossing")
    assert generated(harbour, crossing, "zh", card) == f"本轮 {card.section} 区间里的每列车推进力 R −2（最低 0）。"
    transfer = _kind(harbour, harbour.dispatch.kinds, "transfer")
    assert generated(harbour, transfer, "en") == ("Up to 2 tickets aboard your train going farthest step onto the "
                                                  "platform where it stops, keeping their boarding time.")


def test_show_prints_the_written_and_the_generated_text():
    from typer.testing import CliRunner

    from cardgen.cli import app
    result = CliRunner().invoke(app, ["show", "onsen-line", "event", "--text"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = lines.index("  snow_chains")
    assert lines[at:at + 5] == [
        "  snow_chains",
        "    written zh:   本轮和下一轮（共 {lasts} 轮）上客时编成上限 {amount:+}。",
        "    generated zh: 本轮起 2 轮内，每列车上客时编成上限 −3。",
        "    written en:   For {lasts} rounds, this one and the next, the composition cap is {amount:+} for boarding.",
        "    generated en: For 2 rounds, this one included, every train boards with a composition cap −3.",
    ]
    at = lines.index("  heavy_snow  (no text: prints the generated one)")
    assert lines[at + 1:at + 3] == [
        "    generated zh: 本轮编成至少 5 的列车推进力 R −2（最低 0）。",
        "    generated en: This round, R −2 for trains carrying 5 or more places (never below 0).",
    ]
    refused = CliRunner().invoke(app, ["show", "ticket", "--text"])
    assert refused.exit_code == 2
    assert "--text shows the kinds that print a text: operation, dispatch, event" in refused.output


def _without_texts(path):
    """``path`` (a kinds file) with every kind's ``text:`` removed, so its cards print the generated text."""
    out, skip = [], None
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        indent = len(line) - len(line.lstrip())
        if skip is not None and line.strip() and indent > skip:
            continue
        skip = None
        if re.match(r"\s+text:", line):
            skip = indent
            continue
        out.append(line)
    path.write_text("".join(out), encoding="utf-8")


@pytest.mark.parametrize("bundled", ["onsen-line", "harbour-festival"])
def test_generated_texts_fit_the_faces_a_pack_prints(tmp_path, bundled):
    """The pack's validation lays out every face it changes in zh and en and refuses text that overflows."""
    import shutil

    from typer.testing import CliRunner

    from cardgen.cli import app
    from cardgen.resources import DEFAULT_CONTENT
    shutil.copytree(DEFAULT_CONTENT, tmp_path / "rj")
    shutil.copytree(DEFAULT_CONTENT.parent / "packs" / bundled, tmp_path / "pack")
    for folder in ("rj", "pack"):
        for name in ("operations.yaml", "dispatch.yaml", "events.yaml"):
            if (tmp_path / folder / name).exists():
                _without_texts(tmp_path / folder / name)
    pack = tmp_path / "pack" / "pack.yaml"
    pack.write_text(pack.read_text(encoding="utf-8").replace("base: rail-journey", "base: ../rj")
                    .replace(f"id: {bundled}", "id: generated-texts"), encoding="utf-8")
    assert "text:" not in (tmp_path / "pack" / "events.yaml").read_text(encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(tmp_path / "pack")])
    assert result.exit_code == 0, result.output
