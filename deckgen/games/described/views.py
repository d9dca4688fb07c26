"""What a described game shows: its result, what each seat sees of the zones and the
counters a seat may see by name. They read a state's layout and parts, handed in by
`DescribedState`'s contract methods, and change nothing.
"""

from __future__ import annotations

from typing import Any, Sequence

from deckgen.games.base import Result
from deckgen.games.described.layout import Layout, S
from deckgen.games.kit.ranking import rank_by_score


def result_of(layout: Layout[S], scores: list[float], tie_breaks: list[float] | None, outright: list[int],
              over: bool, turns: int, counters: dict[str, int]) -> Result:
    """The result from each seat's score and tie break: scores (a team's for each partner),
    ranking, winners (a seat that won `outright` first), turns and the engine's counters."""
    n_players = layout.n_players
    half = n_players // 2
    scores = team_totals(layout, scores)
    winners, ranking = rank_by_score(scores, highest_wins=not layout.lowest_wins, tie_break=tie_breaks)
    if outright:  # a seat won outright (first out): it heads the ranking, with its partner
        won = sorted({p for w in outright for p in ((w % half, w % half + half) if layout.teams else (w,))})
        winners = tuple(won)
        ranking = winners + tuple(s for s in ranking if s not in winners)
    if not over:
        return Result(False, (), tuple(scores), ranking, turns, counters)
    return Result(True, winners, tuple(scores), ranking, turns, counters)


def team_totals(layout: Layout[S], values: list[float]) -> list[float]:
    """Each seat's value, or with partners (`teams: opposite`) its team's total."""
    if not layout.teams:
        return values
    half = layout.n_players // 2
    return [values[seat % half] + values[seat % half + half] for seat in range(layout.n_players)]


def standing_of(layout: Layout[S], scores: Sequence[float]) -> list[float]:
    """A position's standing from each seat's score (the result's, or `result.standing`'s
    while the game is on), negated where the lowest is best (`best: lowest`), so that higher
    is better in every position, a level one too. The default
    (`State.standing`) reads the direction from the ranking, which a level position does not
    give, and Ludii's decisiveness compares standings across positions."""
    if layout.lowest_wins:
        return [0.0 - score for score in scores]
    return list(scores)


def counter_values(layout: Layout[S], tally: list[int], player: int = -1) -> dict[str, Any]:
    """The counters `player` may see by name (every one when -1): one value, or a list by
    seat, where a private counter of each seat shows only the player's own (None for the
    others) and a private game counter not at all. Card counters are left out: one may name
    a hidden card."""
    out: dict[str, Any] = {}
    for name, start, per_seat in layout.counter_groups:
        kind = layout.counter_kinds[start]
        public = layout.counter_public[start] or player < 0
        if kind == "card" or not public and not per_seat:
            continue
        if per_seat:
            out[name] = [shown_value(layout, tally, start + k) if public or k == player else None
                         for k in range(layout.n_players)]
        else:
            out[name] = shown_value(layout, tally, start)
    return out


def shown_value(layout: Layout[S], tally: list[int], i: int) -> Any:
    """Counter `i` as a rule file writes it: a truth value, an attribute's value (None for
    none), or a number."""
    kind, value = layout.counter_kinds[i], tally[i]
    if kind == "condition":
        return bool(value)
    if kind.endswith(" value"):
        values = layout.value_names[kind]
        return values[value] if value >= 0 else None
    return value


def zones_seen(layout: Layout[S], zones: list[list[int]], player: int) -> dict[str, Any]:
    """What `player` sees of each zone: the zone whole, its size, or its size and top card,
    as the zone's visibility says."""
    ids = layout.card_ids
    seen: dict[str, Any] = {}
    for zone, cards in zip(layout.declared, zones):
        if zone.hidden_from(player):
            seen[zone.name] = {"size": len(cards)}
        elif zone.shown_whole(player):
            seen[zone.name] = [ids[c] for c in cards]
        else:
            seen[zone.name] = {"size": len(cards), "top": ids[cards[-1]] if cards else None}
    return seen
