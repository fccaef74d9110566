"""Without WeasyPrint's system libraries (Pango) every command but ``build`` works, and ``build`` says
what to install (issue 9 item 5).

A subprocess makes ``import weasyprint`` raise the OSError cffi raises when libpango is missing,
runs each command in that process, and records whether anything tried to import weasyprint.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

MISSING_PANGO = ("cannot load library 'libpango-1.0-0': libpango-1.0-0: cannot open shared object file: "
                 "No such file or directory")

SHIM = r"""
import json, sys

attempts = []

class NoPango:
    '''A machine without libpango: importing weasyprint fails as cffi's dlopen fails there.'''
    def find_spec(self, name, path=None, target=None):
        if name == "weasyprint" or name.startswith("weasyprint."):
            attempts.append(name)
            raise OSError(MISSING)
        return None

sys.meta_path.insert(0, NoPango())
from typer.testing import CliRunner
from cardgen.cli import app

results = []
for args in json.loads(sys.argv[1]):
    before = len(attempts)
    result = CliRunner().invoke(app, args)
    results.append({"args": args, "code": result.exit_code, "output": result.output,
                    "exception": repr(result.exception) if result.exit_code not in (0, 1, 2) else None,
                    "imported_weasyprint": len(attempts) > before})
print(json.dumps(results))
"""


def run_without_pango(*commands: list[str]) -> list[dict]:
    shim = SHIM.replace("MISSING", repr(MISSING_PANGO))
    proc = subprocess.run([sys.executable, "-c", shim, json.dumps(list(commands))], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


@pytest.mark.slow  # one subprocess playing games: about 5 s of CPU
def test_every_command_but_build_runs_without_pango_and_build_says_what_to_install(tmp_path):
    out = tmp_path / "out"
    spec = tmp_path / "spec.yaml"
    spec.write_text("games: 10\naxes:\n  players: [3, 4]\n", encoding="utf-8")
    validate, simulate, replay, tables, sweep, cache, build = run_without_pango(
        ["validate"],
        ["simulate", "--players", "4", "--games", "20"],
        ["replay", "games/sample-4p.yaml"],
        ["tables", "--games", "0"],
        ["sweep", str(spec)],
        ["cache", "info"],
        ["build", "--out", str(out)],
    )
    for ran in (validate, simulate, replay, tables, sweep, cache):
        assert (ran["code"], ran["exception"], ran["imported_weasyprint"]) == (0, None, False), ran
    assert "valid" in validate["output"] and "winner" in replay["output"]
    assert build["code"] == 1 and build["exception"] is None
    assert build["output"] == (
        f"cardgen build: WeasyPrint cannot load its system libraries ({MISSING_PANGO}).\n"
        "Install them with scripts/install-system-packages (in a source checkout), or on Debian: "
        "sudo apt-get install libpango-1.0-0 libpangoft2-1.0-0 fontconfig\n"
        "Every other command (validate, simulate, replay, tables, sweep) works without them; nothing written.\n")
    assert not out.exists()
