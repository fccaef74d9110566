"""A game of one deck of named cards: the smallest plug-in, installed as its own pip package.

It uses only cardgen's public seam: a Game registered under the ``cardgen.games`` entry point, the YAML
loader with positions, the standard commands and an edition of faces for the print kit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from cardgen.errors import ContentError, Problem
from cardgen.games import Game
from cardgen.games.standard import StandardCommands
from cardgen.model.source import load_file
from cardgen.render.faces.facekit import Face, Frame, render_page
from cardgen.render.preview import render_preview
from cardgen.render.sheets.impose import SheetWords

CONTENT = Path(__file__).parent / "content"
SIZE_MM = (63.0, 88.0)


def load(folder: Path) -> dict:
    data, where = load_file(Path(folder) / "game.yaml", "game.yaml")
    problems: list[Problem] = []
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list) or not cards:
        problems.append(where.problem(("cards",), "expected a list of cards"))
        cards = []
    for i, card in enumerate(cards):
        copies = card.get("copies") if isinstance(card, dict) else None
        if not isinstance(copies, int) or not 1 <= copies <= 99:
            problems.append(where.problem(("cards", i, "copies"), f"expected a whole number from 1 to 99, got {copies!r}"))
    if problems:
        raise ContentError(problems, {"game.yaml": where.lines})
    return {"folder": Path(folder), **data}


def summary(content: dict) -> list[str]:
    return [f"  cards  {len(content['cards'])} kinds, {sum(c['copies'] for c in content['cards'])} cards"]


@dataclass(frozen=True)
class Words:
    html_lang: str
    box_name: str

    def label(self, key: str) -> str:
        return key


@dataclass
class Edition:
    content: dict
    options: object

    name = "tiny"

    @property
    def folders(self) -> list[Path]:
        return [self.content["folder"]]

    @property
    def templates(self) -> list[Path]:
        return []

    def design(self, options):
        from cardgen.render.edition import Designed

        words = Words("en", "Tiny")
        frame = Frame(*SIZE_MM, options.bleed_mm)
        faces = []
        for card in self.content["cards"]:
            body = Markup('<div class="face" style="{}"><p>{}</p></div>').format(frame.root_style, card["name"])
            html = render_page(body, frame=frame, words=words, title=card["name"], stylesheet="cards.css")
            faces.append(Face(kind="card", id=card["id"], html=html, width_mm=SIZE_MM[0], height_mm=SIZE_MM[1],
                              bleed_mm=options.bleed_mm, copies=card["copies"], back=None, layout="card",
                              label=card["id"], body=body, caption=card["name"]))
        return Designed(faces)

    def unprinted(self, options, designed):
        return []

    def words(self, lang):
        return "Tiny", SheetWords(), {"card": "Card"}

    def preview(self, shown, *, lang, files, quantities):
        return render_preview(shown, words=Words("en", "Tiny"), kinds={"card": "Card"}, tagline="",
                              card_css=lambda faces: "", files=files, quantities=quantities)


GAME = Game(id="tiny", content=CONTENT, edition=lambda folder, options: Edition(load(folder), options),
            commands=StandardCommands("tiny", load, summary).handlers())
