"""A pack layers over Horseless Carriage through the same reader as over any game (cardgen.model.layered)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.errors import ContentError
from cardgen.games.horseless_carriage.model import CONTENT, load_content


def pack_over_the_game(tmp_path: Path, game_yaml: str) -> Path:
    pack = tmp_path / "longer"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: longer\nname: {zh: 加长, en: Longer}\nversion: 1\nbase: horseless-carriage\n"
                                    "mark: L\n", encoding="utf-8")
    (pack / "game.yaml").write_text(game_yaml, encoding="utf-8")
    return pack


def test_a_pack_changes_a_value_and_keeps_the_rest(tmp_path):
    content = load_content(pack_over_the_game(tmp_path, "years: 8\n"))
    assert content.game.years == 8
    assert content.game.players == load_content(CONTENT).game.players
    assert content.pack is not None and content.pack.id == "longer" and content.game_folder == CONTENT.resolve()


def test_a_packs_bad_value_is_located_in_the_packs_file(tmp_path):
    with pytest.raises(ContentError) as caught:
        load_content(pack_over_the_game(tmp_path, "years: 8\nbrand_markers: many\n"))
    assert [p.headline() for p in caught.value.problems] == [
        "longer/game.yaml:2:16: brand_markers: expected a whole number, got text 'many'"]
