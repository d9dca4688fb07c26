"""The search bot's playouts in Mystique Domination: the greedy policy at a playout's price,
played to the end of the round searched, whose scores then give the game's win chances.

A playout plays the greedy bot's moves for every seat until the round ends (rounds last 66
moves on average with greedy players). The greedy bot (`deckgen/bots/mystique_domination.py`)
lists every legal move to take a minimum over them, every pattern of the hand for a lead,
each weighed by the pile cards it would capture for a follow; `DominationReply` finds the same
move from the hand's masks and the engine's pattern tables: a lead is one of the longest
patterns of the lowest value (`PatternTable.longest`), each category's lowest in card order
being its numbers' lowest cards; a follow weighs only the patterns of the lowest value that
beats the last play, and an n of a kind's best is its cards whose suits hold most pile cards.

A playout stops when the round ends (`round_ended`, search_settings' `stop`), or after
`PLAYOUT_MOVES`: `DominationWorlds` deals worlds whose last round's points are cleared, so
points there again mean that the round searched ended, and `domination_value` reads the
scores then: the team's chance to win the game from them, if each later round splits its
points as greedy rounds do. Judged instead by who leads after the round
(the game's standing), search gained 5 points of win share on greedy over 200 games, with
the win chance 13 (search_settings has the figures).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from functools import lru_cache
from itertools import product
from typing import cast

from deckgen.games.base import Move
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.seats import partner_of, team_of
from deckgen.games.mystique_domination import PASS_MOVE, DominationState, DominationTables, PatternTable
from deckgen.games.mystique_domination.patterns import PLAYERS, unrank

#: The greedy bot's numbers (`deckgen/bots/mystique_domination.py`; not imported: a bot
#: module registers its bots, and the registry imports search): a kind of this many cards or
#: more, of this number or higher, is kept unless a play with it captures this many cards.
KEPT_KIND_SIZE = 3
KEPT_KIND_NUMBER = 4
VALUABLE_PILE = 6

#: The most moves a playout plays after the candidate: the round searched ends within them at
#: 83 % of the greedy bot's decisions (99 % within 80).
PLAYOUT_MOVES = 60


def lower_in_card_order(mask: int, other: int) -> bool:
    """Whether `mask`'s cards, lowest first, come before `other`'s as the greedy bot compares
    its moves' tuples, for two patterns of one size or one value (neither holds the other):
    the lowest card in one and not in the other decides."""
    differ = mask ^ other
    return bool(differ & -differ & mask)


#: Per engine (by id, with the engine, which keeps the id from being reused while its entry
#: stands): the cards of each colour's numbers high enough for the greedy bot to keep a kind.
_HIGH_GROUPS: dict[int, tuple[DominationTables, list[int]]] = {}


def high_groups(game: DominationTables) -> list[int]:
    """The masks of one colour's cards of one number of at least `KEPT_KIND_NUMBER`."""
    entry = _HIGH_GROUPS.get(id(game))
    if entry is not None and entry[0] is game:
        return entry[1]
    groups = [colour_mask & number_mask for number, number_mask in zip(game.numbers, game.number_masks)
              if number >= KEPT_KIND_NUMBER for colour_mask in game.colour_masks]
    _HIGH_GROUPS[id(game)] = (game, groups)
    return groups


def kept_cards(game: DominationTables, hand: int) -> int:
    """The greedy bot's kept cards: its high three- and four-of-a-kinds."""
    kept = 0
    for group_mask in high_groups(game):
        group = hand & group_mask
        if group.bit_count() >= KEPT_KIND_SIZE:
            kept |= group
    return kept


