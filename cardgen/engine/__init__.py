"""Rules engine: game state, bots, replay and simulation, all driven by the content model.

>>> from cardgen.model import load
>>> result = play_game(load(), ["heavy", "light", "balanced", "long"], seed=1)
>>> len(result.players), result.final_clock == load().game.clock.end
(4, True)
"""

from cardgen.engine.bots import BOTS, Bot
from cardgen.engine.options import Options
from cardgen.engine.play import GameResult, PlayerResult, play_game, rules_for
from cardgen.engine.rules import Rules, compile_rules
from cardgen.engine.state import GameState
from cardgen.engine.view import PlayerView

__all__ = ["BOTS", "Bot", "GameResult", "GameState", "Options", "PlayerResult", "PlayerView", "Rules",
           "compile_rules", "play_game", "rules_for"]
