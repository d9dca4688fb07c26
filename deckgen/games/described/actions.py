"""Actions of a described game compiled into `Action` objects.

An action list becomes one `Action` running its steps in order; each step is an object
whose `run(state, card)` does what the rule says, evaluating its expressions (`Expr`) by
native calls when compiled. Moves are compiled in `deckgen.games.described.moves`.
"""

from __future__ import annotations

from typing import Any, Final, Mapping

from deckgen.errors import DataError
from deckgen.games.described.expressions import Tables, compile_expr
from deckgen.games.described.program import Fn, Run, Step
from deckgen.games.described.rows import of_card
from deckgen.games.described.state import DescribedState
from deckgen.model.play_nodes import Node
from deckgen.model.play_defs import Action as ActionDef
from deckgen.model.wording import problem

#: The largest value a counter may take, either way: far beyond any score, far below the
#: numbers a rule feeding a counter into itself would make.
COUNTER_LIMIT: Final = 10 ** 15


class Steps(Step):
    """Several actions in order, stopping when the game is over."""

    def __init__(self, steps: list[Run]) -> None:
        self.steps = steps

    def run(self, state: DescribedState, card: int) -> None:
        for step in self.steps:
            step.run(state, card)
            if state.over:
                return


def compile_actions(actions: tuple[ActionDef, ...], t: Tables) -> Run:
    """One action running the actions in order, stopping when the game is over."""
    steps = [compile_action(action, t) for action in actions]
    return steps[0] if len(steps) == 1 else Steps(steps)


def compile_action(action: ActionDef, t: Tables) -> Run:
    kind, a = action.kind, action.args
    if kind == "shuffle":
        return Shuffle(compile_expr(a["zone"], t))
    if kind == "deal":
        return Deal(compile_expr(a["from"], t), t.zones[a["to"]], compile_expr(a["count"], t))
    if kind == "split":
        return Deal(compile_expr(a["from"], t), t.zones[a["to"]], None)
    if kind == "move" and a.get("where") is not None:
        return MoveWhere(compile_expr(a["from"], t), compile_expr(a["to"], t), compile_expr(a["where"], t))
    if kind in ("move", "draw"):
        return MoveCards(kind == "draw", compile_expr(a["from"], t), compile_expr(a["to"], t),
                         compile_expr(a["count"], t), bool(a["all"]))
    if kind in ("set", "add"):
        value = a["value"]
        if a["seat"] is None and value.op == "const":
            return SetConstant(kind == "add", t.counters[a["counter"]], int(value.data), str(a["counter"]))
        return _assign(kind == "add", t.counters[a["counter"]], a["seat"], of_card(value, t), t, str(a["counter"]))
    if kind == "if":
        return Branch(of_card(a["test"], t), compile_actions(action.then, t), compile_actions(action.other, t))
    if kind == "each_seat":
        return EachSeat(compile_actions(action.then, t))
    if kind == "start_play":
        return StartPlay(t.zones[a["from"]], compile_expr(a["to"], t), compile_expr(a["best"], t),
                         compile_actions(action.then, t))
    return _turn_action(kind, a, t)


def _turn_action(kind: str, args: Mapping[str, Any], t: Tables) -> Run:
    if kind == "skip":
        return Skip(compile_expr(args["count"], t))
    if kind in ("reverse", "again", "end_round"):
        return TurnFlag(kind)
    if kind == "phase":
        return Phase(t.layout.phase_names.index(str(args["phase"])))
    seat = of_card(args["seat"], t)  # next, win
    return NextSeat(seat) if kind == "next" else Win(seat)


class Shuffle(Step):
    def __init__(self, zone: Fn) -> None:
        self.zone = zone

    def run(self, state: DescribedState, card: int) -> None:
        state.shuffle_zone(self.zone.ev(state, card))


class Skip(Step):
    def __init__(self, count: Fn) -> None:
        self.count = count

    def run(self, state: DescribedState, card: int) -> None:
        state.skips += self.count.ev(state, card)


