"""Actions and moves of a described game compiled into closures.

An action list becomes one `Run` closure; a move becomes a generator of its legal instances,
an apply closure that moves its cards, and a closure that words it. Moves are `(move index,
card, value)` ints: the card played, given or -1; the declared value's index or -1 (plays of
several cards add the others: `deckgen.games.described.plays`).
"""

from __future__ import annotations

from typing import Any, Callable, Final, Mapping

from deckgen.errors import DataError
from deckgen.games.base import Move
from deckgen.games.described.buys import compile_buy
from deckgen.games.described.expressions import Tables, compile_expr
from deckgen.games.described.plays import CompiledMove, compile_play
from deckgen.games.described.rows import of_card
from deckgen.games.described.state import DescribedState, Fn, Run
from deckgen.model.common import problem
from deckgen.model.play_nodes import Node
from deckgen.model.play_defs import Action, MoveDef

Step = Callable[[DescribedState, int], None]
#: The largest value a counter may take, either way: far beyond any score, far below the
#: numbers a rule feeding a counter into itself would make.
COUNTER_LIMIT: Final = 10 ** 15


def compile_actions(actions: tuple[Action, ...], t: Tables) -> Run:
    """One closure running the actions in order, stopping when the game is over."""
    steps = [compile_action(action, t) for action in actions]
    if not steps:
        return _nothing
    if len(steps) == 1:
        return steps[0]

    def run(state: DescribedState, card: int) -> None:
        for step in steps:
            step(state, card)
            if state.over:
                return
    return run


def _nothing(state: DescribedState, card: int) -> None:
    return None


def compile_action(action: Action, t: Tables) -> Step:
    kind, a = action.kind, action.args
    if kind == "shuffle":
        zone = compile_expr(a["zone"], t)

        def shuffle(state: DescribedState, card: int) -> None:
            state.shuffle_zone(zone(state, card))
        return shuffle
    if kind == "deal":
        return _deal(compile_expr(a["from"], t), t.zones[a["to"]], compile_expr(a["count"], t))
    if kind == "split":
        return _split(compile_expr(a["from"], t), t.zones[a["to"]])
    if kind == "move" and a.get("where") is not None:
        return _move_where(compile_expr(a["from"], t), compile_expr(a["to"], t), compile_expr(a["where"], t))
    if kind in ("move", "draw"):
        return _move(kind == "draw", compile_expr(a["from"], t), compile_expr(a["to"], t),
                     compile_expr(a["count"], t), bool(a["all"]))
    if kind in ("set", "add"):
        value = a["value"]
        if a["seat"] is None and value.op == "const":
            return _set_constant(kind == "add", t.counters[a["counter"]], int(value.data), str(a["counter"]))
        return _assign(kind == "add", t.counters[a["counter"]], a["seat"], of_card(value, t), t,
                       str(a["counter"]))
    if kind == "if":
        return _branch(of_card(a["test"], t), compile_actions(action.then, t), compile_actions(action.other, t))
    if kind == "each_seat":
        return _each_seat(compile_actions(action.then, t))
    if kind == "start_play":
        return _start_play(t.zones[a["from"]], compile_expr(a["to"], t), compile_expr(a["best"], t),
                           compile_actions(action.then, t))
    return _turn_action(kind, a, t)


def _turn_action(kind: str, args: Mapping[str, Any], t: Tables) -> Step:
    if kind == "skip":
        count = compile_expr(args["count"], t)

        def skip(state: DescribedState, card: int) -> None:
            state.skips += count(state, card)
        return skip
    if kind == "reverse":
        def reverse(state: DescribedState, card: int) -> None:
            state.direction = -state.direction
        return reverse
    if kind == "again":
        def again(state: DescribedState, card: int) -> None:
            state.again = True
        return again
    if kind == "end_round":
        def end_round(state: DescribedState, card: int) -> None:
            state.round_over = True
        return end_round
    if kind == "phase":
        index = t.layout.phase_names.index(str(args["phase"]))

        def phase(state: DescribedState, card: int) -> None:
            state.phase_set = index
        return phase
    seat = of_card(args["seat"], t)  # next, win
    if kind == "next":
        def next_seat(state: DescribedState, card: int) -> None:
            state.current_player = seat(state, card)
            state.next_set = True
        return next_seat

    def win(state: DescribedState, card: int) -> None:
        winner = seat(state, card)
        if winner not in state.winners:
            state.winners.append(winner)
        state.over = True
        if state.events is not None:
            state.events.append({"type": "win", "seat": winner})
    return win


def _deal(source: Fn, target: int, count: Fn) -> Step:
    def deal(state: DescribedState, card: int) -> None:
        _hand_out(state, source(state, card), target, count(state, card))
    return deal


