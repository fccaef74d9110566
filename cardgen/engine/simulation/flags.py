"""Reach the rules engine's public API and turn ``--option name=value`` into its ``Options``.

Kept apart from the command so tests can substitute the engine in one place.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

from cardgen.engine.bots.registry import BOTS
from cardgen.engine.play.games import play_game
from cardgen.engine.rules.options import Options
from cardgen.errors import UsageError


def engine_api() -> SimpleNamespace:
    """``play_game``, ``Options`` and ``BOTS`` of the rules engine (the one place tests swap in a fake)."""
    return SimpleNamespace(play_game=play_game, Options=Options, BOTS=BOTS)


def parse_options(options_cls: type, pairs: list[str]) -> Any:
    """Build ``options_cls`` from ``name=value`` strings, typed like each field's default.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class O:
    ...     late_events: str = "none"
    ...     strict: bool = False
    >>> parse_options(O, ["late_events=repeat_last", "strict=yes"])
    O(late_events='repeat_last', strict=True)
    """
    fields = {f.name: f for f in dataclasses.fields(options_cls)}
    values: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise UsageError(f"--option '{pair}': expected name=value")
        if name not in fields:
            raise UsageError(f"--option '{name}': unknown option; known: {', '.join(fields)}")
        values[name] = _coerce(name, raw.strip(), _default(fields[name]))
    try:
        return options_cls(**values)
    except (TypeError, ValueError, UsageError) as exc:
        raise UsageError(f"--option {exc}") from None


def _default(f: dataclasses.Field) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return None


def _coerce(name: str, raw: str, default: Any) -> Any:
    if isinstance(default, bool):
        lowered = raw.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise UsageError(f"--option {name}={raw}: expected true or false")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise UsageError(f"--option {name}={raw}: expected a whole number") from None
    if isinstance(default, float):
        try:
            return float(raw)
        except ValueError:
            raise UsageError(f"--option {name}={raw}: expected a number") from None
    return raw
