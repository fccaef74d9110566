"""Every bot by the name a lineup, a script or ``--lineup`` uses."""

from __future__ import annotations

from typing import Callable

from cardgen.engine.bots.archetypes import Archetype, Bot, RandomBot, archetype_targets
from cardgen.engine.bots.lookahead import Lookahead
from cardgen.engine.rules.compiled import Rules

#: factory(rules, seed) -> Bot; the seed feeds the bot's own random stream
BotFactory = Callable[[Rules, int], Bot]

BOTS: dict[str, BotFactory] = {
    "heavy": lambda rules, seed: Archetype(rules, seed, "heavy", archetype_targets(rules)["heavy"]),
    "light": lambda rules, seed: Archetype(rules, seed, "light", archetype_targets(rules)["light"]),
    "balanced": lambda rules, seed: Archetype(rules, seed, "balanced", archetype_targets(rules)["balanced"]),
    "long": lambda rules, seed: Archetype(rules, seed, "long", archetype_targets(rules)["heavy"],
                                          archetype_targets(rules)["long_span"]),
    "random": RandomBot,
    "lookahead": Lookahead,
}
