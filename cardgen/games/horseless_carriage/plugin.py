"""Horseless Carriage as a cardgen plug-in: the :class:`cardgen.games.Game` its entry point
(``horseless-carriage``) registers.

The commands come from the game's own functions (cardgen.games.standard): validate, simulate and replay.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.games.game import Game
from cardgen.games.horseless_carriage import bots, model, replay, simulate
from cardgen.games.standard import StandardCommands
from cardgen.model.layered import layer_folders
from cardgen.render.edition import BuildOptions, Edition
from cardgen.resources import bundled_path

def open_edition(folder: Path, options: BuildOptions) -> Edition:
    """The content loaded for one build (WeasyPrint is imported only when a build runs)."""
    from cardgen.games.horseless_carriage.printing import PRINTED

    return PRINTED.open(folder, options)


#: The game's own templates (its faces'; the print kit's shared ones are found too): what ``serve`` watches.
TEMPLATES = Path(__file__).parent / "templates"

GAME = Game(
    id="horseless-carriage",
    edition=open_edition,
    templates=TEMPLATES,
    content=bundled_path("content", "horseless-carriage"),
    commands=StandardCommands("horseless-carriage", model.load_content, model.summary,
                              simulate=simulate.simulate_request, replay=replay.replay,
                              sweep_metric="wealth_by_strategy.*", bots=tuple(bots.BOTS)).handlers(),
    layers=layer_folders,
)
