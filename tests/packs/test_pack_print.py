"""Printing a pack: only its new and changed faces, with its mark, on the base game's backs; diff and reprint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.model import load
from cardgen.model.pack import pack_info
from cardgen.games.rail_journey import reprint
from cardgen.games.rail_journey.printing import design_faces
from cardgen.render.build import BuildOptions, build
from cardgen.games.rail_journey.faces import design
from cardgen.resources import DEFAULT_CONTENT


@pytest.fixture
def small_pack(pack_dir):
    pack_dir.write("dispatch.yaml", "kinds:\n  change:\n    - {id: swap, name: {en: Passing Swap II}}\n")
    pack_dir.write("tickets.yaml", "kinds:\n  change:\n    - {id: S1-S2, copies: 5}\n    - {id: S2-S1, copies: 3}\n")
    return pack_dir


def test_diff_names_every_changed_face_and_field(small_pack):
    changes = {ch.id: ch for ch in reprint.compare(load(DEFAULT_CONTENT), load(small_pack.root))}
    assert changes["ticket-S1-S2"].fields == ("copies 4 -> 5",)
    assert changes["ticket-S2-S1"].fields == ("copies 4 -> 3",)
    assert changes["dispatch-swap"].fields == ("name.en Passing Swap -> Passing Swap II",)
    assert changes["back-ticket-S1"].fields == ("copies 11 -> 12",)
    assert "ticket-S1-S3" not in changes and "operation-red-local" not in changes
    assert {ch.change for ch in changes.values()} == {"changed"}


def test_diff_of_a_set_with_itself_is_empty():
    assert reprint.compare(load(), load()) == []


def test_pack_plan_prints_only_its_faces_with_mark_on_base_backs(small_pack):
    content = load(small_pack.root)
    faces, doc, take_out = design_faces(content, BuildOptions(lang="en"))
    fronts = [f for f in faces if f.kind != "card_back"]
    by_id = {f.id: f for f in fronts}
    assert by_id["ticket-S1-S2"].copies == 1            # only the extra copy
    assert "ticket-S2-S1" not in by_id                  # one fewer: taken out, not printed
    assert by_id["dispatch-swap"].copies == 5
    assert all('class="pack-mark"' in f.html for f in fronts)
    base_backs = {f.id: f for f in design.build_faces(load(), lang="en") if f.kind == "card_back"}
    for back in (f for f in faces if f.kind == "card_back"):
        assert back.html == base_backs[back.id].html    # they shuffle in unseen
        assert 'class="pack-mark"' not in back.html
    assert doc["pack"]["id"] == "test-pack"
    assert doc["pack"]["changed"]["dispatch"] == ["dispatch-swap"]
    assert doc["pack"]["added"] == {} and doc["pack"]["removed"] == {}
    assert ("ticket S2→S1", 1, "fewer copies") in take_out
    assert ("dispatch swap", 5, "replaced by the new card") in take_out


def test_with_base_marks_only_the_pack_faces(small_pack):
    content = load(small_pack.root)
    faces, _, _ = design_faces(content, BuildOptions(lang="en", with_base=True))
    marked = {f.id for f in faces if 'class="pack-mark"' in f.html}
    assert "dispatch-swap" in marked and "ticket-S1-S2" in marked
    assert "ticket-S1-S3" not in marked and len(faces) == len(design.build_faces(content, lang="en"))


@pytest.mark.parametrize("lang, name", [("en", "Bazaar"), ("zh", "集市站"), ("en", "Old Market"), ("zh", "老市场站")])
def test_a_renamed_station_reprints_every_card_that_prints_its_name(pack_dir, lang, name):
    """Renaming S3 printed the map, its mat and the quick reference only: ten tickets and an event kept
    saying Market in the box (also when the new name holds the old one: "Old Market"). A card whose face
    only shows more (a route strip with a new station) stays."""
    other = {"en": "Bazaar", "zh": "集市站"}
    names = {"en": other["en"], "zh": other["zh"], lang: name}
    pack_dir.write("map.yaml", f"stations: {{change: [{{id: S3, name: {{zh: {names['zh']}, en: {names['en']}}}}}]}}\n")
    content = load(pack_dir.root)
    faces, doc, take_out = design_faces(content, BuildOptions(lang=lang))
    names = {f.id for f in faces if f.kind == "ticket"}
    assert names == {f"ticket-{t.id}" for t in content.tickets if "S3" in (t.kind.origin, t.kind.destination)}
    assert "event-round-14" in {f.id for f in faces}  # the festival at S3
    assert len([why for _, _, why in take_out if why == "replaced by the new card"]) == len(names) + 1
    back = next(f for f in faces if f.id == "back-ticket-S3")  # every card of the S3 pile is new: so is its back
    assert name in back.html
    others = {f.id: f for f in design.build_faces(load(), lang=lang)}
    assert next(f for f in faces if f.id == "back-ticket-S1").html == others["back-ticket-S1"].html
    assert doc["pack"]["restyled"] == []


def test_changed_since_prints_only_what_differs(tmp_path):
    import shutil
    edited = tmp_path / "edited"
    shutil.copytree(DEFAULT_CONTENT, edited)
    text = (edited / "dispatch.yaml").read_text(encoding="utf-8")
    (edited / "dispatch.yaml").write_text(text.replace("Signal Priority", "Green Signal"), encoding="utf-8")
    faces, doc, _ = design_faces(load(edited), BuildOptions(lang="en", changed_since=str(DEFAULT_CONTENT)))
    # it names the card; the old copies are listed on a printed take-out page, as a pack's are
    assert [f.id for f in faces] == ["dispatch-signal_priority", "quick_reference", "back-dispatch", "take_out"]
    assert doc["changed_since"]["changed"] == {"dispatch": ["dispatch-signal_priority"], "quick_reference": ["quick_reference"]}


def test_build_a_pack_writes_its_own_folder_and_manifest(small_pack, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, ["build", str(small_pack.root), "--lang", "en", "--only", "dispatch"])
    assert result.exit_code == 0, result.output
    out = tmp_path / "output" / "test-pack"
    assert not (tmp_path / "output" / "rail-journey").exists()
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["pack"]["changed"]["ticket"] == ["ticket-S1-S2", "ticket-S2-S1"]
    assert manifest["counts"] == {"dispatch": 5, "card_back": 5}
    assert "take out of the box: 5 x dispatch swap (replaced by the new card)" in result.output
    assert "5 x dispatch swap (replaced by the new card)" in (out / "take-out-of-the-box.txt").read_text()


def test_diff_cli(small_pack):
    result = CliRunner().invoke(app, ["diff", str(DEFAULT_CONTENT), str(small_pack.root), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["by_kind"]["dispatch"] == {"added": [], "changed": ["dispatch-swap"], "removed": []}
    same = CliRunner().invoke(app, ["diff", str(DEFAULT_CONTENT), str(DEFAULT_CONTENT)])
    assert same.exit_code == 0 and ": 0 face(s) differ" in same.stdout
    bad = CliRunner().invoke(app, ["diff", str(DEFAULT_CONTENT), str(Path(small_pack.root) / "nope")])
    assert bad.exit_code == 1 and "content folder not found" in bad.output


def test_with_base_refused_for_a_plain_folder():
    from cardgen.errors import UsageError
    with pytest.raises(UsageError, match="--with-base is for a pack"):
        design_faces(load(), BuildOptions(with_base=True))


def test_the_pack_mark_keeps_the_safe_margin_from_the_cut(tmp_path):
    """The mark's circle sat 1 mm from the cut (its glyph 2.3 mm): a home cut 1 mm off clipped the mark
    that sorts the pack's cards out of the box again."""
    import pypdfium2 as pdfium

    from cardgen.render.faces.facekit import SAFE_MARGIN_MM

    sample = Path(DEFAULT_CONTENT).parent / "packs" / "onsen-line"
    out = tmp_path / "onsen-line"
    build(sample, BuildOptions(lang="en", only=("ticket",)), out=out, cache_dir=tmp_path / "cache")
    document = pdfium.PdfDocument(str(out / "onsen-line-print-shop-cards-63x88mm.pdf"))
    try:
        page = document[0]
        textpage = page.get_textpage()
        left, bottom, right, top = page.get_trimbox()
        marks = [textpage.get_charbox(i) for i in range(textpage.count_chars()) if textpage.get_text_range(i, 1) == pack_info(sample).mark]
        assert marks
        for x0, y0, x1, y1 in marks:
            assert min(x0 - left, right - x1, y0 - bottom, top - y1) >= (SAFE_MARGIN_MM - 0.5) * 72 / 25.4
    finally:
        document.close()


