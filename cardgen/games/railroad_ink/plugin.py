"""Railroad Ink as a cardgen plug-in: the :class:`cardgen.games.Game` its entry point (``railroad-ink``)
registers.

The commands come from the game's own functions (cardgen.games.standard): validate, simulate (``--variant``
names an expansion, ``--lineup`` the bots) and replay (of a script naming its content in ``content:``).
"""

from __future__ import annotations

from pathlib import Path

from cardgen.games.dispatch import folder_named_in
from cardgen.games.game import Game
from cardgen.games.railroad_ink import bots, model, replay, simulate
from cardgen.games.standard import StandardCommands
from cardgen.model.layered import layer_folders
from cardgen.render.edition import BuildOptions, Edition
from cardgen.resources import bundled_path

def replay_script(script: Path) -> replay.ReplayReport:
    """A scripted game, played on the content its ``content:`` names (the bundled set when it names none)."""
    return replay.replay(model.load_content(folder_named_in("game")({"game": script})), script)


def open_edition(folder: Path, options: BuildOptions) -> Edition:
    """The content loaded for one build (WeasyPrint is imported only when a build runs)."""
    from cardgen.games.railroad_ink.printing import PRINTED

    return PRINTED.open(folder, options)


#: The game's own templates (its faces'; the print kit's shared ones are found too): what ``serve`` watches.
TEMPLATES = Path(__file__).parent / "templates"

GAME = Game(
    id="railroad-ink",
    edition=open_edition,
    templates=TEMPLATES,
    content=bundled_path("content", "railroad-ink"),
    commands=StandardCommands("railroad-ink", model.load_content, model.summary, simulate=simulate.simulate_request,
                              replay=replay_script, sweep_metric="bots.*.mean", bots=tuple(bots.BOTS),
                              variants=model.EXPANSIONS).handlers(),
    layers=layer_folders,
)
