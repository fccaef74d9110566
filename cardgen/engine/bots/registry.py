"""Every bot by the name a lineup, a script or ``--lineup`` uses."""

from __future__ import annotations

from typing import Callable

from cardgen.engine.bots.archetypes import Archetype, Bot, RandomBot, archetype_targets
from cardgen.engine.bots.lookahead import Lookahead
from cardgen.engine.rules.compiled import Rules

#: factory(rules, seed) -> Bot; the seed feeds the bot's own random stream
BotFactory = Callable[[Rules, int], Bot]

ARCHETYPES = ("heavy", "light", "balanced", "long")


def tuned(name: str, params: dict[str, int] | None = None) -> BotFactory:
    """The factory of archetype ``name`` with some parameters set (``target`` places, ``min_span``), the
    others derived from the content as usual; a sweep's ``bots.NAME.PARAM`` axes use it."""
    chosen = dict(params or {})

    def make(rules: Rules, seed: int) -> Bot:
        t = archetype_targets(rules)
        target, min_span = {"heavy": (t["heavy"], 0), "light": (t["light"], 0),
                            "balanced": (t["balanced"], 0), "long": (t["heavy"], t["long_span"])}[name]
        return Archetype(rules, seed, name, chosen.get("target", target), chosen.get("min_span", min_span))
    return make


BOTS: dict[str, BotFactory] = {name: tuned(name) for name in ARCHETYPES}
BOTS["random"] = RandomBot
BOTS["lookahead"] = Lookahead
