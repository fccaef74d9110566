"""``cardgen serve``'s rebuild after a save, in the order the designer sees it: the page first, the print set after.

Why this order: the preview shows the faces' HTML, which the content gives in a
fraction of a second, while laying faces out and writing every PDF, PNG and
Tabletop Simulator sheet takes seconds. So each rebuild (1) loads and checks the
content and designs the faces (a validation error goes to the page), (2) serves
the new page and names the faces that changed, (3) lays out the changed faces
(a face that does not fit goes to the page, and the page keeps showing it),
(4) writes the set as ``cardgen build`` does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.render.build import BuildReport, PlannedBuild, write_planned
from cardgen.render.faces.facekit import Face
from cardgen.render.serve.http import Site
from cardgen.render.serve.problems import error_message


def _shown(face: Face) -> tuple:
    """What the page shows of a face (its caption and fragment are not part of Face's equality)."""
    return face, face.body, face.caption


class Live:
    """Rebuilds and tells the page; ``plan`` plans a build, ``folders`` lists the content folders now."""

    def __init__(self, site: Site, plan: Callable[[], PlannedBuild], folders: Callable[[], Sequence[Path]],
                 built: Callable[[BuildReport], None], failed: Callable[[CardgenError], None]) -> None:
        self.site, self.plan, self.folders, self.built, self.failed = site, plan, folders, built, failed
        self.faces: dict[str, tuple] = {}

    def rebuild(self) -> int:
        """One rebuild; the exit code ``cardgen build`` would give (0 when the set was written)."""
        try:
            planned = self.plan()
        except CardgenError as exc:
            return self._fail(exc)
        now = {face.id: _shown(face) for face in planned.shown}
        changed = [face_id for face_id, shown in now.items() if self.faces.get(face_id) != shown]
        first = not self.faces
        self.faces = now
        self.site.show(planned.out, planned.preview, {"type": "faces", "ids": None if first else changed})
        try:
            laid_out = planned.renderer.render_batch(planned.shown)  # only the faces not in the cache are laid out
            self.site.publish({"type": "ok"})
            report = write_planned(planned, laid_out=laid_out)
        except CardgenError as exc:
            return self._fail(exc)
        self.built(report)
        return 0

    def _fail(self, exc: CardgenError) -> int:
        self.site.publish(error_message(exc, self.folders()))
        self.failed(exc)
        return exc.exit_code
