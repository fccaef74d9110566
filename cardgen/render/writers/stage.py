"""The staging folder every writer writes into."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardgen.render.cache import Memo
from cardgen.render.writers.manifest import Manifest


@dataclass
class Stage:
    """The staging folder a build writes into, its manifest, the cache memo and the progress callback."""

    folder: Path
    manifest: Manifest
    memo: Memo
    tick: Callable[[int, str], None]

    def write(self, relative: str, data: bytes) -> None:
        """Write ``data`` at ``relative`` and list it in the manifest."""
        path = self.folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.manifest.files.append(relative)
