"""Rules engine, as a pipeline of subpackages, each importing only the ones before it:

``rules`` (compiled rule numbers, game state, decisions, views) -> ``bots`` ->
``play`` (whole games: the fast loop and the checked driver) -> ``simulation``
(many games, statistics, reports) and ``replay`` (scripted games) ->
``tables`` (the rules' tables recomputed). ``command`` registers the CLI.

>>> from cardgen.model import load
>>> result = play_game(load(), ["heavy", "light", "balanced", "long"], seed=1)
>>> len(result.players), result.final_clock == load().game.clock.end
(4, True)

``native`` comes first: it decides whether the mypyc build or the Python source
of the rules runs, before any of those modules is imported.
"""

from cardgen.engine import native  # noqa: F401  (first: chooses the compiled build or the source)
from cardgen.engine.bots.archetypes import Bot
from cardgen.engine.bots.registry import BOTS
from cardgen.engine.play.games import GameResult, PlayerResult, play_game, rules_for
from cardgen.engine.rules.compiled import Rules, compile_rules
from cardgen.engine.rules.options import Options
from cardgen.engine.rules.state import GameState
from cardgen.engine.rules.view import PlayerView

__all__ = ["BOTS", "Bot", "GameResult", "GameState", "Options", "PlayerResult", "PlayerView", "Rules",
           "compile_rules", "play_game", "rules_for"]
