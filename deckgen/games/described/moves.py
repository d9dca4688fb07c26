"""Moves of a described game other than plays and buys (`deckgen.games.described.plays`,
`deckgen.games.described.buys`): draws, takes, declarations and passes, each compiled into a
generator of its legal instances, an apply closure and a closure that words it. Moves are
`(move index, card, value)` ints: the card played, given or -1; the declared value's index
or -1 (plays of several cards add the others).
"""

from __future__ import annotations

from deckgen.games.base import Move
from deckgen.games.described.actions import log_moved
from deckgen.games.described.buys import compile_buy
from deckgen.games.described.expressions import Tables, compile_expr
from deckgen.games.described.layout import CountedMoves
from deckgen.games.described.program import Fn
from deckgen.games.described.plays import CompiledMove, compile_play
from deckgen.games.described.state import DescribedState
from deckgen.model.play_defs import MoveDef


def compile_move(move: MoveDef, t: Tables) -> CompiledMove:
    """The generator, apply and words of one move (and a play's cards, see `compile_play`)."""
    a, index = move.args, move.index
    if move.kind in ("play", "give"):
        return compile_play(move, t)
    if move.kind == "buy":
        return compile_buy(move, t)
    if move.kind in ("draw", "take"):
        source, target = compile_expr(a["from"], t), compile_expr(a["to"], t)
        count = compile_expr(a["count"], t)
        take = move.kind == "take"
        can_draw = CanDraw(index, source, take, t.layout.refill_from, t.layout.keep_top)
        t.layout.counted_moves[index] = can_draw

        def draw(state: DescribedState, card: int, value: int) -> None:
            src, dst = source.ev(state, -1), target.ev(state, -1)
            if take:
                if state.events is not None and state.zones[src]:
                    log_moved(state, src, dst, state.zones[src])
                state.zones[dst].extend(state.zones[src])
                state.zones[src] = []
            else:
                state.draw(src, dst, count.ev(state, -1))

        def draw_words(state: DescribedState, move: Move) -> str:
            zone = t.layout.zone_names[source.ev(state, -1)]
            return f"takes {zone}" if take else f"draws from {zone}"
        return can_draw.generate, draw, draw_words, None
    if move.kind == "declare":
        declared = str(a["declare"])
        values = t.layout.value_names[_value_type(t, declared)]
        base = t.counters[declared]

        def choices(state: DescribedState, out: list[Move]) -> None:
            out.extend((index, -1, v) for v in range(len(values)))

        def declare(state: DescribedState, card: int, value: int) -> None:
            state.tally[base] = value

        def declare_words(state: DescribedState, move: Move) -> str:
            return f"declares {values[move[2]]}"
        return choices, declare, declare_words, None

    def only(state: DescribedState, out: list[Move]) -> None:
        out.append((index, -1, -1))

    def passes(state: DescribedState, card: int, value: int) -> None:
        return None

    def pass_words(state: DescribedState, move: Move) -> str:
        return "passes"
    return only, passes, pass_words, None


class CanDraw(CountedMoves[DescribedState]):
    """A draw or take: one move, legal while its zone has a card (or, for a draw, the zone it
    refills from has more than it keeps); counted, so a random draw makes no list for it."""

    def __init__(self, index: int, source: Fn, take: bool, refill: list[int], keep_top: list[int]) -> None:
        self.source, self.take, self.refill, self.keep_top = source, take, refill, keep_top
        self.move: Move = (index, -1, -1)

    def count(self, state: DescribedState) -> int:
        src = self.source.ev(state, -1)
        if state.zones[src]:
            return 1
        other = -1 if self.take else self.refill[src]  # a take takes the cards there, never a refill
        return 1 if other >= 0 and len(state.zones[other]) > self.keep_top[src] else 0

    def nth(self, state: DescribedState, k: int) -> Move:
        return self.move

    def generate(self, state: DescribedState, out: list[Move]) -> None:
        if self.count(state):
            out.append(self.move)


def _value_type(t: Tables, counter: str) -> str:
    return t.layout.counter_kinds[t.counters[counter]]
