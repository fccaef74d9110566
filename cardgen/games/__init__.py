"""The game registry: every game cardgen can validate, print and play is a plug-in found by entry point.

Why: cardgen is a generator, not one game. A game is a package that hands the tools one :class:`Game`
(cardgen.games.game); it registers it under the ``cardgen.games`` entry point group in its own
``pyproject.toml``, so a game can live in a pip package of its own. The bundled games register the same
way (cardgen's pyproject.toml). A content folder says which game it is for (``game:`` in its
``game.yaml``; a pack's ``base:`` leads to its base game's folder), and every command asks
:func:`game_of` which game's functions to call, as OpenSpiel's algorithms ask its registry.
"""

from __future__ import annotations

from cardgen.games.game import ENTRY_POINT_GROUP, Game, Unsupported, game_named, game_of, installed_games

__all__ = ["ENTRY_POINT_GROUP", "Game", "Unsupported", "game_named", "game_of", "installed_games"]
