"""Where a content folder named inside a shared file may be: a bundled id, or a folder in the file's own tree.

Why: a pack's ``base:``, a replay script's ``content:`` and a sweep spec's
``content:`` come from other people. Followed blindly, ``../../../../etc`` or a
link to ``/etc`` makes cardgen read (and ``--watch`` walk) folders the file's
author has no business naming. So a named folder must be a bundled game or pack
id, or a folder that lies, once every link is resolved, inside the tree the file's
folder lives in (:func:`tree`): a pack's siblings and what is below them, or the
folders beside a script's or a spec's folder (``content: ../my-pack``).
"""

from __future__ import annotations

from pathlib import Path

from cardgen.resources import DEFAULT_CONTENT, bundled_path

#: Where bundled games and bundled packs live (``base: rail-journey`` names one of them).
BUNDLED_GAMES = bundled_path("content")
BUNDLED_PACKS = bundled_path("content", "packs")


class Refused(Exception):
    """A named folder that may not be read; the message says why (the caller adds where it is written)."""


def bundled_ids() -> list[str]:
    """Every bundled game and pack id, sorted."""
    return sorted(p.name for root in (BUNDLED_GAMES, BUNDLED_PACKS) if root.is_dir()
                  for p in root.iterdir() if p.is_dir() and p.name != "packs")


def bundled(written: str) -> Path | None:
    """The bundled game or pack ``written`` names by id, or None (a path is never an id)."""
    plain_id = "/" not in written and "\\" not in written and not written.startswith(".")
    if plain_id and written != "packs":
        for root in (BUNDLED_GAMES, BUNDLED_PACKS):
            if (root / written).is_dir():
                return (root / written).resolve()
    return None


def content_folder(name: Path | str | None) -> Path:
    """The folder a command's content argument names. Why: ``base: rail-journey`` names a bundled game, so
    ``cardgen diff rail-journey my-pack`` should too. None is the bundled game; a path that exists (from the
    current folder) wins over a bundled id of the same name; else a bundled game or pack of that id; else the
    path as given (validation reports it not found)."""
    if name is None:
        return DEFAULT_CONTENT
    path = Path(name)
    if path.exists():
        return path
    return bundled(str(name)) or path


def named_from(written: str, start: Path, what: str) -> Path | None:
    """The folder a shared file written in ``start`` names: a bundled game or pack id first, else a folder
    relative to ``start`` inside its :func:`tree`; None when there is none, :class:`Refused` outside the tree.
    ``what`` names the field in a refusal (``base``, ``content``)."""
    return bundled(written) or inside(written, start, tree(start), what)


def tree(folder: Path) -> Path:
    """The tree a folder named from ``folder`` must lie in: the folder holding it, links resolved."""
    return Path(folder).resolve().parent


def inside(written: str, start: Path, tree: Path, what: str) -> Path | None:
    """The folder ``written`` names relative to ``start``, resolved, or None when there is none.

    :class:`Refused` when it lies outside ``tree`` (links resolved) or cannot be looked at.
    ``what`` names the field in the message (``base``, ``content``).

    >>> import tempfile; root = Path(tempfile.mkdtemp()).resolve(); (root / "a").mkdir(); (root / "b").mkdir()
    >>> inside("../b", root / "a", root, "base") == root / "b"
    True
    >>> inside("../../../../../../../../etc", root / "a", root, "base")
    Traceback (most recent call last):
    ...
    cardgen.model.places.Refused: base '../../../../../../../../etc' is /etc, outside ...
    """
    tree = Path(tree).resolve()
    try:
        folder = (Path(start) / written).resolve()
    except (ValueError, OSError) as exc:  # a NUL byte, a link loop: no folder can be named so
        raise Refused(f"{what} '{written}' cannot name a folder ({exc})") from None
    if folder != tree and not folder.is_relative_to(tree):
        raise Refused(f"{what} '{written}' is {folder}, outside {tree}: name a bundled game or pack by id, "
                      f"or a folder under {tree} (links out of it are not followed)")
    try:
        return folder if folder.is_dir() else None
    except OSError as exc:
        raise Refused(f"{what} '{written}': cannot read {folder} ({exc.strerror or exc})") from None
