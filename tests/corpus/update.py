"""Re-run every corpus case and rewrite its ``expected`` lines, printing what changed.

For when the bundled content moves a line: run, READ the printed diff (a
changed message is a behaviour change, not a line shift), then commit.

    python tests/corpus/update.py
"""

from __future__ import annotations

import difflib
import shutil
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cardgen.model import DEFAULT_CONTENT, validate  # noqa: E402
from tests.model.conftest import Pack  # noqa: E402
from tests.model.test_corpus import CORPUS, apply_case  # noqa: E402


def main() -> None:
    for case_file in sorted(CORPUS.glob("*/case.yaml")):
        case = yaml.safe_load(case_file.read_text(encoding="utf-8"))
        with tempfile.TemporaryDirectory() as tmp:
            pack = Pack(Path(tmp) / "pack")
            shutil.copytree(DEFAULT_CONTENT, pack.root)
            apply_case(pack, case)
            got = [p.headline() for p in validate(pack.root).problems]
        if got == case["expected"]:
            continue
        print(f"== {case_file.parent.name}")
        sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(case["expected"], got, lineterm=""))
        case["expected"] = got
        case_file.write_text(yaml.safe_dump(case, allow_unicode=True, sort_keys=False, width=200), encoding="utf-8")


if __name__ == "__main__":
    main()