def lead_mask(game: DominationTables, hand: int) -> int:
    """The greedy lead as a mask: the longest pattern, then the lowest value, then the first
    in card order, of the hand without its kept cards (of the whole hand if nothing else).
    Each colour's candidates are its table's `longest` categories, each category's first
    pattern the lowest in card order (its numbers' lowest cards)."""
    free = hand & ~kept_cards(game, hand) or hand
    number_masks = game.number_masks
    best, best_size, best_value = 0, 0, 0
    for colour, colour_mask in enumerate(game.colour_masks):
        held = free & colour_mask
        if not held:
            continue
        table = game.table(free, colour)
        for category in table.longest:
            size, value = table.sizes[category], table.values[category]
            if size < best_size or (size == best_size and value > best_value):
                break
            mask = unrank(held, table, category, 0, number_masks)
            if size > best_size or value < best_value or lower_in_card_order(mask, best):
                best, best_size, best_value = mask, size, value
    return best


def highest_cards(game: DominationTables, cards: int, count: int) -> int:
    """The `count` highest-numbered of `cards`, the lowest card first among equal numbers."""
    chosen = 0
    for number_mask in reversed(game.number_masks):
        group = cards & number_mask
        while group and count:
            low = group & -group
            chosen |= low
            group ^= low
            count -= 1
    return chosen


def pass_mask(game: DominationTables, hand: int) -> int:
    """The greedy pass: the highest cards of the longest colour (the first colour of the
    longest), made up with the highest others if it is short."""
    count = game.params.pass_cards
    colour_masks = game.colour_masks
    longest = max(range(len(colour_masks)), key=lambda colour: ((hand & colour_masks[colour]).bit_count(), -colour))
    chosen = highest_cards(game, hand & colour_masks[longest], count)
    return chosen | highest_cards(game, hand & ~chosen, count - chosen.bit_count())


