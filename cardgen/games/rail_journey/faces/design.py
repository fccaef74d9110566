"""Every distinct printed face of a set, as standalone one-page HTML documents.

This is the renderer's contract with the print pipeline: :func:`build_faces`
returns one :class:`Face` per distinct design (with how many copies to print
and which back it takes).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cardgen.errors import UsageError
from cardgen.model.content import Content
from cardgen.languages import LANGS
from cardgen.games.rail_journey.faces import boards
from cardgen.games.rail_journey.faces import cards
from cardgen.games.rail_journey.faces.palette import palette_of
from cardgen.games.rail_journey.faces.words import Words
from cardgen.render.components.declared import GameContext, declared_faces
from cardgen.render.components.schema import load_components
from cardgen.render.faces.facekit import Face, FaceMaker
from cardgen.resources import TEMPLATES_DIR

__all__ = ["LANGS", "Face", "build_faces"]


def build_faces(content: Content, *, lang: str = "zh", players: int = 5, bleed_mm: float = 3.0,
                mark: str = "", marked: frozenset[str] | None = None,
                templates: Path = TEMPLATES_DIR) -> list[Face]:
    """All faces for ``players`` players in ``lang``: cards, backs, boards, then the kinds ``components.yaml``
    declares (their templates in ``templates``, Rail Journey's folder by default).

    The six face families stay Python (their sizes and copies follow from the rules); ``components.yaml``
    adds kinds beside them, each a template and a few lines of YAML (:mod:`cardgen.render.components`).

    ``mark`` (a pack's set mark) is printed on the fronts and boards whose ids are in ``marked``
    (every one when ``marked`` is None).

    Copies follow printing.yaml: ``by_players[players]``, or ``full_set`` for the
    largest player count (see :func:`cardgen.games.rail_journey.faces.cards.print_row`).
    """
    if lang not in LANGS:
        raise UsageError(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
    rows = content.printing.by_players
    if players not in rows:
        raise UsageError(f"--players must be one of {', '.join(map(str, sorted(rows)))} "
                         f"(printing.yaml by_players), not {players}")
    if not 0 <= bleed_mm <= 10:
        raise UsageError(f"bleed must be between 0 and 10 mm, not {bleed_mm}")
    row = cards.print_row(content, players)
    maker = face_maker(content, Words(content, lang), bleed_mm, mark, marked)
    faces = [
        *cards.ticket_faces(content, maker),
        *cards.operation_faces(content, maker, row),
        *cards.dispatch_faces(content, maker, row),
        *cards.event_faces(content, maker),
        *cards.back_faces(content, maker, row),
        *boards.board_faces(content, maker, row, players),
        *declared_kinds(content, maker, players, templates),
    ]
    _check_unique(faces)
    return faces


def game_context(content: Content) -> GameContext:
    """What Rail Journey hands the component kit: its labels, the collections a kind may be printed for
    each of (stations, lines, player colours), and its content for the templates."""
    return GameContext(strings=content.strings.labels,
                       collections={"stations": content.map.stations, "lines": content.map.lines,
                                    "colours": content.game.colours},
                       values={"content": content}, palette=palette_of(content))


def declared_kinds(content: Content, maker: FaceMaker, players: int, templates: Path) -> list[Face]:
    """The faces of the kinds the content folder's ``components.yaml`` declares; none without one."""
    declared = load_components(Path(content.folder))
    if declared is None:
        return []
    return declared_faces(declared, game_context(content), replace(maker, templates=templates), players=players,
                          templates=templates)


#: Each reason cardgen.games.rail_journey.reprint gives for taking a card out of the box -> the strings.yaml label a printed
#: take-out page says it with.
TAKE_OUT_REASONS = {"removed": "take_out_removed", "fewer copies": "take_out_fewer",
                    "replaced by the new card": "take_out_replaced_card",
                    "replaced by the new board": "take_out_replaced_board"}


def take_out_faces(content: Content, take_out: list[tuple[str, int, str]], old_faces: list[Face], *, lang: str,
                   bleed_mm: float, mark: str = "") -> list[Face]:
    """The printed take-out pages of a pack: each (label, copies, why) of ``take_out`` named by the old face's
    caption and its reason in the edition's language (:data:`TAKE_OUT_REASONS`), at most
    boards.TAKE_OUT_ROWS a page."""
    words = Words(content, lang)
    captions = {f.label: f.caption for f in old_faces}
    rows = [{"copies": n, "what": captions.get(label, label), "why": words.label(TAKE_OUT_REASONS[why])}
            for label, n, why in take_out]
    return boards.take_out_pages(face_maker(content, words, bleed_mm, mark), rows)


def face_maker(content: Content, words: Words, bleed_mm: float, mark: str = "",
               marked: frozenset[str] | None = None) -> FaceMaker:
    """The kit's face maker with Rail Journey's palette, and its content in every template (``content``)."""
    return FaceMaker(words, bleed_mm, palette_of(content), mark, marked, shared={"content": content})


def _check_unique(faces: list[Face]) -> None:
    seen: set[str] = set()
    for face in faces:
        if face.id in seen:
            raise UsageError(f"two faces share the id {face.id!r}; ids in the content must be unique")
        seen.add(face.id)
