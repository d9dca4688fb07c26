"""Play and give moves of a described game: which cards of the zone may go (the move's `if`,
then `must`), one at a time or as sets and runs (`cards:`), and what moving them does.

A single play is `(move index, card, declared value or -1)`; a play of several cards is the
same with the group's other cards after it, `(index, top card, value, c1, c2, ...)`: the top
card is the one with the highest value (the highest card int among equals), the others in
rising order, so a run lands in order with its highest card on top.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any, Callable, Mapping

from deckgen.games.base import Move
from deckgen.games.described.expressions import Tables, compile_expr, zone_place
from deckgen.games.described.layout import CardRows, QuickPlay
from deckgen.games.described.program import Fn
from deckgen.games.described.rows import card_rows, card_rows_of, compile_for_cards, fixed_rows
from deckgen.games.described.state import DescribedState, Gen
from deckgen.model.play_defs import GroupDef, MoveDef

Apply = Callable[[DescribedState, int, int], None]
Words = Callable[[DescribedState, Move], str]
#: The cards of a zone a play may move, for the position at hand.
Eligible = Callable[[DescribedState, list[int]], list[int]]
#: The cards a play may move in the position at hand, its zone found from the state.
Cards = Callable[[DescribedState], list[int]]
#: A move compiled: its generator, apply and words, and the cards of a play counted for a
#: random draw (None when the move is not a play or give of one card declaring nothing).
CompiledMove = tuple[Gen, Apply, Words, Cards | None]
#: Adds the move(s) of one group (its top card and the others) to the legal moves.
Emit = Callable[[DescribedState, list[Move], int, tuple[int, ...]], None]


def compile_play(move: MoveDef, t: Tables) -> CompiledMove:
    """The generator, apply and words of a play or give move, and for one of one card that
    declares nothing the cards it may move in the position: its legal moves are `(index,
    card, -1)` for each, in this order, so a random playout can draw one without making
    every move."""
    a, index = move.args, move.index
    names = t.layout.card_names
    source, target = compile_expr(a["from"], t), compile_expr(a["to"], t)
    must_rows = card_rows(a["must"], t) if a.get("must") is not None else None
    eligible = _eligible(a, t, must_rows)
    declared = a.get("declare")
    values = t.layout.value_names[t.layout.counter_kinds[t.counters[declared]]] if declared else ()
    declare_if = compile_expr(a["declare_if"], t) if declared else None
    base = t.counters[declared] if declared else -1
    trick_zone = t.layout.trick_zone
    verb = "plays" if move.kind == "play" else "gives"

    def emit(state: DescribedState, out: list[Move], card: int, rest: tuple[int, ...]) -> None:
        if declare_if is not None and declare_if.ev(state, card):
            out.extend((index, card, v) + rest for v in range(len(values)))
        else:
            out.append((index, card, -1) + rest)

    zone_names = t.layout.zone_names

    def words(state: DescribedState, move: Move) -> str:
        cards = [names[c] for c in move[3:]] + [names[move[1]]]
        said = f"{verb} the {cards[0]}" if len(cards) == 1 else \
            f"{verb} the {', the '.join(cards[:-1])} and the {cards[-1]}"
        if verb == "gives":  # where a given card goes is the point of the move
            said += f" to {zone_names[target.ev(state, move[1])]}"
        return said + (f" and declares {values[move[2]]}" if move[2] >= 0 else "")

    if a.get("readings") is not None:
        return _reading_play(move, t, source, target, eligible)
    group = a.get("cards")
    if group is not None:
        return _group_generator(group, t, source, eligible, emit), _group_apply(source, target, base), words, None

    def cards(state: DescribedState) -> list[int]:
        return eligible(state, state.zones[source.ev(state, -1)])

    def generate(state: DescribedState, out: list[Move]) -> None:
        for c in eligible(state, state.zones[source.ev(state, -1)]):  # cards(state), a call less
            if declare_if is not None and declare_if.ev(state, c):
                out.extend((index, c, v) for v in range(len(values)))
            else:
                out.append((index, c, -1))

    def apply(state: DescribedState, card: int, value: int) -> None:
        move_card(state, card, source, target, trick_zone)
        if value >= 0:
            state.tally[base] = value
    counted = cards if not declared else None
    places = zone_place(a["from"], t), zone_place(a["to"], t)
    every = a["if"].op == "const" and a["if"].data == 1
    if not declared and every and (a.get("must") is None or must_rows is not None) and places[0] is not None \
            and places[0][1] and places[1] is not None and not places[1][1]:
        t.layout.quick_moves[index] = HandToPile(index, places[0][0], places[1][0], must_rows)
    return generate, _hand_to_shared(a, t, base) or apply, words, counted


class HandToPile(QuickPlay[DescribedState]):
    """The commonest play, made in line by random playouts: one card of the mover's zone to a
    shared one (a hand to the trick or the discard pile), any card or one that must follow
    when some do; as `random_move` then `apply`, the same draw, the card's tuple never made."""

    def __init__(self, index: int, hand: int, pile: int, must: CardRows[DescribedState] | None) -> None:
        self.index, self.hand, self.pile, self.must = index, hand, pile, must

    def play(self, state: DescribedState, rand: Callable[[], float]) -> None:
        layout = state.layout
        me = state.me = state.current_player
        layout.generations += 1
        state.epoch = layout.generations
        hand = state.zones[self.hand + me]
        playable = hand
        if self.must is not None:
            follows = self.must.of(state)
            playable = [c for c in hand if follows[c]] or hand
        if not playable:
            raise state.stuck()
        card = playable[int(rand() * len(playable))]
        state.last_move = (self.index, card, -1)
        if layout.counts_moves:
            state.turns += 1
        hand.remove(card)
        state.zones[self.pile].append(card)
        if self.pile == layout.trick_zone:
            state.trick_seats.append(me)
        layout.move_then[self.index].run(state, card)
        state.finish_move()


