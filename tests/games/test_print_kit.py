"""The print kit names no game: nothing under cardgen/render imports a game's model, engine or package.

The kit (imposition, PDF, fonts, images, cache, writers, preview, the face renderer and fit check) may use
the YAML kit (positions, messages, content folders named in files), the game registry, and cardgen's shared
modules; a game reaches it only through cardgen.render.edition.Edition. The command-line front ends that
live beside it (``*_command.py``) are the command line, not the kit.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cardgen

KIT = Path(cardgen.__file__).parent / "render"
#: What the kit may import from cardgen outside itself.
ALLOWED = {
    "cardgen.errors", "cardgen.printable", "cardgen.atomic", "cardgen.progress", "cardgen.languages",
    "cardgen.problems", "cardgen.placeholders", "cardgen.templating", "cardgen.resources",
    "cardgen.games", "cardgen.games.game",                                          # the registry, not a game
    "cardgen.model.source", "cardgen.model.messages", "cardgen.model.places",       # the YAML kit
    "cardgen.model.located", "cardgen.model.basic",
}


def imports_of(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] if node.module != "cardgen" else [f"cardgen.{a.name}" for a in node.names]
            found += [(node.lineno, name) for name in names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return found


def test_the_print_kit_imports_no_game():
    wrong = [f"{path.relative_to(KIT.parent)}:{line}: {name}"
             for path in sorted(KIT.rglob("*.py")) if not path.name.endswith("_command.py")
             for line, name in imports_of(path)
             if name.startswith("cardgen.") and not name.startswith("cardgen.render") and name not in ALLOWED]
    assert wrong == []


def test_the_check_sees_a_game_import(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from cardgen.model.content import Content\n")
    assert imports_of(module) == [(2, "cardgen.model.content")]