def _split(source: Fn, target: int) -> Step:
    def split(state: DescribedState, card: int) -> None:
        src = source(state, card)
        _hand_out(state, src, target, len(state.zones[src]) // state.n_players)
    return split


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


def _move(draw: bool, source: Fn, target: Fn, count: Fn, everything: bool) -> Step:
    def move(state: DescribedState, card: int) -> None:
        src, dst = source(state, card), target(state, card)
        n = len(state.zones[src]) if everything else count(state, card)
        if draw:
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
    return move


def log_moved(state: DescribedState, source: int, target: int, cards: list[int]) -> None:
    """Cards the rules moved (not a draw: those are `draw` events), named, so that a reader of
    the log can follow every card that shows (a pile cleared, a hand refilled, a gift)."""
    assert state.events is not None
    names, ids = state.layout.zone_names, state.layout.card_ids
    state.events.append({"type": "moved", "from": names[source], "to": names[target],
                         "cards": [ids[c] for c in cards]})


def _set_constant(add: bool, index: int, value: int, name: str) -> Step:
    """A game counter set to, or raised by, a number the rule writes (`passes: 0`)."""
    if add:
        def raise_counter(state: DescribedState, card: int) -> None:
            total = state.tally[index] + value
            if not -COUNTER_LIMIT <= total <= COUNTER_LIMIT:
                raise runaway(state, name)
            state.tally[index] = total
        return raise_counter

    def set_counter(state: DescribedState, card: int) -> None:
        state.tally[index] = value
    return set_counter


def runaway(state: DescribedState, name: str) -> DataError:
    """The error of a counter grown past `COUNTER_LIMIT`: a rule that multiplies or adds
    without end would otherwise make numbers that take the machine's memory and time."""
    return DataError(problem(state.layout.path, f"play.counters.{name}",
                             f"went beyond {COUNTER_LIMIT:,} in either direction at turn {state.turns} of round "
                             f"{state.round_no}: a rule makes it grow without end (a product or sum fed by itself?)"))


def _move_where(source: Fn, target: Fn, test: Fn) -> Step:
    """Every card of the zone for which `test` holds (`it`) goes to the target, in its order."""
    def move_where(state: DescribedState, card: int) -> None:
        src, dst = source(state, card), target(state, card)
        saved = state.bound_it
        kept: list[int] = []
        moved: list[int] = []
        for it in state.zones[src]:
            state.bound_it = it
            if test(state, card):
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
    return move_where


def _assign(add: bool, base: int, seat_node: Node | None, value: Fn, t: Tables, name: str) -> Step:
    seat = compile_expr(seat_node, t) if seat_node is not None else None
    if seat is None and not add:  # the commonest: a game counter set
        def set_counter(state: DescribedState, card: int) -> None:
            amount = value(state, card)
            if not -COUNTER_LIMIT <= amount <= COUNTER_LIMIT:
                raise runaway(state, name)
            state.tally[base] = amount
        return set_counter

    def assign(state: DescribedState, card: int) -> None:
        index = base + (seat(state, card) if seat is not None else 0)
        amount = value(state, card)
        if add:
            amount += state.tally[index]
        if not -COUNTER_LIMIT <= amount <= COUNTER_LIMIT:
            raise runaway(state, name)
        state.tally[index] = amount
    return assign


def _branch(test: Fn, then: Run, other: Run) -> Step:
    def branch(state: DescribedState, card: int) -> None:
        if test(state, card):
            then(state, card)
        else:
            other(state, card)
    return branch


def _each_seat(body: Run) -> Step:
    def each(state: DescribedState, card: int) -> None:
        saved = state.bound_seat
        for seat in range(state.n_players):
            state.bound_seat = seat
            body(state, card)
            if state.over:
                break
        state.bound_seat = saved
    return each


def _start_play(source: int, target: Fn, best: Fn, then: Run) -> Step:
    """The card with the highest `best` in any seat's zone is played by its holder, who then
    runs `then`; the seat after the holder moves next."""
    def start_play(state: DescribedState, card: int) -> None:
        holder, chosen, top = -1, -1, -(1 << 62)
        for seat in range(state.n_players):
            for c in state.zones[source + seat]:
                key = best(state, c)
                if key > top:
                    holder, chosen, top = seat, c, key
        if chosen < 0:
            return
        state.zones[source + holder].remove(chosen)
        destination = target(state, chosen)
        state.zones[destination].append(chosen)
        if destination == state.layout.trick_zone:
            state.trick_seats.append(holder)
        if state.events is not None:
            state.events.append({"type": "start_play", "seat": holder, "card": state.layout.card_ids[chosen],
                                 "zone": state.layout.zone_names[destination]})
        state.me = holder
        then(state, chosen)
        state.current_player = (holder + state.direction) % state.n_players
        state.next_set = True
    return start_play


# --- moves -------------------------------------------------------------------------------


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
        refill = t.layout.refill_from

        def can_draw(state: DescribedState, out: list[Move]) -> None:
            src = source(state, -1)
            other = -1 if take else refill[src]  # a take takes the cards there, never a refill
            if state.zones[src] or other >= 0 and len(state.zones[other]) > t.layout.keep_top[src]:
                out.append((index, -1, -1))

        def draw(state: DescribedState, card: int, value: int) -> None:
            src, dst = source(state, -1), target(state, -1)
            if take:
                if state.events is not None and state.zones[src]:
                    log_moved(state, src, dst, state.zones[src])
                state.zones[dst].extend(state.zones[src])
                state.zones[src] = []
            else:
                state.draw(src, dst, count(state, -1))

        def draw_words(state: DescribedState, move: Move) -> str:
            zone = t.layout.zone_names[source(state, -1)]
            return f"takes {zone}" if take else f"draws from {zone}"
        return can_draw, draw, draw_words, None
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


def _value_type(t: Tables, counter: str) -> str:
    return t.layout.counter_kinds[t.counters[counter]]