class TurnFlag(Step):
    """`reverse` the direction of play, play `again`, or `end_round` after this move."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def run(self, state: DescribedState, card: int) -> None:
        if self.kind == "reverse":
            state.direction = -state.direction
        elif self.kind == "again":
            state.again = True
        else:
            state.round_over = True


class Phase(Step):
    def __init__(self, index: int) -> None:
        self.index = index

    def run(self, state: DescribedState, card: int) -> None:
        state.phase_set = self.index


class NextSeat(Step):
    def __init__(self, seat: Fn) -> None:
        self.seat = seat

    def run(self, state: DescribedState, card: int) -> None:
        state.current_player = self.seat.ev(state, card)
        state.next_set = True


class Win(Step):
    def __init__(self, seat: Fn) -> None:
        self.seat = seat

    def run(self, state: DescribedState, card: int) -> None:
        winner = self.seat.ev(state, card)
        if winner not in state.winners:
            state.winners.append(winner)
        state.over = True
        if state.events is not None:
            state.events.append({"type": "win", "seat": winner})


class Deal(Step):
    """`count` cards (with no count, an equal share of the zone: `split`) from the top of a
    zone to every seat's zone of a kind."""

    def __init__(self, source: Fn, target: int, count: Fn | None) -> None:
        self.source, self.target, self.count = source, target, count

    def run(self, state: DescribedState, card: int) -> None:
        src = self.source.ev(state, card)
        each = self.count.ev(state, card) if self.count is not None else len(state.zones[src]) // state.n_players
        _hand_out(state, src, self.target, each)


def _hand_out(state: DescribedState, src: int, target: int, each: int) -> None:
    """`each` cards from the top of zone `src` to every seat's zone from `target` on, in seat
    order (fewer when it runs out); logged, as a deal in the middle of a round names no hands."""
    pile = state.zones[src]
    for seat in range(state.n_players):
        take = min(each, len(pile))
        if state.events is not None and take:
            log_moved(state, src, target + seat, pile[len(pile) - take:])
        state.zones[target + seat].extend(pile[len(pile) - take:])
        del pile[len(pile) - take:]


class MoveCards(Step):
    """Cards from the top of a zone to another one by one (`draw`: drawn, refilling the
    source where it refills), or all of them."""

    def __init__(self, draw: bool, source: Fn, target: Fn, count: Fn, everything: bool) -> None:
        self.draw, self.source, self.target, self.count, self.everything = draw, source, target, count, everything

    def run(self, state: DescribedState, card: int) -> None:
        src, dst = self.source.ev(state, card), self.target.ev(state, card)
        n = len(state.zones[src]) if self.everything else self.count.ev(state, card)
        if self.draw:
            state.draw(src, dst, n)
            return
        pile = state.zones[src]
        taken = min(n, len(pile))
        if taken <= 0:
            return
        moved = pile[len(pile) - taken:]  # one by one from the top: they land in reverse order
        moved.reverse()
        del pile[len(pile) - taken:]
        state.zones[dst].extend(moved)
        if dst == state.layout.trick_zone:  # a card put into the trick counts as its mover's
            state.trick_seats.extend([state.me] * taken)
        if state.events is not None and taken:
            log_moved(state, src, dst, state.zones[dst][len(state.zones[dst]) - taken:])


def log_moved(state: DescribedState, source: int, target: int, cards: list[int]) -> None:
    """Cards the rules moved (not a draw: those are `draw` events), named, so that a reader of
    the log can follow every card that shows (a pile cleared, a hand refilled, a gift)."""
    assert state.events is not None
    names, ids = state.layout.zone_names, state.layout.card_ids
    state.events.append({"type": "moved", "from": names[source], "to": names[target],
                         "cards": [ids[c] for c in cards]})


class SetConstant(Step):
    """A game counter set to, or raised by, a number the rule writes (`passes: 0`)."""

    def __init__(self, add: bool, index: int, value: int, name: str) -> None:
        self.add, self.index, self.value, self.name = add, index, value, name

    def run(self, state: DescribedState, card: int) -> None:
        if not self.add:
            state.tally[self.index] = self.value
            return
        total = state.tally[self.index] + self.value
        if not -COUNTER_LIMIT <= total <= COUNTER_LIMIT:
            raise runaway(state, self.name)
        state.tally[self.index] = total


def runaway(state: DescribedState, name: str) -> DataError:
    """The error of a counter grown past `COUNTER_LIMIT`: a rule that multiplies or adds
    without end would otherwise make numbers that take the machine's memory and time."""
    return DataError(problem(state.layout.path, f"play.counters.{name}",
                             f"went beyond {COUNTER_LIMIT:,} in either direction at turn {state.turns} of round "
                             f"{state.round_no}: a rule makes it grow without end (a product or sum fed by itself?)"))


