"""Horseless Carriage: content, typed model and rules engine (the lead registers it as a game)."""
