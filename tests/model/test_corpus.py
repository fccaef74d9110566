"""The broken-content corpus: each case's exact messages and locations (see tests/corpus/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardgen.model import validate

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "case.yaml").is_file())


def apply_case(pack, case: dict) -> None:
    for edit in case["edits"]:
        if edit["new"] is None:
            pack.path(edit["file"]).unlink()
        elif "old" not in edit:
            pack.write(edit["file"], edit["new"])
        else:
            pack.edit(edit["file"], edit["old"], edit["new"])


def test_corpus_is_not_empty():
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", CASES)
def test_corpus_case(pack, name):
    case = yaml.safe_load((CORPUS / name / "case.yaml").read_text(encoding="utf-8"))
    apply_case(pack, case)
    report = validate(pack.root)
    assert [p.headline() for p in report.problems] == case["expected"], case["why"]
    assert not report.ok and report.content is None
