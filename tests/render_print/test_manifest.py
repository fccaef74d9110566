"""manifest.json agrees with printing.yaml (rules 3.3) and with the files it points at."""

from __future__ import annotations

import json

import pypdf
import pytest

from .pdfcheck import page_text


def expected_counts(content, players: int) -> dict[str, int]:
    """Ruling: --players N prints by_players[N]; the default (largest) count prints full_set (rules 3.3 note)."""
    printing = content.printing
    row = printing.full_set if players == content.game.players.max else printing.by_players[players]
    shared = printing.shared
    return {
        "ticket": row.tickets,
        "operation": row.operation_sets * content.operation_set_size,
        "dispatch": row.dispatch,
        "event": row.events,
        "station_mat": row.station_mats,
        "train_token": row.train_tokens,
        "wait_track": row.wait_tracks,
        "track_map": shared.track_map,
        "timetable_track": shared.timetable_track,
        "quick_reference": shared.quick_reference,
        "score_sheet": shared.score_sheet,
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_counts_follow_printing_yaml(players, content, build_subset, full_build):
    out = full_build[0] if players == 5 else build_subset(players=players)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    for kind, count in expected_counts(content, players).items():
        assert manifest["counts"][kind] == count, kind
    fronts = sum(n for kind, n in manifest["counts"].items() if kind != "card_back"
                 and any(c["kind"] == kind and c["file"] == f"{kind}.pdf" for c in manifest["components"]))
    card_fronts = sum(manifest["counts"][k] for k in ("ticket", "operation", "dispatch", "event"))
    assert manifest["counts"]["card_back"] == card_fronts <= fronts  # every card printed has a back


def test_components_point_at_the_page_where_they_appear(full_build, manifest, content):
    out, _ = full_build
    assert sorted(manifest["files"]) == manifest["files"]
    for name in manifest["files"]:
        assert (out / name).is_file(), name
    pages = {f: len(pypdf.PdfReader(out / f).pages) for f in {c["file"] for c in manifest["components"]}}
    for component in manifest["components"]:
        assert 1 <= component["page"] <= pages[component["file"]], component
        assert (out / "png" / f"{component['id']}.png").is_file()
    for ticket in content.tickets:
        entry = next(c for c in manifest["components"] if c["id"].endswith(f"{ticket.origin}-{ticket.destination}"))
        assert entry["copies"] == ticket.copies
        text = page_text(out / entry["file"], entry["page"] - 1)
        assert content.stations[ticket.destination].name("zh") in text