def move_card(state: DescribedState, card: int, source: Fn,
              target: Fn, trick_zone: int) -> None:
    """A played or given card from its zone to the target; into the trick, as its mover's."""
    state.zones[source.ev(state, card)].remove(card)
    dst = target.ev(state, card)
    state.zones[dst].append(card)
    if dst == trick_zone:
        state.trick_seats.append(state.me)


def _hand_to_shared(a: Mapping[str, Any], t: Tables, base: int) -> Apply | None:
    """The apply of the commonest plays, from the mover's own zone to a shared one (a hand to
    the discard pile or the trick) or to another zone of its own (a bid laid face down), with
    both zones known before play; None for others."""
    source, target = zone_place(a["from"], t), zone_place(a["to"], t)
    if source is None or target is None or not source[1]:
        return None
    hand, pile = source[0], target[0]
    if target[1]:  # another zone of the mover's, never the trick (a shared zone)
        def hand_to_own(state: DescribedState, card: int, value: int) -> None:
            state.zones[hand + state.me].remove(card)
            state.zones[pile + state.me].append(card)
            if value >= 0:
                state.tally[base] = value
        return hand_to_own
    into_trick = pile == t.layout.trick_zone

    def hand_to_shared(state: DescribedState, card: int, value: int) -> None:
        state.zones[hand + state.me].remove(card)
        state.zones[pile].append(card)
        if into_trick:
            state.trick_seats.append(state.me)
        if value >= 0:
            state.tally[base] = value
    return hand_to_shared


def _eligible(a: Mapping[str, Any], t: Tables, must_rows: CardRows[DescribedState] | None) -> Eligible:
    """The cards of the zone that pass the move's `if`, narrowed by `must` (read from
    `must_rows` when it has rows) when any pass it."""
    every = a["if"].op == "const" and a["if"].data == 1  # no condition: every card of the zone
    allowed = compile_for_cards(a["if"], t)
    allowed_rows = None if every else card_rows(a["if"], t)
    must = compile_for_cards(a["must"], t) if a.get("must") is not None else None

    def eligible(state: DescribedState, zone: list[int]) -> list[int]:
        if every and must_rows is not None:  # a hand that must follow (a trick game's play)
            follows = must_rows.of(state)
            return [c for c in zone if follows[c]] or list(zone)
        if every:
            cards = list(zone)
        elif allowed_rows is not None:
            ok = allowed_rows.of(state)
            cards = [c for c in zone if ok[c]]
        else:
            cards = [c for c in zone if allowed.ev(state, c)]
        if must_rows is not None:
            follows = must_rows.of(state)
            return [c for c in cards if follows[c]] or cards  # must_follow, in line: it runs every move
        if must is not None:
            forced = [c for c in cards if must.ev(state, c)]
            if forced:
                return forced
        return cards
    return eligible


def _group_generator(group: GroupDef, t: Tables, source: Fn,
                     eligible: Eligible, emit: Emit) -> Gen:
    """Every set or run of the eligible cards, of a size from `min` to `max`."""
    keys = card_rows_of(group.key, t)
    same = card_rows_of(group.same, t) if group.same is not None else None
    least = compile_expr(group.least, t)
    most = compile_expr(group.most, t) if group.most is not None else None
    run = group.kind == "run"

    def generate(state: DescribedState, out: list[Move]) -> None:
        cards = eligible(state, state.zones[source.ev(state, -1)])
        low = max(1, least.ev(state, -1))
        high = min(len(cards), most.ev(state, -1)) if most is not None else len(cards)
        if low > high:
            return
        key = keys.of(state)
        families: dict[int, list[int]] = {}
        if same is not None:
            shared = same.of(state)
            for c in cards:
                families.setdefault(shared[c], []).append(c)
        else:
            families[0] = cards
        for family in families.values():
            by_key: dict[int, list[int]] = {}
            for c in sorted(family):
                by_key.setdefault(key[c], []).append(c)
            for group_cards in (_runs(by_key, low, high) if run else _sets(by_key, low, high)):
                emit(state, out, group_cards[-1], group_cards[:-1])
    return generate


