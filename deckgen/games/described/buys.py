"""Buy moves of a described game (`deckgen.model.play_buy` checks them): the legal buys of a
position, what making one does, and its words.

A buy is `(move index, top paid card or -1, what is bought, other paid cards...)`, the paid
cards as a play of several cards lists them (top card the one with the highest card int).
What is bought is, for a buy of counts, the count taken from each of its zones written as
one number, `k0 + k1 * base + k2 * base ** 2...` with `base` one more than the game's cards
(`deckgen.games.notation.described.counts_of` reads it back); for a pick, the card chosen.
"""

from __future__ import annotations

from itertools import combinations

from deckgen.games.base import Move
from deckgen.games.described.expressions import Tables, compile_expr
from deckgen.games.described.layout import CountedMoves
from deckgen.games.described.plays import CompiledMove
from deckgen.games.described.program import Fn
from deckgen.games.described.rows import Rows, card_rows_of, fixed_rows
from deckgen.games.described.state import DescribedState
from deckgen.games.kit.piles import draw_event
from deckgen.games.notation.described import counts_of
from deckgen.model.play_defs import BuyDef, MoveDef


def count_splits(available: list[int], low: int, high: int, base: int) -> list[tuple[int, int]]:
    """Every way to take `low` to `high` cards in all from the zones, no more from each than
    it holds: (the move's number for it, the total), the first zone's count varying slowest."""
    splits: list[tuple[int, int]] = [(0, 0)]
    weight = 1
    for held in available:
        splits = [(code + k * weight, total + k) for code, total in splits for k in range(min(held, high - total) + 1)]
        weight *= base
    return [(code, total) for code, total in splits if total >= low]


def compile_buy(move: MoveDef, t: Tables) -> CompiledMove:
    """The generator, apply and words of a buy move."""
    buy: BuyDef = move.args["buy"]
    index, layout = move.index, t.layout
    names, zone_names = layout.card_names, layout.zone_names
    base = len(layout.card_ids) + 1
    sources = [compile_expr(zone, t) for zone in buy.sources]
    target = compile_expr(buy.to, t)
    least, most = compile_expr(buy.count_min, t), compile_expr(buy.count_max, t)
    price = compile_expr(buy.price, t)
    pay_from, pay_to = compile_expr(buy.pay_from, t), compile_expr(buy.pay_to, t)
    worth = card_rows_of(buy.worth, t)
    payable = card_rows_of(buy.pay_if, t)
    exact, pick = buy.exact, buy.pick
    layout.move_buys[index] = (len(sources), pick, buy.pay_most > 0)

    def payments(state: DescribedState) -> list[tuple[tuple[int, ...], int]]:
        """Every choice of cards to pay with and its worth, the top card last."""
        ok, value = payable.of(state), worth.of(state)
        cards = sorted(c for c in state.zones[pay_from.ev(state, -1)] if ok[c])
        if buy.pay_least == buy.pay_most == 1:
            return [((c,), value[c]) for c in cards]
        return [(group, sum(value[c] for c in group))
                for size in range(buy.pay_least, min(buy.pay_most, len(cards)) + 1)
                for group in combinations(cards, size)]

    def affords(paid: int, cost: int) -> bool:
        return paid == cost if exact else paid >= cost

    def generate(state: DescribedState, out: list[Move]) -> None:
        if pick:
            wares = [(c, price.ev(state, c)) for c in state.zones[sources[0].ev(state, -1)]]
        else:
            available = [len(state.zones[source.ev(state, -1)]) for source in sources]
            low, high = max(0, least.ev(state, -1)), min(most.ev(state, -1), sum(available))
            if low > high:
                return
            costs = [price.ev(state, total) for total in range(high + 1)]
            wares = [(code, costs[total]) for code, total in count_splits(available, low, high, base)]
        for group, paid in payments(state):
            top, rest = (group[-1], group[:-1]) if group else (-1, ())
            out.extend((index, top, ware) + rest for ware, cost in wares if affords(paid, cost))

    def apply(state: DescribedState, card: int, ware: int) -> None:
        paid = [*state.last_move[3:], card] if card >= 0 else []
        payer = state.zones[pay_from.ev(state, card)]
        for c in paid:
            payer.remove(c)
        destination = target.ev(state, card)
        if pick:
            state.zones[sources[0].ev(state, card)].remove(ware)
            take(state, [ware], destination)
        else:
            for source, count in zip(sources, counts_of(ware, len(sources), base)):
                take_top(state, state.zones[source.ev(state, card)], count, destination)
        spent = pay_to.ev(state, card)
        state.zones[spent].extend(paid)
        if state.events is not None and paid:
            log_paid(state, paid, pay_from.ev(state, card), spent)

    def words(state: DescribedState, move: Move) -> str:
        paid = [names[c] for c in (*move[3:], move[1])] if move[1] >= 0 else []
        if pick:
            said = f"buys the {names[move[2]]}"
        else:
            counts = counts_of(move[2], len(sources), base)
            taken = " and ".join(f"{count} from {zone_names[source.ev(state, -1)]}"
                                 for source, count in zip(sources, counts))
            said = f"buys {taken}"
        return said + (f" with the {', the '.join(paid)}" if paid else "")

    fixed = fixed_rows(buy.worth, t), fixed_rows(buy.pay_if, t)
    if not pick and not exact and len(sources) == 1 and buy.pay_least == buy.pay_most == 1 \
            and buy.price.op == "bound" and fixed[0] is not None and fixed[1] is not None:
        fast = OneZoneBuy(index, sources[0], target, least, most, pay_from, pay_to, fixed[0], fixed[1])
        layout.counted_moves[index] = fast
        return fast.generate, fast.apply, words, None
    return generate, apply, words, None


