"""A card's own numbers: values that depend on conditions, and a track card's own effect parameters (issue 23).

Why a module of its own: an operation card's propulsion C may depend on the train (``value_when``: "with 6 or
more places aboard, C is 1"), and an event card on the track may carry its own parameters (``values``: the
Heavy Snow of round 12 at −3 while rounds 4 and 20 keep the kind's −2). Both are data; the validator, the
engine (cardgen/engine/rules/compiled.py tabulates them), the card texts and the formulas read them here.
"""

from __future__ import annotations

from typing import Annotated, Any, Iterator

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardgen.model.effects import MAX_LOAD, MAX_POINTS, MAX_ROUND, MAX_VALUE, Bounds
from cardgen.model.messages import friendly


class Condition(BaseModel):
    """What the train must meet, each bound included; a bound not written holds for any train."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    min_load: Annotated[int, Bounds(0, MAX_LOAD)] = Field(default=0, description="At least this many places aboard.")
    max_load: Annotated[int, Bounds(0, MAX_LOAD)] = Field(default=MAX_LOAD,
                                                          description="At most this many places aboard.")
    min_clock: Annotated[int, Bounds(0, MAX_ROUND)] = Field(default=0, description="The clock reads at least this.")
    max_clock: Annotated[int, Bounds(0, MAX_ROUND)] = Field(default=MAX_ROUND,
                                                            description="The clock reads at most this.")

    def holds(self, load: int, clock: int) -> bool:
        """Whether a train carrying ``load`` places meets this condition when the clock reads ``clock``.

        >>> Condition(min_load=6).holds(5, 9), Condition(min_load=6).holds(6, 9)
        (False, True)
        """
        return self.min_load <= load <= self.max_load and self.min_clock <= clock <= self.max_clock

    def empty_problem(self) -> tuple[str, str] | None:
        """(field, message) when no train can ever meet the condition, or None."""
        if self.min_load > self.max_load:
            return "max_load", "max_load is below min_load: no train qualifies"
        if self.min_clock > self.max_clock:
            return "max_clock", "max_clock is below min_clock: never true"
        return None


class ValueCase(Condition):
    """One case of an operation card's `value_when`: C is `value` for a train that meets the condition."""

    value: Annotated[int, Bounds(0, MAX_VALUE)] = Field(description="Propulsion C in this case.")


class FareCase(BaseModel):
    """One case of a ticket kind's `fare_when` (open scoring): delivered while the clock reads `min_clock` to
    `max_clock`, the ticket's fare F is `fare` (a late one scores floor(`fare` / d) as usual)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    min_clock: Annotated[int, Bounds(0, MAX_ROUND)] = Field(default=0, description="Delivered at this clock or later.")
    max_clock: Annotated[int, Bounds(0, MAX_ROUND)] = Field(default=MAX_ROUND,
                                                            description="Delivered at this clock or earlier.")
    fare: Annotated[int, Bounds(0, MAX_POINTS)] = Field(description="The fare F in this case.")


def case_value(cases: Any, default: int, load: int, clock: int) -> int:
    """C of a card whose base value is ``default``: the first case of ``cases`` the train meets, else ``default``.

    >>> case_value([ValueCase(min_load=6, value=1)], 3, 7, 9), case_value([ValueCase(min_load=6, value=1)], 3, 2, 9)
    (1, 3)
    """
    for case in cases:
        if case.holds(load, clock):
            return case.value
    return default


def case_fields(cases: Any) -> dict[str, int]:
    """The placeholders a text may quote for ``value_when``: each case's written fields, numbered from 1
    (``{value_1}``, ``{min_load_1}``).

    >>> case_fields([ValueCase(min_load=6, value=1)])
    {'min_load_1': 6, 'value_1': 1}
    """
    out: dict[str, int] = {}
    for i, case in enumerate(cases, 1):
        for name in sorted(case.model_fields_set):
            out[f"{name}_{i}"] = getattr(case, name)
    return out


# ------------------------------------------------------------------ a track card's own parameters

def _targets(effects: Any, key: str) -> tuple[list[int], str]:
    """The effects (by index) a card's ``values`` key sets, and the field: ``FIELD`` names it in every effect
    that has it, ``TYPE.FIELD`` in the effect of that type."""
    kind, _, field = key.rpartition(".")
    hits = [j for j, e in enumerate(effects)
            if field != "type" and field in type(e).model_fields and (not kind or e.type == kind)]
    return hits, field


def card_effects(effects: Any, values: dict[str, Any]) -> tuple[list, list[tuple[str, str]]]:
    """A kind's ``effects`` with one card's own ``values`` in place of the kind's, and the problems of those
    values as (key, message); a value with a problem is left out (the kind's stays).

    >>> from cardgen.model.effects import PropulsionModifier
    >>> snow = [PropulsionModifier(type="propulsion", amount=-2, min_load=5)]
    >>> out, problems = card_effects(snow, {"amount": -3}); out[0].amount, out[0].min_load, problems
    (-3, 5, [])
    >>> card_effects(snow, {"amount": 30})[1]
    [('amount', 'must be at most 20, got the number 30')]
    >>> card_effects(snow, {"draw": 2})[1][0][1]
    "no effect of this kind has 'draw' (fields: amount, at, heading, lasts, max_deliveries, max_load, max_score, \
min_deliveries, min_load, min_score, played)"
    """
    out = list(effects)
    problems: list[tuple[str, str]] = []
    for key, value in values.items():
        hits, field = _targets(out, key)
        if not hits:
            fields = sorted({f for e in out for f in type(e).model_fields if f != "type"})
            problems.append((key, f"no effect of this kind has '{key}' (fields: {', '.join(fields) or 'none'})"))
            continue
        if len(hits) > 1:
            names = " or ".join(f"'{out[j].type}.{field}'" for j in hits)
            problems.append((key, f"'{key}' is a field of several effects of this kind: write {names}"))
            continue
        j = hits[0]
        data = {**out[j].model_dump(exclude_unset=True), "type": out[j].type, field: value}
        try:
            out[j] = type(out[j]).model_validate(data)
        except ValidationError as exc:
            problems.append((key, friendly(exc.errors()[0], type(out[j]), (field,))))
    return out, problems


def value_keys(effects: Any) -> Iterator[str]:
    """Every key a card's ``values`` may set for a kind with ``effects`` (for the reference and suggestions)."""
    for e in effects:
        for field in type(e).model_fields:
            if field != "type":
                yield f"{e.type}.{field}"
