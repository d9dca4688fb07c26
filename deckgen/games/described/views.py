"""What a described game shows: its result, each seat's observation and the counters a seat
may see by name. Functions of a `DescribedState`, which its contract methods call: they read
the state's zones, counters and layout and change nothing but the bound seat of a score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckgen.games.base import Result
from deckgen.games.kit.ranking import rank_by_score

if TYPE_CHECKING:
    from deckgen.games.described.layout import Fn
    from deckgen.games.described.state import DescribedState


def seat_values(state: DescribedState, value: Fn) -> list[float]:
    """Each seat's value of a seat expression (a score, a tie break), `seat` bound to it."""
    values = []
    for seat in range(state.n_players):
        state.bound_seat = seat
        values.append(float(value(state, -1)))
    return values


def seat_scores(state: DescribedState) -> list[float]:
    """`result.score` per seat; without one, 1 for a seat that won by a `win` action."""
    score = state.layout.score
    if score is None:
        return [1.0 if seat in state.winners else 0.0 for seat in range(state.n_players)]
    return seat_values(state, score)


def result_of(state: DescribedState) -> Result:
    """The result: scores (a team's for each partner), ranking, winners (an outright winner
    first), turns and the engine's counters."""
    layout = state.layout
    scores = seat_scores(state)
    half = state.n_players // 2
    if layout.teams:  # each seat scores its team's total
        scores = [scores[seat % half] + scores[seat % half + half] for seat in range(state.n_players)]
    breaks = seat_values(state, layout.tie_break) if layout.tie_break is not None else None
    winners, ranking = rank_by_score(scores, highest_wins=not layout.lowest_wins, tie_break=breaks)
    if state.winners:  # a seat won outright (first out): it heads the ranking, with its partner
        won = sorted({p for w in state.winners for p in ((w % half, w % half + half) if layout.teams else (w,))})
        winners = tuple(won)
        ranking = winners + tuple(s for s in ranking if s not in winners)
    if not state.over:
        return Result(False, (), tuple(scores), ranking, state.turns, state.counters_dict())
    return Result(True, winners, tuple(scores), ranking, state.turns, state.counters_dict())


def counter_values(state: DescribedState, player: int = -1) -> dict[str, Any]:
    """The counters `player` may see by name (every one when -1): one value, or a list by
    seat, where a private counter of each seat shows only the player's own (None for the
    others) and a private game counter not at all. Card counters are left out: one may name
    a hidden card."""
    layout = state.layout
    out: dict[str, Any] = {}
    for name, start, per_seat in layout.counter_groups:
        kind = layout.counter_kinds[start]
        public = layout.counter_public[start] or player < 0
        if kind == "card" or not public and not per_seat:
            continue
        if per_seat:
            out[name] = [shown_value(state, start + k) if public or k == player else None
                         for k in range(state.n_players)]
        else:
            out[name] = shown_value(state, start)
    return out


def shown_value(state: DescribedState, i: int) -> Any:
    """Counter `i` as a rule file writes it: a truth value, an attribute's value (None for
    none), or a number."""
    kind, value = state.layout.counter_kinds[i], state.tally[i]
    if kind == "condition":
        return bool(value)
    if kind.endswith(" value"):
        values = state.layout.value_names[kind]
        return values[value] if value >= 0 else None
    return value


def observation_of(state: DescribedState, player: int) -> dict[str, Any]:
    """What `player` sees: each zone whole, as its size, or as its size and top card, as the
    zone's visibility says; the counters it may see; the facts of turn order."""
    layout = state.layout
    ids = layout.card_ids
    zones: dict[str, Any] = {}
    for zone, cards in zip(layout.declared, state.zones):
        if zone.hidden_from(player):
            zones[zone.name] = {"size": len(cards)}
        elif zone.shown_whole(player):
            zones[zone.name] = [ids[c] for c in cards]
        else:
            zones[zone.name] = {"size": len(cards), "top": ids[cards[-1]] if cards else None}
    return {"seat": player, "current_player": state.current_player, "round": state.round_no,
            "phase": layout.phase_names[state.phase], "dealer": state.dealer, "direction": state.direction,
            "counters": counter_values(state, player), "zones": zones,
            "winners": list(state.winners) if state.over else None}