def _sets(by_key: dict[int, list[int]], low: int, high: int) -> list[tuple[int, ...]]:
    """Every choice of `low` to `high` cards sharing a key, each in rising card order."""
    found: list[tuple[int, ...]] = []
    for value in sorted(by_key):
        equal = by_key[value]
        for size in range(low, min(high, len(equal)) + 1):
            found.extend(combinations(equal, size))
    return found


def _runs(by_key: dict[int, list[int]], low: int, high: int) -> list[tuple[int, ...]]:
    """Every run of `low` to `high` consecutive keys, one card of each key (every choice of
    card where a key has several), in rising key order."""
    found: list[tuple[int, ...]] = []
    values = sorted(by_key)
    for start, first in enumerate(values):
        length = 0
        for value in values[start:]:
            if value != first + length or length >= high:
                break
            length += 1
            if length >= low:
                found.extend(product(*(by_key[first + i] for i in range(length))))
    return found


def _group_apply(source: Fn, target: Fn,
                 base: int) -> Apply:
    """Moves the group's cards in rising order (its top card last) and sets what it declared."""
    def apply(state: DescribedState, card: int, value: int) -> None:
        src, dst = state.zones[source.ev(state, card)], state.zones[target.ev(state, card)]
        for c in state.last_move[3:]:
            src.remove(c)
            dst.append(c)
        src.remove(card)
        dst.append(card)
        if value >= 0:
            state.tally[base] = value
    return apply


def _reading_play(move: MoveDef, t: Tables, source: Fn,
                  target: Fn, eligible: Eligible) -> CompiledMove:
    """A play of one card as one of its readings: a move `(index, card, k)` for the first
    reading k of each distinct number the card reads as; the number is remembered as the
    card's `reading(card)`. Readings of the card alone (its fields) are read once, and each
    card's moves made once, at the first move generation."""
    index, names, trick_zone = move.index, t.layout.card_names, t.layout.trick_zone
    nodes = move.args["readings"]
    fixed = [fixed_rows(node, t) for node in nodes]
    rows = [row if row is not None else card_rows_of(node, t) for row, node in zip(fixed, nodes)]
    values = [compile_expr(node, t) for node in nodes]
    t.layout.move_readings[index] = [value.ev for value in values]
    verb = "plays" if move.kind == "play" else "gives"
    #: With readings of the card alone: the readings by card, and each card's moves.
    read_once: list[list[int]] = []
    by_card: list[list[Move]] = []

    def moves_of(c: int, read: list[list[int]]) -> list[Move]:
        found: list[Move] = []
        seen: list[int] = []
        for k, row in enumerate(read):
            if row[c] not in seen:
                seen.append(row[c])
                found.append((index, c, k))
        return found

    def generate(state: DescribedState, out: list[Move]) -> None:
        read = [row.of(state) for row in rows]
        for c in eligible(state, state.zones[source.ev(state, -1)]):
            out.extend(moves_of(c, read))

    # A play whose `if` reads the card alone (and without `must`): a card it refuses has no
    # moves, so the zone's cards are looked up without trying the condition.
    allowed = fixed_rows(move.args["if"], t) if move.args.get("must") is None else None

    def generate_fixed(state: DescribedState, out: list[Move]) -> None:
        if not by_card:
            read_once.extend(row.of(state) for row in rows)
            ok = allowed.of(state) if allowed is not None else [1] * len(names)
            by_card.extend(moves_of(c, read_once) if ok[c] else [] for c in range(len(names)))
        for c in eligible(state, state.zones[source.ev(state, -1)]):
            out.extend(by_card[c])

    def generate_looked_up(state: DescribedState, out: list[Move]) -> None:
        if not by_card:
            generate_fixed(state, [])
        for c in state.zones[source.ev(state, -1)]:
            out.extend(by_card[c])

    def apply(state: DescribedState, card: int, which: int) -> None:
        move_card(state, card, source, target, trick_zone)
        state.played_as[card] = read_once[which][card] if read_once else rows[which].of(state)[card]
    places = zone_place(move.args["from"], t), zone_place(move.args["to"], t)
    if places[0] is not None and places[0][1] and places[1] is not None and not places[1][1]:
        hand, pile = places[0][0], places[1][0]  # the mover's own zone to a shared one

        def apply_to_shared(state: DescribedState, card: int, which: int) -> None:
            state.zones[hand + state.me].remove(card)
            state.zones[pile].append(card)
            if pile == trick_zone:
                state.trick_seats.append(state.me)
            state.played_as[card] = read_once[which][card] if read_once else rows[which].of(state)[card]
        apply = apply_to_shared

    def words(state: DescribedState, move: Move) -> str:
        return f"{verb} the {names[move[1]]} as {values[move[2]].ev(state, move[1])}"
    if any(row is None for row in fixed):
        return generate, apply, words, None
    return generate_looked_up if allowed is not None else generate_fixed, apply, words, None
