"""Replace one file so that no reader ever sees half of it: the one file writer every cardgen module uses.

The bytes go to a temporary file beside the target (same folder, so the rename never crosses a file
system), then ``os.replace`` swaps it in; a failure removes the temporary file and leaves the old
file as it was. Folders written whole (the build's output, a new pack) are swapped by their own
modules (:mod:`cardgen.render.output`, :mod:`cardgen.model.scaffold`): they stage many files.

>>> import tempfile; from pathlib import Path
>>> target = Path(tempfile.mkdtemp()) / "report.html"
>>> replace_file(target, b"<p>ok</p>"); target.read_bytes()
b'<p>ok</p>'
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def temporary_beside(path: Path) -> Path:
    """A hidden name in ``path``'s folder that no other writer picks: ``.tmp-PID-RANDOM``."""
    return Path(path).parent / f".tmp-{os.getpid()}-{secrets.token_hex(8)}"


def replace_file(path: Path, data: bytes, *, temporary: Path | None = None, mode: int = 0o666) -> None:
    """Write ``data`` at ``path`` atomically, through ``temporary`` (default :func:`temporary_beside`).

    ``mode`` is the new file's permission bits before the umask: 0o666 gives what ``open`` gives,
    0o600 keeps the file private (a cache shared by nobody else).
    """
    path = Path(path)
    tmp = temporary if temporary is not None else temporary_beside(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
