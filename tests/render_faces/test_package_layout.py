"""The render package's layout: one Jinja environment, subpackages without import circles."""

import ast
from pathlib import Path

import cardgen

ROOT = Path(cardgen.__file__).parent


def _modules() -> dict[str, ast.Module]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        name = ".".join(("cardgen", *path.relative_to(ROOT).with_suffix("").parts)).removesuffix(".__init__")
        out[name] = ast.parse(path.read_text(encoding="utf-8"))
    return out


def _imports(modules: dict[str, ast.Module]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, tree in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    graph[name].add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                graph[name].update(a.name for a in node.names)
    return {name: {m for m in found if m in modules} for name, found in graph.items()}


def test_one_jinja_environment_is_constructed():
    made = [name for name, tree in _modules().items() for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Environment"]
    assert made == ["cardgen.templating"]


def _cycle_from(graph: dict[str, set[str]], start: str) -> list[str] | None:
    path, seen = [start], set()

    def walk(node: str) -> list[str] | None:
        for nxt in sorted(graph[node]):
            if nxt == start:
                return path + [start]
            if nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                found = walk(nxt)
                if found:
                    return found
                path.pop()
        return None

    return walk(start)


def test_render_modules_import_no_circle():
    graph = _imports(_modules())
    render = {name for name in graph if name.startswith("cardgen.render")}
    cycles = [c for name in sorted(render) if (c := _cycle_from(graph, name))]
    assert cycles == []


def test_render_subpackages_depend_one_way():
    """faces, fonts, sheets, pdf and images never import the pipeline (build) or the writers."""
    graph = _imports(_modules())
    upward = sorted((name, target) for name, targets in graph.items()
                    for target in targets
                    if name.startswith(("cardgen.render.faces", "cardgen.render.fonts", "cardgen.render.sheets",
                                        "cardgen.render.pdf", "cardgen.render.images"))
                    and target.startswith(("cardgen.render.build", "cardgen.render.writers")))
    assert upward == []


#: The game seam's modules: every game imports them (cardgen.games).
REGISTRY = {"cardgen.games.game", "cardgen.games.dispatch", "cardgen.games.standard"}


def test_no_subpackage_imports_a_module_of_the_package_above_it():
    """A module of render/ or engine/ sits above its subpackages (the pipeline, the commands): the
    subpackages import down or sideways, never back up. The engine's native.py, which chooses the compiled
    or the pure modules before any is imported, is the one module everything may ask which kernel runs.
    A game package stands on the registry it registers with (games/game.py, dispatch.py, standard.py), as a game
    in a pip package of its own does: those are the seam below every game, not a layer above it."""
    graph = _imports(_modules())
    files = {name for name in graph if name.count(".") == 2 and not (ROOT / name.split(".", 1)[1].replace(".", "/")).is_dir()}
    upward = sorted((name, target) for name, targets in graph.items() for target in targets
                    if name.count(".") >= 3 and target in files and target.rsplit(".", 1)[0] == name.rsplit(".", 2)[0]
                    and target != "cardgen.engine.native" and target not in REGISTRY)
    assert upward == []


def test_report_uses_the_shared_environment():
    from cardgen.templating import environment

    assert environment().loader.searchpath == [str(ROOT / "templates")]
