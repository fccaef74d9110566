"""Rail Journey: Connecting Timetables (铁旅：接续时刻表), the flagship game, as a cardgen plug-in.

Its content model is cardgen.model, its rules engine cardgen.engine; this package hands them to the tools
as one :class:`cardgen.games.Game` (registered under the ``cardgen.games`` entry point ``rail-journey``).
Each command is the one the command line declares, imported when it runs.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.games.dispatch import lazy
from cardgen.games.game import Game
from cardgen.resources import DEFAULT_CONTENT, TEMPLATES_DIR


def _edition(folder, options):
    from cardgen.games.rail_journey.printing import RailJourneyEdition  # WeasyPrint: only when a build runs

    return RailJourneyEdition.open(folder, options)


def _layers(folder: Path) -> list[Path]:
    """A pack's layers, base game first; the folder alone when it is not a pack or its bases do not resolve."""
    from cardgen.model.layered import layer_folders  # the pack chain: read only when a folder is watched

    return layer_folders(folder)


GAME = Game(
    id="rail-journey", content=DEFAULT_CONTENT, templates=TEMPLATES_DIR, edition=_edition,
    commands={
        "validate": lazy("cardgen.model.command:validate_cmd"),
        "show": lazy("cardgen.model.show_command:show_cmd"),
        "diff": lazy("cardgen.games.rail_journey.diff_command:diff_cmd"),
        "simulate": lazy("cardgen.engine.simulation.command:simulate_cmd"),
        "replay": lazy("cardgen.engine.replay.command:replay_cmd"),
        "tables": lazy("cardgen.engine.tables.command:tables_cmd"),
        "sweep": lazy("cardgen.sweep.command:sweep_cmd"),
    },
    layers=_layers,
)
