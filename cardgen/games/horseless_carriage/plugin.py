"""Horseless Carriage as a cardgen plug-in: the :class:`cardgen.games.Game` its entry point
(``horseless-carriage``) registers.

The commands come from the game's own functions (cardgen.games.standard): validate, simulate and replay.
"""

from __future__ import annotations

from cardgen.games.game import Game
from cardgen.games.horseless_carriage import model, replay, simulate
from cardgen.games.standard import StandardCommands
from cardgen.resources import bundled_path

GAME = Game(
    id="horseless-carriage",
    content=bundled_path("content", "horseless-carriage"),
    commands=StandardCommands("horseless-carriage", model.load_content, model.summary,
                              simulate=simulate.simulate_request, replay=replay.replay).handlers(),
)
