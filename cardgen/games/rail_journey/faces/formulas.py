"""An effect as a one-line formula (``R +1``, ``W +2``, ``S2 +2``, ``T3 ✕``), for cards and the quick reference.

The notation is a design choice of the print (symbols, no words), declared by each primitive
(``NOTATION`` in cardgen/model/effects.py, so a primitive registered later brings its own); every
number in it is the effect's own, read through :func:`cardgen.model.text.effect_values`,
and every target is the card's own, so a formula cannot disagree with the text beside it.
An effect type without a notation prints no formula (the text alone says it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgen.model import text as texts
from cardgen.model.content import Content
from cardgen.model.effects import MAX_LOAD, MAX_ROUND, MAX_SCORE
from cardgen.model.schema import EventCard

#: effects an operation card says in its text alone: its face printed no formula for them before events and dispatch
#: cards could carry them, and stays as printed
TEXT_ONLY_ON_OPERATION = ("no_stop",)
#: effect type -> the ``strings.yaml`` label that says it: no sign says "lowest W moves first" unmistakably
#: beside cards that print "W +1" (a "W ↑" read as W rising).
WORDED = {"order_reversed": "lowest_w_first"}
#: Every effect an event card may carry has a notation or a label: the quick reference's event track shows events by
#: their formula (tests/render_faces check this against the primitives' timings).


#: a section a dispatch card's player picks (`section: chosen`): a section within ±`range` cells of its train
CHOSEN_SECTION = "🛤±{range}"
#: a position condition (`at`) in the formula: the train stands on a station, in a section, on a terminal
WHERE = {"station": "📍🚉", "section": "📍🛤", "terminal": "📍🏁"}


def _bounds(low: int, high: int, top: int, symbol: str, bottom: int = 0) -> str:
    """``N ≥ 5``, ``N ≤ 4`` or ``2 ≤ N ≤ 4`` for ``low``..``high`` out of ``bottom``..``top``; '' when it is all
    of it."""
    if low > bottom and high < top:
        return f"{low} ≤ {symbol} ≤ {high}"
    if low > bottom:
        return f"{symbol} ≥ {low}"
    return f"{symbol} ≤ {high}" if high < top else ""


def condition_formula(condition: Any) -> str:
    """A condition on the train's load (N), the clock (🕐), where it stands and heads, the operation card it played
    (🃏 and the kinds' ids), its owner's score (Σ) and deliveries (🎫✓): ``N ≥ 6, 🕐 ≤ 12``; '' when it always
    holds."""
    parts = [_bounds(getattr(condition, "min_load", 0), getattr(condition, "max_load", MAX_LOAD), MAX_LOAD, "N"),
             _bounds(getattr(condition, "min_clock", 0), getattr(condition, "max_clock", MAX_ROUND), MAX_ROUND, "🕐")]
    parts.append(WHERE.get(getattr(condition, "at", "anywhere"), ""))
    parts.append({"left": "←", "right": "→"}.get(getattr(condition, "heading", "any"), ""))
    played = getattr(condition, "played", [])
    parts.append(f"🃏 {' / '.join(played)}" if played else "")
    parts.append(_bounds(getattr(condition, "min_score", -MAX_SCORE), getattr(condition, "max_score", MAX_SCORE),
                         MAX_SCORE, "Σ", -MAX_SCORE))
    parts.append(_bounds(getattr(condition, "min_deliveries", 0), getattr(condition, "max_deliveries", MAX_SCORE),
                         MAX_SCORE, "🎫✓"))
    return ", ".join(p for p in parts if p)


#: how the formula prints a duration that is not a number of rounds
LASTS = {"round": "", "game": " ⏳∞", "until_stop": " ⏳🚉"}


def lasting(effect: Any) -> str:
    """`` ⏳3`` for an effect lasting 3 rounds, `` ⏳∞`` for the rest of the game, `` ⏳🚉`` until the train's next
    stop, '' for this round only."""
    lasts = getattr(effect, "lasts", "round")
    return LASTS.get(lasts, f" ⏳{lasts}") if isinstance(lasts, str) else f" ⏳{lasts}"


def load_condition(effect: Any) -> str:
    """`` (N ≥ 5)``, `` (N ≤ 4)`` or `` (2 ≤ N ≤ 4)`` when the effect applies only to trains carrying that many."""
    inner = condition_formula(effect)
    return f" ({inner})" if inner else ""


def effect_formula(effect: Any, card: EventCard | None = None, label: Callable[[str], str] | None = None) -> str:
    """``effect`` in its primitive's ``NOTATION``, with the card's station or section id (a chosen section's
    range, :data:`CHOSEN_SECTION`), or in words (:data:`WORDED`,
    through ``label``, the edition's ``strings.yaml`` labels); '' when it has neither."""
    worded = WORDED.get(getattr(effect, "type", ""))
    if worded is not None:
        return label(worded) if label is not None else ""
    notation = getattr(type(effect), "NOTATION", "")
    if not notation:
        return ""
    values = dict(texts.effect_values(effect))
    if card is not None:
        values.update({"station": card.station or "", "section": card.section or ""})
    elif getattr(effect, "section", "card") == "chosen":
        values["section"] = CHOSEN_SECTION.format(range=effect.range)
    try:
        place = next((values[target] for target in getattr(effect, "TARGETS", ()) if values.get(target)), "")
        return (f"{place} " if place else "") + texts.fill(notation, values) + load_condition(effect) + lasting(effect)
    except texts.PlaceholderError:  # an effect reshaped without the number its notation shows
        return ""


def effects_formula(effects: Any, card: EventCard | None = None, label: Callable[[str], str] | None = None) -> str:
    """Several effects applied together (an event kind's list), their formulas side by side."""
    return "  ·  ".join(f for f in (effect_formula(e, card, label) for e in effects) if f)


def propulsion_formula(content: Content, value: int) -> str:
    """Identity K for one operation card, as the engine computes it (Content.propulsion, no modifier).

    ``R = 3 − ⌊N ÷ 3⌋`` while the penalty of a full train cannot take it below
    the floor; ``R = max(0, 1 − ⌊N ÷ 3⌋)`` when it can; ``R = 0`` for a card
    whose value is the floor (the wait card: "R = 0 − ⌊N ÷ 3⌋" read as a
    negative R). Divisor, floor and cap from game.yaml.
    """
    floor, divisor = content.game.propulsion.floor, content.game.propulsion.penalty_divisor
    if value <= floor:
        return f"R = {texts.signed(floor)}"
    formula = f"{texts.signed(value)} − ⌊N ÷ {divisor}⌋"
    if content.propulsion(value, content.game.composition_cap) > value - content.penalty(content.game.composition_cap):
        return f"R = max({texts.signed(floor)}, {formula})"
    return f"R = {formula}"


def operation_formulas(content: Content, kind: Any, label: Callable[[str], str] | None = None) -> list[str]:
    """What an operation card does, as formulas: its R, then each effect that has a notation."""
    effects = [effect_formula(e, label=label) for e in getattr(kind, "effects", [])
               if e.type not in TEXT_ONLY_ON_OPERATION]
    cases = [f"{condition_formula(case)}: C {texts.signed(case.value)}" for case in getattr(kind, "value_when", [])]
    return [propulsion_formula(content, kind.value), *cases, *[f for f in effects if f]]