class MoveWhere(Step):
    """Every card of the zone for which `test` holds (`it`) goes to the target, in its order."""

    def __init__(self, source: Fn, target: Fn, test: Fn) -> None:
        self.source, self.target, self.test = source, target, test

    def run(self, state: DescribedState, card: int) -> None:
        src, dst = self.source.ev(state, card), self.target.ev(state, card)
        saved = state.bound_it
        kept: list[int] = []
        moved: list[int] = []
        for it in state.zones[src]:
            state.bound_it = it
            if self.test.ev(state, card):
                moved.append(it)
            else:
                kept.append(it)
        state.bound_it = saved
        state.zones[src] = kept
        state.zones[dst].extend(moved)
        if state.events is not None and moved:
            log_moved(state, src, dst, moved)
        if dst == state.layout.trick_zone:
            state.trick_seats.extend([state.me] * len(moved))


class SetCounter(Step):
    """The commonest assignment: a game counter set to an expression's value."""

    def __init__(self, index: int, value: Fn, name: str) -> None:
        self.index, self.value, self.name = index, value, name

    def run(self, state: DescribedState, card: int) -> None:
        amount = self.value.ev(state, card)
        if not -COUNTER_LIMIT <= amount <= COUNTER_LIMIT:
            raise runaway(state, self.name)
        state.tally[self.index] = amount


class Assign(Step):
    """A counter (of the seat an expression gives, for a counter of each seat) set to, or
    raised by, an expression's value."""

    def __init__(self, add: bool, base: int, seat: Fn | None, value: Fn, name: str) -> None:
        self.add, self.base, self.seat, self.value, self.name = add, base, seat, value, name

    def run(self, state: DescribedState, card: int) -> None:
        index = self.base + (self.seat.ev(state, card) if self.seat is not None else 0)
        amount = self.value.ev(state, card)
        if self.add:
            amount += state.tally[index]
        if not -COUNTER_LIMIT <= amount <= COUNTER_LIMIT:
            raise runaway(state, self.name)
        state.tally[index] = amount


def _assign(add: bool, base: int, seat_node: Node | None, value: Fn, t: Tables, name: str) -> Run:
    seat = compile_expr(seat_node, t) if seat_node is not None else None
    if seat is None and not add:
        return SetCounter(base, value, name)
    return Assign(add, base, seat, value, name)


class Branch(Step):
    def __init__(self, test: Fn, then: Run, other: Run) -> None:
        self.test, self.then, self.other = test, then, other

    def run(self, state: DescribedState, card: int) -> None:
        if self.test.ev(state, card):
            self.then.run(state, card)
        else:
            self.other.run(state, card)


class EachSeat(Step):
    def __init__(self, body: Run) -> None:
        self.body = body

    def run(self, state: DescribedState, card: int) -> None:
        saved = state.bound_seat
        for seat in range(state.n_players):
            state.bound_seat = seat
            self.body.run(state, card)
            if state.over:
                break
        state.bound_seat = saved


class StartPlay(Step):
    """The card with the highest `best` in any seat's zone is played by its holder, who then
    runs `then`; the seat after the holder moves next."""

    def __init__(self, source: int, target: Fn, best: Fn, then: Run) -> None:
        self.source, self.target, self.best, self.then = source, target, best, then

    def run(self, state: DescribedState, card: int) -> None:
        holder, chosen, top = -1, -1, -(1 << 62)
        for seat in range(state.n_players):
            for c in state.zones[self.source + seat]:
                key = self.best.ev(state, c)
                if key > top:
                    holder, chosen, top = seat, c, key
        if chosen < 0:
            return
        state.zones[self.source + holder].remove(chosen)
        destination = self.target.ev(state, chosen)
        state.zones[destination].append(chosen)
        if destination == state.layout.trick_zone:
            state.trick_seats.append(holder)
        if state.events is not None:
            state.events.append({"type": "start_play", "seat": holder, "card": state.layout.card_ids[chosen],
                                 "zone": state.layout.zone_names[destination]})
        state.me = holder
        self.then.run(state, chosen)
        state.current_player = (holder + state.direction) % state.n_players
        state.next_set = True