class DominationReply:
    """The greedy bot's move (search.Chooser), found without listing the legal moves."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat

    def choose(self, state: DominationState) -> Move:
        if state.passing:
            return tuple(bits_of(pass_mask(state.game, state.hands[state.current_player])))
        game = state.game
        hand = state.hands[state.current_player]
        if state.last == 0:
            return tuple(bits_of(lead_mask(game, hand)))
        if state.last_player == partner_of(state.current_player, state.n_players):
            return PASS_MOVE
        mask = follow_mask(state, game, hand)
        return tuple(bits_of(mask)) if mask else PASS_MOVE


def follow_mask(state: DominationState, game: DominationTables, hand: int) -> int:
    """The greedy follow as a mask (0: pass): of the plays beating the last, those without kept
    cards or capturing a valuable pile, the lowest value, then the most captured, then the
    first in card order. Most often the lowest value beating the last is one pattern's, with
    no kept card: that one."""
    colour = state.lead_colour
    table = game.table(hand, colour)
    values = table.values
    start = bisect_right(values, state.last_value)
    end = len(values)
    if start == end:
        return 0
    held = hand & game.colour_masks[colour]
    kept = kept_cards(game, held)
    if table.starts[start + 1] - table.starts[start] == 1 and (start + 1 == end or values[start + 1] != values[start]):
        mask = unrank(held, table, start, 0, game.number_masks)
        if not mask & kept:
            return mask
    pile = state.pile
    in_suit = [(pile & suit_mask).bit_count() for suit_mask in game.suit_masks]
    best, best_captured, level = 0, -1, values[start]
    for category in range(start, end):
        value = values[category]
        if value != level:
            if best:
                break
            level = value
        mask, captured = best_of_category(game, table, category, held, in_suit)
        if mask & kept and captured < VALUABLE_PILE:
            continue
        if captured > best_captured or (captured == best_captured and lower_in_card_order(mask, best)):
            best, best_captured = mask, captured
    return best


def best_of_category(game: DominationTables, table: PatternTable, category: int, held: int,
                     in_suit: list[int]) -> tuple[int, int]:
    """The play of one category capturing most (the first in card order among those), and
    how many cards it captures: itself and the pile cards of its suits."""
    first, second = table.firsts[category], table.seconds[category]
    suit = game.suit
    if not table.runs[category]:
        cards = sorted(bits_of(held & game.number_masks[first]), key=lambda card: (-in_suit[suit[card]], card))
        chosen = cards[:second]
        mask = 0
        for card in chosen:
            mask |= 1 << card
        return mask, second + sum(in_suit[suit[card]] for card in chosen)
    groups = [bits_of(held & game.number_masks[step]) for step in range(first, second + 1)]
    best, best_captured = 0, -1
    for run in product(*groups):
        mask = suits = 0
        for card in run:
            mask |= 1 << card
            suits |= 1 << suit[card]
        captured = len(run) + sum(in_suit[s] for s in range(len(in_suit)) if suits >> s & 1)
        if captured > best_captured or (captured == best_captured and lower_in_card_order(mask, best)):
            best, best_captured = mask, captured
    return best, best_captured


class DominationWorlds:
    """Deals the search bot's worlds (search.OpponentModel) as the plain determinization, with
    the last round's points cleared: in a playout, points there again mean that the round
    searched has ended (a round's 50 points never split 0-0)."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat

    def sample_world(self, state: DominationState, rng: random.Random) -> DominationState:
        world = cast(DominationState, state.determinize(self.seat, rng))
        world.round_points = [0, 0]
        return world


def round_ended(world: DominationState) -> bool:
    """Whether the round a world from `DominationWorlds` was dealt in has ended."""
    return bool(world.round_points[0] or world.round_points[1])


#: How a round's five majorities (four suits and the cards) fell between the teams in 1,400
#: rounds of greedy games, by how many one team took (0 to 5), made symmetric.
ROUND_SPLITS = (0.178, 0.2, 0.122, 0.122, 0.2, 0.178)


@lru_cache(maxsize=None)
def win_chance(mine: float, theirs: float, target: int, majority: float) -> float:
    """The chance that a team with `mine` points against `theirs`, between rounds, wins a game
    to `target`, if every later round splits its majorities (`majority` points each, on
    average) as `ROUND_SPLITS` does; level scores at the target play another round."""
    if max(mine, theirs) >= target and mine != theirs:
        return 1.0 if mine > theirs else 0.0
    if majority <= 0:
        return 0.5
    majorities = len(ROUND_SPLITS) - 1
    return sum(chance * win_chance(mine + taken * majority, theirs + (majorities - taken) * majority, target, majority)
               for taken, chance in enumerate(ROUND_SPLITS))


def domination_value(world: DominationState, seat: int) -> float:
    """A playout's worth to `seat`: half its team's chance to win the game (a team's win is
    shared by its two seats, as in the result) from the scores after the round searched. In
    a round not yet ended (a playout from a round's first moves may stop before its end), each
    suit majority and the card majority that no team can lose any more goes to its team, and
    the others to either team at even chances."""
    game = world.game
    params = game.params
    team = team_of(seat, PLAYERS)
    majority = (len(game.suit_masks) * params.suit_points + params.cards_points) / (len(game.suit_masks) + 1)
    mine, theirs = world.scores[team], world.scores[1 - team]
    if round_ended(world):
        return 0.5 * win_chance(mine, theirs, params.target, majority)
    won = world.won
    every_card = (1 << game.cards.size) - 1
    majorities = [(suit_mask, params.suit_points) for suit_mask in game.suit_masks]
    majorities.append((every_card, params.cards_points))
    open_points = []
    for cards, points in majorities:
        half = cards.bit_count() // 2
        if (won[team] & cards).bit_count() > half:
            mine += points
        elif (won[1 - team] & cards).bit_count() > half:
            theirs += points
        else:
            open_points.append(points)
    chance = 0.0
    for taken in range(1 << len(open_points)):
        gained = sum(points for index, points in enumerate(open_points) if taken >> index & 1)
        chance += win_chance(mine + gained, theirs + sum(open_points) - gained, params.target, majority)
    return 0.5 * chance / (1 << len(open_points))