def take(state: DescribedState, cards: list[int], destination: int) -> None:
    """Cards bought land in their zone one by one, each logged as a draw."""
    state.zones[destination].extend(cards)
    if state.events is not None:
        layout = state.layout
        for c in cards:
            state.events.append(draw_event(state.me, layout.card_ids[c], zone=layout.zone_names[destination]))


def take_top(state: DescribedState, pile: list[int], count: int, destination: int) -> None:
    """The top `count` cards of `pile` bought, one by one from the top (see `take`)."""
    taken = pile[len(pile) - count:]
    del pile[len(pile) - count:]
    taken.reverse()
    take(state, taken, destination)


def log_paid(state: DescribedState, paid: list[int], payer: int, spent: int) -> None:
    assert state.events is not None
    layout = state.layout
    state.events.append({"type": "moved", "from": layout.zone_names[payer], "to": layout.zone_names[spent],
                         "cards": [layout.card_ids[c] for c in paid]})


def card_buys(moves: list[Move], low: int, high: int) -> int:
    """How many of one card's buys (`moves`, taking 0 cards up to its worth) take `low` to
    `high` cards: what `moves[low:high + 1]` holds, counted without the slice."""
    top = len(moves) if len(moves) <= high + 1 else high + 1
    return top - low if top > low else 0


class OneZoneBuy(CountedMoves[DescribedState]):
    """The commonest buy, made fast: one zone bought from, one card paid, whose worth (of the
    card alone) must reach the count taken; a card worth w buys `min` to `max` cards, up to w
    and to what the zone holds (Mystique Guilds' buy). Each card's moves are made once, and a
    random draw counts them rather than making them all."""

    def __init__(self, index: int, source: Fn, target: Fn, least: Fn, most: Fn, pay_from: Fn, pay_to: Fn,
                 worth: Rows, payable: Rows) -> None:
        self.index = index
        self.source, self.target, self.least, self.most = source, target, least, most
        self.pay_from, self.pay_to, self.worth, self.payable = pay_from, pay_to, worth, payable
        #: By card int: its buys `(index, card, k)` for k from 0 to its worth (none if it
        #: cannot pay), made at the first generation.
        self.moves: list[list[Move]] = []

    def bounds(self, state: DescribedState) -> tuple[int, int]:
        """The least and most cards a buy may take in the position (low > high: none)."""
        low, high = self.least.ev(state, -1), self.most.ev(state, -1)
        held = len(state.zones[self.source.ev(state, -1)])
        return (low if low > 0 else 0), (held if held < high else high)

    def moves_of(self, state: DescribedState) -> list[list[Move]]:
        if not self.moves:
            ok, value = self.payable.of(state), self.worth.of(state)
            self.moves.extend([(self.index, c, k) for k in range(value[c] + 1)] if ok[c] else []
                              for c in range(len(ok)))
        return self.moves

    def generate(self, state: DescribedState, out: list[Move]) -> None:
        low, high = self.bounds(state)
        if low > high:
            return
        moves = self.moves_of(state)
        for c in state.zones[self.pay_from.ev(state, -1)]:
            out.extend(moves[c][low:high + 1])

    def count(self, state: DescribedState) -> int:
        low, high = self.bounds(state)
        if low > high:
            return 0
        moves, total = self.moves_of(state), 0
        for c in state.zones[self.pay_from.ev(state, -1)]:
            total += card_buys(moves[c], low, high)
        return total

    def nth(self, state: DescribedState, k: int) -> Move:
        low, high = self.bounds(state)
        moves = self.moves_of(state)
        for c in state.zones[self.pay_from.ev(state, -1)]:
            held = card_buys(moves[c], low, high)
            if k < held:
                return moves[c][low + k]
            k -= held
        raise AssertionError("a buy drawn beyond the legal buys")

    def apply(self, state: DescribedState, card: int, count: int) -> None:
        payer = self.pay_from.ev(state, card)
        state.zones[payer].remove(card)
        if count:
            take_top(state, state.zones[self.source.ev(state, card)], count, self.target.ev(state, card))
        spent = self.pay_to.ev(state, card)
        state.zones[spent].append(card)
        if state.events is not None:
            log_paid(state, [card], payer, spent)