def test_the_last_cards_of_several_colours_share_a_sheet_without_touching():
    """The sample pack's five Switchback cards, one per player colour, took five sheets (one colour per sheet);
    they now share one, on slots that touch only at corners, and each back stays behind its front."""
    from cardgen.render.build import plan_sheets
    from cardgen.render.sheets.impose import _touching
    from cardgen.render.sheets.layout import PAPERS_MM, back_slot, card_grid, card_slots

    sample = Path(DEFAULT_CONTENT).parent / "packs" / "onsen-line"
    content = load(sample)
    faces, _, _ = design_faces(content, BuildOptions(lang="en"))
    sheets = plan_sheets(content.game.id, faces, BuildOptions(lang="en", only=("operation",)))["operation"]
    assert [sheet.side for sheet in sheets] == ["front", "back"]
    by_id = {f.id: f for f in faces}
    slots = card_slots(PAPERS_MM["a4"], 63.0, 88.0, 3.0)

    def slot_of(placement) -> int:  # the grid slot holding the placement's trim (its box less any bleed)
        centre = (placement.at[0] + placement.source.w / 2, placement.at[1] + placement.source.h / 2)
        return next(i for i, r in enumerate(slots) if r.x < centre[0] < r.right and r.y < centre[1] < r.top)

    front = {slot_of(p): by_id[p.face_id] for p in sheets[0].placements}
    assert len(front) == 5 and len({f.colour for f in front.values()}) == 5
    for a, fa in front.items():
        for b, fb in front.items():
            assert a == b or fa.colour == fb.colour or not _touching(slots[a], slots[b]), (a, b)
    backs = {slot_of(p): p.face_id for p in sheets[1].placements}
    grid = card_grid(PAPERS_MM["a4"], 63.0, 88.0, 3.0)
    assert {back_slot(slot, "long", grid): face.back for slot, face in front.items()} == backs
