"""Railroad Ink as a cardgen plug-in: the :class:`cardgen.games.Game` its entry point (``railroad-ink``) registers.

The commands come from the game's own functions (cardgen.games.standard); what it prints, from its
component declarations (cardgen.render.components) once it has them.
"""

from __future__ import annotations

from cardgen.games.railroad_ink import model
from cardgen.games.game import Game
from cardgen.games.standard import StandardCommands
from cardgen.resources import bundled_path

GAME = Game(
    id="railroad-ink",
    content=bundled_path("content", "railroad-ink"),
    commands=StandardCommands("railroad-ink", model.load_content, model.summary).handlers(),
)
