"""Where the bundled game and the templates live: package data, found with importlib.resources.

Why: a wheel installs ``cardgen/content`` and ``cardgen/templates`` beside the code,
so nothing may find them by walking up from a module's file to a source checkout.
cardgen is never imported from a zip (the renderer reads these folders as files), so
the traversable that :func:`importlib.resources.files` returns is a real folder.

>>> (bundled_path("content", "rail-journey") / "game.yaml").is_file()
True
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def bundled_path(*parts: str) -> Path:
    """The real path of a folder or file shipped inside the ``cardgen`` package."""
    return Path(str(files("cardgen").joinpath(*parts)))


#: The bundled game, used when a command is given no content folder.
DEFAULT_CONTENT = bundled_path("content", "rail-journey")

#: The only folder templates load from.
TEMPLATES_DIR = bundled_path("templates")
