"""Bots that play from a :class:`~cardgen.engine.rules.view.PlayerView`: archetypes, random, lookahead."""
