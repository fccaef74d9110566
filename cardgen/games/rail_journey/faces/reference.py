"""The numbers on the one-page quick reference, computed from the content.

Nothing here is typed: the cliff table comes from ``Content.cliff_table()``,
the fares from ``Content.fare_table()``, phases and rule lines from
``strings.yaml`` with their placeholders filled from the rules data. Change a
number in the content and the printed reference changes with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.model import text as texts
from cardgen.model.content import Content
from cardgen.model.load import apply_variant
from cardgen.model.schema import PrintRow
from cardgen.games.rail_journey.faces.cards import dispatch_copies, holds_clock, line_for, uses_dispatch
from cardgen.games.rail_journey.faces.formulas import effects_formula
from cardgen.games.rail_journey.faces.words import Words


@dataclass(frozen=True)
class CliffRow:
    """Compositions ``low..high`` share one penalty, hence one R per operation kind."""

    low: int
    high: int
    penalty: int
    r: list[int]

    @property
    def compositions(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


def cliff_rows(content: Content) -> list[CliffRow]:
    """Rules 6.5 grouped the way players memorise it: one row per penalty step."""
    rows: list[CliffRow] = []
    kinds = [k.id for k in content.operations.kinds]
    for entry in content.cliff_table():
        r = [entry["r"][k] for k in kinds]
        n = entry["composition"]
        if rows and rows[-1].penalty == entry["penalty"] and rows[-1].r == r:
            last = rows[-1]
            rows[-1] = CliffRow(last.low, n, last.penalty, r)
        else:
            rows.append(CliffRow(n, n, entry["penalty"], r))
    return rows


def fare_rows(content: Content) -> list[dict]:
    return [
        {**row, "slack_text": "∞" if row["freight"] else str(row["slack"]),
         "efficiency_text": f"{row['efficiency']:.2f}"}
        for row in content.fare_table()
    ]


def blocking_rule(content: Content, w: Words) -> str:
    """How sections block, for double track or the single-line variant (9.5)."""
    return w.fill("rules", "blocking" if content.map.double_track else "blocking_single")


def recommended_variants(content: Content, w: Words, players: int) -> list[dict]:
    """The variants the rules recommend for ``players`` that this build does not play (variants.yaml
    ``recommended``), each with its summary filled from the content with it applied."""
    playing = content.variant.id if content.variant else None
    return [{"variant": v, "summary": texts.render(apply_variant(content, v.id), v, v.summary, w.lang)}
            for v in content.variants.variants
            if v.recommended and v.id != playing and players in (v.players or [players])]


def quick_reference_data(content: Content, w: Words, row: PrintRow, players: int) -> dict:
    """What the quick reference prints for ``players``; its dispatch cards counted as the build prints
    them for ``row``, its starting positions those of the trains ``row`` prints tokens for."""
    game = content.game
    scoring = game.scoring
    return {
        "players": f"{game.players.min}–{game.players.max}",
        "minutes": f"{game.play_time_minutes.min}–{game.play_time_minutes.max}",
        "propulsion": w.fill("rules", "propulsion"),
        "cap": game.composition_cap,
        "kinds": content.operations.kinds,
        "dispatch": dispatch_copies(content, row) if uses_dispatch(content) else [],  # (kind, copies printed)
        "cliff": cliff_rows(content),
        "fares": fare_rows(content),
        "phases": content.strings.phases,
        "rules": [
            w.fill("rules", "boarding"),
            blocking_rule(content, w),
            w.fill("rules", "blocked"),
            w.fill("rules", "tie_break"),
            w.fill("rules", "section_stop"),
            w.fill("rules", "terminal"),
            w.fill("rules", "heading"),
            w.fill("rules", "game_end"),
        ],
        "scoring": [
            w.fill("rules", "deadline"),
            w.fill("scoring", "on_time"),
            w.fill("scoring", "late"),
            w.fill("scoring", "unfinished"),
            w.fill("scoring", "no_delay_bonus"),
            w.fill("scoring", "worst_delay"),
            *[texts.fill(w(award.text), {"points": award.points}) for award in scoring.awards],
        ],
        "tiebreaks": [w.fill("scoring", f"tiebreak_{t}") for t in scoring.tiebreaks],
        "seats": [
            {"seat": seat, "colour": colour, "station": content.station_at_cell.get(seat.cell),
             "line": line_for(content, seat.direction)}
            for seat, colour in zip(game.setup.seats[:row.train_tokens], game.colours)
        ],
        "recommended": recommended_variants(content, w, players),
        "track": [
            {"round": r, "icon": content.event_kinds[card.kind].icon,
             "name": w(content.event_kinds[card.kind].name),
             "hold": holds_clock(content, card.kind),
             "formula": effects_formula(content.card_effects(card), card, w.label)}
            for r, card in content.event_track
        ],
        "late": w.fill("rules", content.late_rounds_key()) if content.total_rounds() > content.track_rounds() else "",
    }
