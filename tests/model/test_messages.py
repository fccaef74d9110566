"""Schema errors read as plain sentences: what was expected, what was found, and a likely fix."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cardgen.model.load import Located, schema_problems
from cardgen.model.schema import FILES
from cardgen.model.source import parse_text

MAP_HEAD = "cells: {min: 0, max: 2}\nsection_capacity_per_line: 1\ndouble_track: true\n"
LINE = "lines: [{id: up, direction: right, name: {zh: 上, en: Up}, colour: '#000000'}]\n"
TWO_STATIONS = ("stations: [{id: S1, cell: 0, icon: x, name: {zh: 一, en: One}},"
                " {id: S2, cell: 2, icon: x, name: {zh: 二, en: Two}}]\n")
SECTION = "sections: [{id: T1, cell: 1, between: [S1, S2]}]\n"


def problems(stem: str, text: str) -> list[str]:
    data, smap = parse_text(f"{stem}.yaml", text)
    try:
        FILES[stem].model_validate(data)
    except ValidationError as exc:
        return [p.headline() for p in schema_problems(exc, data, stem, Located({stem: smap}))]
    return []


@pytest.mark.parametrize("stem, text, expected", [
    ("map", MAP_HEAD + LINE + "terminals: []\n" + TWO_STATIONS + SECTION, []),
    ("map", MAP_HEAD.replace("true", "'yes'") + LINE + "terminals: []\n" + TWO_STATIONS + SECTION,
     ["map.yaml:3:15: double_track: expected true or false, got text 'yes'"]),
    ("map", MAP_HEAD + LINE + "terminals: S1\n" + TWO_STATIONS + SECTION,
     ["map.yaml:5:12: terminals: expected a list, got text 'S1'"]),
    ("map", MAP_HEAD + "lines: []\nterminals: []\n" + TWO_STATIONS + SECTION,
     ["map.yaml:4:8: lines: must have at least 1 item, got 0"]),
    ("map", MAP_HEAD + LINE + "terminals: []\n" + TWO_STATIONS + "sections: [{id: T1, cell: 1, between: [S1, S2, S1]}]\n",
     ["map.yaml:7:39: sections.0.between: must have at most 2 items, got 3"]),
    ("map", MAP_HEAD + LINE + "terminals: ['S 1']\n" + TWO_STATIONS + SECTION,
     ["map.yaml:5:13: terminals.0: expected an id: letters, digits, '_', '.' or '-', starting with a letter or digit, "
      "got text 'S 1'"]),
    ("map", MAP_HEAD + LINE + "terminals: []\n" + TWO_STATIONS.replace("icon: x, name: {zh: 一", "icon: '', name: {zh: 一")
     + SECTION, ["map.yaml:6:36: stations.0.icon: must not be empty"]),
    ("map", MAP_HEAD + LINE + "terminals: []\n" + TWO_STATIONS + "sections: [T1]\n",
     ["map.yaml:7:12: sections.0: expected a mapping of keys, got text 'T1'"]),
    ("map", MAP_HEAD + LINE + "terminals: []\n" + TWO_STATIONS + SECTION + "stattions: []\n",
     ["map.yaml:8:1: stattions: unknown key 'stattions'; did you mean 'stations'?"]),
    ("map", MAP_HEAD + LINE + "terminals: []\n" + TWO_STATIONS + SECTION + "zzz: 1\n",
     ["map.yaml:8:1: zzz: unknown key 'zzz'"]),
    ("fares", "spans: {1: {fare: 2, slack: 0}}\n", ["fares.yaml:1:29: spans.1.slack: must be at least 1, got the number 0"]),
    ("fares", "spans: {0: {fare: 2, slack: 1}}\n", ["fares.yaml:1:9: spans.0: must be at least 1, got the number 0"]),
    ("fares", "spans: {1: {fare: 2.5, slack: 1}}\n", ["fares.yaml:1:19: spans.1.fare: expected a whole number, got the number 2.5"]),
    ("fares", "spans: {1: {fare: 2, slack: 1, freight: null}}\n",
     ["fares.yaml:1:41: spans.1.freight: expected true or false, got nothing (null)"]),
])
def test_friendly_schema_messages(stem, text, expected):
    assert problems(stem, text) == expected


def test_number_bounds_name_the_limit():
    assert problems("game", "card_size_mm: {width: 5, height: 900}\n")[-2:] == [
        "game.yaml:1:23: card_size_mm.width: must be more than 20, got the number 5",
        "game.yaml:1:34: card_size_mm.height: must be at most 300, got the number 900",
    ]


@pytest.mark.parametrize("text, hint", [
    ("a:\n  en: Bonus: trains go\n", True),     # a colon and a space inside an unquoted text
    ("a: {zh: 好, en: Fine: sunny}\n", True),  # the same in a flow mapping
    ("name: foo\n  bar: 1\n", False),           # bad indentation raises the same error: no quoting hint
])
def test_a_colon_in_an_unquoted_text_is_named_and_bad_indentation_is_not(tmp_path, text, hint):
    from cardgen.model.source import YamlSourceError, load_file

    path = tmp_path / "a.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(YamlSourceError) as info:
        load_file(path)
    assert ("must be quoted" in info.value.problem.message) == hint, info.value.problem.message
