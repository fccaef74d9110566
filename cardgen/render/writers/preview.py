"""index.html: the offline preview, with the font files and licences it references."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path

from cardgen.render.fonts.stack import font_licences
from cardgen.render.writers.stage import Stage


def write_preview(stage: Stage, html: str, font_files: Sequence[Path]) -> None:
    stage.write("index.html", html.encode("utf-8"))
    (stage.folder / "fonts").mkdir(exist_ok=True)
    for font in font_files:
        shutil.copyfile(font, stage.folder / "fonts" / Path(font).name)
        stage.manifest.files.append(f"fonts/{Path(font).name}")
    for name, text in sorted(font_licences().items()):
        stage.write(f"fonts/{name}", text)
