"""The leaves of compiled expressions: what an expression reads of the state or of a card
(a number, a bound name, a counter, a zone's index, size or top card, a card's field), each
an `Expr` whose constants (zone and counter indices, card tables) are captured once per
player count.
"""

from __future__ import annotations

from deckgen.games.described.program import Expression, Fn
from deckgen.games.described.state import DescribedState


class Const(Expression):
    def __init__(self, value: int) -> None:
        self.value = value

    def ev(self, state: DescribedState, card: int) -> int:
        return self.value


class Card(Expression):
    """The bound card itself."""

    def ev(self, state: DescribedState, card: int) -> int:
        return card


class It(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.bound_it


class Seat(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.bound_seat


class Winner(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.bound_winner


class Me(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.me


class Players(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.n_players


class Round(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.round_no


class Turn(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.turns


class Dealer(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.dealer


class Direction(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.direction


class Drawn(Expression):
    def ev(self, state: DescribedState, card: int) -> int:
        return state.drawn


class Played(Expression):
    """How many cards the move being made plays or gives (0 for a draw, a pass...)."""

    def ev(self, state: DescribedState, card: int) -> int:
        move = state.last_move
        return len(move) - 2 if move[1] >= 0 else 0


class Led(Expression):
    """The first card of the trick in play, -1 when it is empty."""

    def ev(self, state: DescribedState, card: int) -> int:
        trick = state.zones[state.layout.trick_zone]
        return trick[0] if trick else -1


def bound(name: str) -> Fn:
    """The name a fold, an action or a card test binds: `card`, `it`, `seat` or `winner`."""
    if name == "card":
        return Card()
    if name == "it":
        return It()
    return Seat() if name == "seat" else Winner()


#: The names read straight off the state (`me`, `players`...), by name.
SIMPLE: dict[str, type[Expression]] = {
    "me": Me, "players": Players, "round": Round, "turn": Turn, "dealer": Dealer, "direction": Direction,
    "drawn": Drawn, "led": Led, "played": Played}


class Option(Expression):
    def __init__(self, index: int) -> None:
        self.index = index

    def ev(self, state: DescribedState, card: int) -> int:
        return state.options[self.index]


class Setup(Expression):
    def __init__(self, index: int) -> None:
        self.index = index

    def ev(self, state: DescribedState, card: int) -> int:
        return state.setup_values[self.index]


class Counter(Expression):
    def __init__(self, index: int) -> None:
        self.index = index

    def ev(self, state: DescribedState, card: int) -> int:
        return state.tally[self.index]


class SeatCounter(Expression):
    """A counter of each seat, for the seat an expression gives."""

    def __init__(self, base: int, seat: Fn) -> None:
        self.base, self.seat = base, seat

    def ev(self, state: DescribedState, card: int) -> int:
        return state.tally[self.base + self.seat.ev(state, card)]


class BoundSeatCounter(Expression):
    """`counter[seat]`, the commonest counter of each seat in each_seat and the folds."""

    def __init__(self, base: int) -> None:
        self.base = base

    def ev(self, state: DescribedState, card: int) -> int:
        return state.tally[self.base + state.bound_seat]


class BoundSeatZone(Expression):
    """`zone[seat]`, as `counter[seat]`."""

    def __init__(self, base: int) -> None:
        self.base = base

    def ev(self, state: DescribedState, card: int) -> int:
        return self.base + state.bound_seat


class OwnZone(Expression):
    """The moving seat's zone of a kind (`hand`)."""

    def __init__(self, base: int) -> None:
        self.base = base

    def ev(self, state: DescribedState, card: int) -> int:
        return self.base + state.me


class SeatZone(Expression):
    """A seat's zone of a kind, for the seat an expression gives."""

    def __init__(self, base: int, seat: Fn) -> None:
        self.base, self.seat = base, seat

    def ev(self, state: DescribedState, card: int) -> int:
        return self.base + self.seat.ev(state, card)


class OwnCardTable(Expression):
    """A field of the bound card itself: one look-up, the commonest expression of all."""

    def __init__(self, table: list[int], missing: int) -> None:
        self.table, self.missing = table, missing

    def ev(self, state: DescribedState, card: int) -> int:
        return self.table[card] if card >= 0 else self.missing


class CardTable(Expression):
    """A field of the card an expression gives (`led.suit`)."""

    def __init__(self, table: list[int], of: Fn, missing: int) -> None:
        self.table, self.of, self.missing = table, of, missing

    def ev(self, state: DescribedState, card: int) -> int:
        c = self.of.ev(state, card)
        return self.table[c] if c >= 0 else self.missing


class SizeOf(Expression):
    """The size of a shared zone, or with `own` of the moving seat's zone of a kind."""

    def __init__(self, zone: int, own: bool) -> None:
        self.zone, self.own = zone, own

    def ev(self, state: DescribedState, card: int) -> int:
        return len(state.zones[self.zone + state.me if self.own else self.zone])


class TopOf(Expression):
    """The top card of a shared zone, or with `own` of the moving seat's; -1 when empty."""

    def __init__(self, zone: int, own: bool) -> None:
        self.zone, self.own = zone, own

    def ev(self, state: DescribedState, card: int) -> int:
        cards = state.zones[self.zone + state.me if self.own else self.zone]
        return cards[-1] if cards else -1


class ZoneEmpty(Expression):
    """`size(zone) == 0` (with `empty`; else `> 0`) of a shared zone or the moving seat's."""

    def __init__(self, zone: int, own: bool, empty: bool) -> None:
        self.zone, self.own, self.empty = zone, own, empty

    def ev(self, state: DescribedState, card: int) -> int:
        filled = 1 if state.zones[self.zone + state.me if self.own else self.zone] else 0
        return 1 - filled if self.empty else filled


class ZoneLook(Expression):
    """The size, top or bottom card of the zone an expression gives; a card -1 when empty."""

    def __init__(self, op: str, zone: Fn) -> None:
        self.size, self.top, self.zone = op == "size", op == "top", zone

    def ev(self, state: DescribedState, card: int) -> int:
        cards = state.zones[self.zone.ev(state, card)]
        if self.size:
            return len(cards)
        if not cards:
            return -1
        return cards[-1] if self.top else cards[0]
