"""Mirrorquest: a shedding game of colour, symbol and location matches with wildcards.

Speed matters here (the simulator plays thousands of games a second), so the state is
plain: cards are ints (their index in the deck), hands are bitmasks, every per-card
attribute lives in a precomputed list, and the multi-card move lists of a given set of
matching cards are built once and cached. The random bot never builds the list: the
state's `random_move` counts the moves block by block and draws one of them uniformly
(hands of a random game often hold sets with hundreds of plays).

Moves are tuples of ints:

- ``(PLAY, reverses, skips, last, *others)``: one or more picture cards; ``last`` becomes
  the Mirrorcard, ``others`` are sorted. Only a location match may carry effects, given as
  counts (their order does not matter: the next seat depends on the parity of reverses
  and the number of skips).
- ``(WILD, card)``: a regular wildcard (the same player then owes one more card).
- ``(PICKUP, card, colour)``: a pickup wildcard declaring a colour index.
- ``(DRAW,)`` and ``(PASS,)``.
"""

from __future__ import annotations

import random
from functools import cache
from math import comb
from operator import itemgetter
from typing import Any, Callable, Iterable

from deckgen.bots.random_bot import RandomBot
from deckgen.errors import DataError, UnknownName
from deckgen.games.base import Game, Move, Result, State, lazy_bot, register, shuffled_order
from deckgen.model.rules import GameRules

PLAY, WILD, PICKUP, DRAW, PASS = 0, 1, 2, 3, 4
DRAW_MOVE: tuple[int] = (DRAW,)
PASS_MOVE: tuple[int] = (PASS,)

#: Card kinds as the engine sees them.
PICTURE, REGULAR_WILD, PICKUP_WILD = 0, 1, 2

#: Turn phases of the current player.
NORMAL, AFTER_DRAW, OWED, FORCED, FORCED_AFTER_DRAW = 0, 1, 2, 3, 4
PHASE_NAMES = ("normal", "after_draw", "owed", "forced", "forced_after_draw")

#: Move lists for sets of matching cards are cached by card mask. Lists longer than
#: CACHED_MOVES_MAX are rebuilt each time (they are rare), and once the cache holds
#: CACHE_LIMIT entries (the common sets come first) new ones are no longer stored, which
#: bounds its memory to about 40 MB.
CACHE_LIMIT = 30_000
CACHED_MOVES_MAX = 40

#: Set size bound meaning "any number of cards".
NO_LIMIT = 1 << 30

#: Sets of up to this many cards are sampled from their cached recipe (at most a few
#: thousand entries); larger ones are drawn card by card.
RECIPE_MAX_CARDS = 6

#: A block of set plays for `random_move`: (moves in it, card mask, mask of cards that may
#: go last, min size, max size, covered masks, effects), as `CardTable.set_moves` takes them.
SetBlock = tuple[int, int, int, int, int, tuple[int, ...], bool]


def bits_of(mask: int) -> list[int]:
    """Card indices of a bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@cache
def effect_pairs(size: int) -> tuple[tuple[int, int], ...]:
    """The (reverses, skips) choices of a location match of `size` cards."""
    return tuple((r, k) for r in range(size + 1) for k in range(size + 1 - r))


@cache
def size_weights(n: int, lasts: int, min_size: int, max_size: int, effects: bool) -> tuple[int, ...]:
    """Running totals, size by size from `min_size`, of the plays of a set of `n` cards of which
    `lasts` may go last: a size-k play is a last card, k - 1 others and an effect choice."""
    totals = []
    total = 0
    for k in range(min_size, min(max_size, n) + 1):
        total += lasts * comb(n - 1, k - 1) * (len(effect_pairs(k)) if effects else 1)
        totals.append(total)
    return tuple(totals)


@cache
def set_plays(n: int, lasts: int, min_size: int, max_size: int, effects: bool) -> int:
    """How many plays a set of `n` cards makes (see `size_weights`)."""
    weights = size_weights(n, lasts, min_size, max_size, effects)
    return weights[-1] if weights else 0


def set_count(mask: int, last_mask: int, min_size: int, max_size: int, covered: tuple[int, ...], effects: bool) -> int:
    """len(CardTable.set_moves(...)) with the same arguments, by counting: the plays of the
    whole set less (by inclusion-exclusion) those lying wholly inside a covered mask."""
    count = set_plays(mask.bit_count(), (mask & last_mask).bit_count(), min_size, max_size, effects)
    terms = [(mask, 1)]
    for cover in covered:
        deeper = []
        for inside, sign in terms:
            both = inside & cover
            if both & last_mask and both.bit_count() >= min_size:
                count -= sign * set_plays(both.bit_count(), (both & last_mask).bit_count(), min_size, max_size, effects)
                deeper.append((both, -sign))
        terms += deeper
    return count


Recipe = list[tuple[tuple[int, ...], Callable[[tuple[int, ...]], tuple[int, ...]]]]

SmallSet = tuple[Recipe, tuple[int, ...]]

#: (recipe, cards) of the small sets `sample_set` has drawn from, by their sizes and
#: effects and then by card mask: the same few cards of a hand are sampled turn after turn.
_small_sets: dict[tuple[int, int, bool], dict[int, SmallSet]] = {}


def small_sets(min_size: int, max_size: int, effects: bool) -> dict[int, SmallSet]:
    """The cache of small sets of one kind, by card mask."""
    kind = (min_size, max_size, effects)
    cache = _small_sets.get(kind)
    if cache is None:
        cache = _small_sets[kind] = {}
    return cache


def inside_a_cover(last: int, others: list[int], covered: tuple[int, ...]) -> bool:
    """Whether a play of these cards lies wholly inside one of the covered masks."""
    chosen = 1 << last
    for c in others:
        chosen |= 1 << c
    return any(chosen & ~cover == 0 for cover in covered)


def sample_set(
    rand: Callable[[], float],
    mask: int,
    last_mask: int,
    min_size: int,
    max_size: int,
    covered: tuple[int, ...],
    effects: bool,
) -> Move:
    """One play drawn uniformly from `CardTable.set_moves(...)` without building it, redrawn
    while its cards lie wholly inside a covered mask (so every remaining play is equally
    likely): from the cached list of a small set, or a last card and a subset of the others
    when the set size is free, or else a size by its share of the plays, then a last card,
    the others and the effects."""
    any_last = last_mask & mask == mask
    if any_last and not covered:
        # Small sets index the by-position recipe that `set_moves` builds its list from.
        cache = small_sets(min_size, max_size, effects)
        small = cache.get(mask)
        if small is None and mask.bit_count() <= RECIPE_MAX_CARDS:
            cards_of_set = tuple(bits_of(mask))
            n = len(cards_of_set)
            small = CardTable.recipe(n, min_size, max_size, (1 << n) - 1, (), effects), cards_of_set
            if len(cache) < CACHE_LIMIT:
                cache[mask] = small
        if small is not None:
            recipe, cards_of_set = small
            prefix, picker = recipe[int(rand() * len(recipe))]
            return prefix + picker(cards_of_set)
    cards = bits_of(mask)
    n = len(cards)
    lasts = cards if any_last else [c for c in cards if last_mask >> c & 1]
    if not effects and min_size <= 2 and max_size >= n:
        # Every last card goes with every subset of the others (but the empty one when
        # two cards are the least): one uniform draw of each is one uniform play.
        subsets = (1 << (n - 1)) - (min_size - 1)
        while True:
            last = lasts[int(rand() * len(lasts))]
            others = [c for c in cards if c != last]
            pattern = int(rand() * subsets) + min_size - 1
            chosen = [c for j, c in enumerate(others) if pattern >> j & 1]
            if covered and inside_a_cover(last, chosen, covered):
                continue
            return (PLAY, 0, 0, last, *chosen)
    weights = size_weights(n, len(lasts), min_size, max_size, effects)
    total = weights[-1]
    while True:
        pick = int(rand() * total)
        size = min_size
        while weights[size - min_size] <= pick:
            size += 1
        if any_last:
            # The first `size` cards of a partial shuffle: the first goes last, uniformly.
            pool = cards[:]
            for j in range(size):
                i = j + int(rand() * (n - j))
                pool[j], pool[i] = pool[i], pool[j]
            last = pool[0]
            others = pool[1:size]
        else:
            last = lasts[int(rand() * len(lasts))]
            pool = [c for c in cards if c != last]
            for j in range(size - 1):
                i = j + int(rand() * (n - 1 - j))
                pool[j], pool[i] = pool[i], pool[j]
            others = pool[: size - 1]
        if covered and inside_a_cover(last, others, covered):
            continue
        others.sort()
        if effects:
            pairs = effect_pairs(size)
            reverses, skips = pairs[int(rand() * len(pairs))]
            return (PLAY, reverses, skips, last, *others)
        return (PLAY, 0, 0, last, *others)


class CardTable:
    """Per-card attribute lists and masks of one deck, shared by every state of a game."""

    def __init__(self, game: Game) -> None:
        deck = self.deck = game.deck
        self.colours: tuple[str, ...] = tuple(str(v) for v in deck.attributes["colour"])
        self.symbols: tuple[str, ...] = tuple(str(v) for v in deck.attributes["symbol"])
        self.locations: tuple[str, ...] = tuple(str(v) for v in deck.attributes["location"])
        #: The game's card ids and names by index, and indices by id.
        self.ids, self.names, self.index = game.card_ids, game.card_names, game.index_of
        n = len(deck.cards)
        self.colour = [-1] * n
        self.symbol = [-1] * n
        self.location = [-1] * n
        self.kind = [PICTURE] * n
        self.pickup = [0] * n
        self.bit = [1 << i for i in range(n)]
        #: Per card, the cards sharing its symbol / location / colour (none for wildcards).
        self.same_symbol = [0] * n
        self.same_location = [0] * n
        self.same_colour = [0] * n
        self.colour_mask = [0] * len(self.colours)
        self.symbol_mask = [0] * len(self.symbols)
        self.location_mask = [0] * len(self.locations)
        self.wild_mask = 0
        for i, card in enumerate(deck.cards):
            amount = int(card.get("pickup") or 0)
            colour = card.get("colour")
            if colour is None:
                self.kind[i] = PICKUP_WILD if amount else REGULAR_WILD
                self.pickup[i] = amount
                self.wild_mask |= 1 << i
                continue
            c = self.colours.index(str(colour))
            s = self.symbols.index(str(card.get("symbol")))
            loc = self.locations.index(str(card.get("location")))
            self.colour[i], self.symbol[i], self.location[i] = c, s, loc
            self.colour_mask[c] |= 1 << i
            self.symbol_mask[s] |= 1 << i
            self.location_mask[loc] |= 1 << i
        for i in range(n):
            if self.kind[i] == PICTURE:
                self.same_symbol[i] = self.symbol_mask[self.symbol[i]]
                self.same_location[i] = self.location_mask[self.location[i]]
                self.same_colour[i] = self.colour_mask[self.colour[i]]
        #: The moves a card makes when any card may be played (owed card, wild on top).
        self.any_moves: list[list[Move]] = []
        for i in range(n):
            if self.kind[i] == PICTURE:
                self.any_moves.append([(PLAY, 0, 0, i)])
            elif self.kind[i] == REGULAR_WILD:
                self.any_moves.append([(WILD, i)])
            else:
                self.any_moves.append([(PICKUP, i, c) for c in range(len(self.colours))])
        #: The plays of one card as a location match: no effect, a reverse or a skip.
        self.location_moves: list[list[Move]] = [
            [(PLAY, 0, 0, i), (PLAY, 0, 1, i), (PLAY, 1, 0, i)] if self.kind[i] == PICTURE else [] for i in range(n)
        ]
        self.set_cache: dict[tuple[int, ...], list[Move]] = {}
        #: Per card, what matches it on top: the cards of its location, those of its symbol
        #: and location, those of its symbol only, and those of its colour only.
        self.match_masks = [
            (loc, sym & loc, sym & ~loc, col & ~sym & ~loc)
            for loc, sym, col in zip(self.same_location, self.same_symbol, self.same_colour)
        ]
        self.pickup_wild_mask = sum(1 << i for i in range(n) if self.kind[i] == PICKUP_WILD)
        #: Wildcard moves of a hand by its wildcards (a pickup wildcard makes one per colour).
        self.wild_moves: dict[int, int] = {}
        #: Plays of a set of n cards sharing the top card's location (with effects) or its
        #: symbol (without), by n: the counts `random_move` needs on most turns.
        largest = max(m.bit_count() for m in self.location_mask + self.symbol_mask)
        self.location_plays = [set_plays(k, k, 1, NO_LIMIT, True) for k in range(largest + 1)]
        self.symbol_plays = [set_plays(k, k, 1, NO_LIMIT, False) for k in range(largest + 1)]

    def wild_move_count(self, wilds: int) -> int:
        """How many moves the wildcards in mask `wilds` make (cached: hands hold few)."""
        count = self.wild_moves.get(wilds)
        if count is None:
            pickups = (wilds & self.pickup_wild_mask).bit_count()
            count = self.wild_moves[wilds] = wilds.bit_count() - pickups + len(self.colours) * pickups
        return count

    def label(self, attribute: str, value: str) -> str:
        return self.deck.label(attribute, value)

    def set_moves(
        self, mask: int, min_size: int, max_size: int, last_mask: int, covered: tuple[int, ...], effects: bool
    ) -> list[Move]:
        """Every play of a subset of `mask` with min..max cards whose last card is in
        `last_mask`, skipping subsets lying wholly inside a `covered` mask (another match
        kind produces those already). Cached by mask: callers must not mutate the list."""
        key = (mask, min_size, max_size, last_mask, effects, *covered)
        moves = self.set_cache.get(key)
        if moves is not None:
            return moves
        cards = tuple(bits_of(mask))
        bit = self.bit

        def relative(sub: int) -> int:
            return sum(1 << j for j, c in enumerate(cards) if bit[c] & sub)

        recipe = self.recipe(
            len(cards), min_size, max_size, relative(last_mask), tuple(relative(m) for m in covered), effects
        )
        moves = [prefix + pick(cards) for prefix, pick in recipe]
        if len(moves) <= CACHED_MOVES_MAX and len(self.set_cache) < CACHE_LIMIT:
            self.set_cache[key] = moves
        return moves

    @staticmethod
    @cache
    def recipe(
        size: int, min_size: int, max_size: int, last_pattern: int, covered: tuple[int, ...], effects: bool
    ) -> Recipe:
        """The subset plays of `size` cards by position: (move prefix, picker of the
        cards last-first). Independent of which cards they are, so few and cached."""
        recipe: Recipe = []
        for subset in range(1, 1 << size):
            chosen = [j for j in range(size) if subset >> j & 1]
            if not min_size <= len(chosen) <= max_size or any(subset & ~cover == 0 for cover in covered):
                continue
            for last in chosen:
                if not last_pattern >> last & 1:
                    continue
                order = [last] + [j for j in chosen if j != last]
                pick = itemgetter(*order) if len(order) > 1 else itemgetter(slice(last, last + 1))
                if effects:
                    for reverses in range(len(chosen) + 1):
                        for skips in range(len(chosen) + 1 - reverses):
                            recipe.append(((PLAY, reverses, skips), pick))
                else:
                    recipe.append(((PLAY, 0, 0), pick))
        return recipe


class MirrorquestState(State):
    """A Mirrorquest game. Hands are card bitmasks; the draw pile and discards are lists
    whose last element is the top card."""

    is_over = False  # plain attribute (set per instance when someone goes out): read every move

    def __init__(
        self,
        table: CardTable,
        n_players: int,
        rng: random.Random,
        options: dict[str, Any],
        params: dict[str, Any],
        record: bool,
    ) -> None:
        self.table = table
        self.n_players = n_players
        self.rng = rng
        self.miss_rate = float(options["call_miss_rate"])
        self.colour_limit = int(params["colour_match_cards"])
        self.reshuffle_unlocks_colour = bool(params["reshuffle_unlocks_colour_sets"])
        self.catch_up_min = int(params["catch_up_min_cards"])
        self.draw_cards = int(params["draw_cards"])
        self.penalty_cards = int(params["call_penalty_cards"])
        self.wild_owes = int(params["cards_owed_after_wildcard"])
        self.events: list[dict[str, Any]] | None = [] if record else None
        self.hands: list[int] = [0] * n_players
        self.counts: list[int] = [0] * n_players
        self.pile: list[int] = []
        self.discard: list[int] = []
        self.current_player = 0
        self.direction = 1
        self.phase = NORMAL
        self.turns = 0
        self.winner = -1
        self.declared = -1
        self.pickup_amount = 0
        self.owed = 0
        self.drawn = -1
        self.reshuffled = False
        self.chained = False
        self.top = -1
        self.top_kind = PICTURE
        self.reshuffles = 0
        self.pickups = 0
        self.wild_chains = 0

    # --- state queries --------------------------------------------------------------

    @property
    def top_colour(self) -> int:
        """Colour index of the Mirrorcard (-1 for a wildcard)."""
        return self.table.colour[self.top]

    @property
    def top_symbol(self) -> int:
        return self.table.symbol[self.top]

    @property
    def top_location(self) -> int:
        return self.table.location[self.top]

    def colour_set_limit(self) -> int:
        """How many cards a colour match may have now (no limit after a reshuffle)."""
        if self.reshuffled and self.reshuffle_unlocks_colour:
            return NO_LIMIT
        return self.colour_limit

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        t = self.table
        hand = self.hands[self.current_player]
        phase = self.phase
        any_moves = t.any_moves
        if phase == OWED:
            moves: list[Move] = []
            for c in bits_of(hand):
                moves += any_moves[c]
            return moves
        if phase == FORCED_AFTER_DRAW:
            drawn = self.drawn
            if drawn >= 0 and (t.kind[drawn] != PICTURE or t.colour[drawn] == self.declared):
                return any_moves[drawn] + [PASS_MOVE]
            return [PASS_MOVE]
        plays = self._picture_plays(hand & ~t.wild_mask, phase)
        end = DRAW_MOVE if phase != AFTER_DRAW else PASS_MOVE
        wilds = hand & t.wild_mask
        if not wilds:
            return plays + [end]
        moves = plays[:]  # plays may be a cached list
        for c in bits_of(wilds):
            moves += any_moves[c]
        moves.append(end)
        return moves

    def _picture_plays(self, hand: int, phase: int) -> list[Move]:
        """The plays of picture cards (no wildcards, draw or pass) from `hand` now."""
        t = self.table
        top_kind = self.top_kind
        if phase == FORCED:
            return self._catch_up_plays(hand)
        if top_kind == PICKUP_WILD:
            col_m = hand & t.colour_mask[self.declared]
            return t.set_moves(col_m, 1, self.colour_set_limit(), col_m, (), False) if col_m else []
        if top_kind == REGULAR_WILD:
            return [t.any_moves[c][0] for c in bits_of(hand)]
        loc_m = hand & t.same_location[self.top]
        sym_m = hand & t.same_symbol[self.top]
        col_m = hand & t.same_colour[self.top]
        moves: list[Move] = []
        # Single matching cards are by far the commonest case: their moves are precomputed.
        if loc_m:
            if loc_m & (loc_m - 1):
                moves += t.set_moves(loc_m, 1, NO_LIMIT, loc_m, (), True)
            else:
                moves += t.location_moves[loc_m.bit_length() - 1]
        sym_only = sym_m & ~loc_m
        if sym_only:
            if sym_m & (sym_m - 1):
                moves += t.set_moves(sym_m, 1, NO_LIMIT, sym_m, (sym_m & loc_m,) if sym_m & loc_m else (), False)
            else:
                moves.append(t.any_moves[sym_m.bit_length() - 1][0])
        col_only = col_m & ~sym_m & ~loc_m
        limit = self.colour_set_limit()
        if col_only or (col_m & (col_m - 1) and limit > 1):
            if limit == 1:
                any_moves = t.any_moves
                moves += [any_moves[c][0] for c in bits_of(col_only)]
            else:
                covered = tuple(m for m in (col_m & sym_m, col_m & loc_m) if m)
                moves += t.set_moves(col_m, 1, limit, col_m, covered, False)
        return moves

    def _catch_up_plays(self, hand: int) -> list[Move]:
        """Picture answers to a pickup: cards of the declared colour and catch-up sets."""
        t = self.table
        col_m = hand & t.colour_mask[self.declared]
        if not col_m:
            return []
        limit = self.colour_set_limit()
        if limit == 1:
            moves = [t.any_moves[c][0] for c in bits_of(col_m)]
        else:
            moves = list(t.set_moves(col_m, 1, limit, col_m, (), False))
        minimum = self.catch_up_min
        for s_mask in t.symbol_mask:
            group = hand & s_mask
            if group & col_m and group.bit_count() >= minimum:
                moves += t.set_moves(group, minimum, NO_LIMIT, group & col_m, (), False)
        for l_mask in t.location_mask:
            group = hand & l_mask
            if group & col_m and group.bit_count() >= minimum:
                covered = tuple([group & s for s in t.symbol_mask if (group & s).bit_count() >= minimum])
                moves += t.set_moves(group, minimum, NO_LIMIT, group & col_m, covered, False)
        if self.reshuffled:
            moves = list(dict.fromkeys(moves))  # colour sets may repeat catch-up sets
        return moves

    # --- sampling without the move list ----------------------------------------------

    def random_move(self, rng: random.Random) -> Move:
        """A move drawn uniformly from `legal_moves()` without building the list (which
        can run to thousands of set plays): count the moves of each disjoint block, draw
        an index, then draw the move inside its block."""
        rand = rng.random
        if self.top_kind == PICTURE and self.phase <= AFTER_DRAW and not self.is_over:
            return self._match_move(rand)
        if self.phase == OWED and not self.is_over:
            return self._owed_move(rand)
        plan = self._sampling_plan()
        if plan is None:
            moves = self.legal_moves()
            return moves[int(rand() * len(moves))]
        total, blocks = plan
        pick = int(rand() * total)
        for block in blocks:
            if pick < block[0]:
                return sample_set(rand, *block[1:])
            pick -= block[0]
        return self._wild_or_end_move(pick)

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`State.play_randomly` with most moves drawn by `_match_move` directly."""
        rand = rng.random
        apply, match_move, random_move = self.apply, self._match_move, self.random_move
        while not self.is_over and self.turns < turn_cap:
            if self.top_kind == PICTURE and self.phase <= AFTER_DRAW:
                apply(match_move(rand))
            else:
                apply(random_move(rng))

    def _owed_move(self, rand: Callable[[], float]) -> Move:
        """`random_move` after a regular wildcard: any card of the hand (a pickup wildcard
        once per colour), walked in card order as `legal_moves` lists them."""
        t = self.table
        hand = self.hands[self.current_player]
        wilds = hand & t.wild_mask
        pick = int(rand() * ((hand ^ wilds).bit_count() + t.wild_move_count(wilds)))
        any_moves = t.any_moves
        while True:
            low = hand & -hand
            moves = any_moves[low.bit_length() - 1]
            if pick < len(moves):
                return moves[pick]
            pick -= len(moves)
            hand ^= low

    def _wild_or_end_move(self, pick: int) -> Move:
        """Move `pick` of the moves after the picture plays: wildcard moves by card, then
        the draw or pass (the order of `legal_moves`)."""
        t = self.table
        wilds = self.hands[self.current_player] & t.wild_mask
        while wilds:
            low = wilds & -wilds
            moves = t.any_moves[low.bit_length() - 1]
            if pick < len(moves):
                return moves[pick]
            pick -= len(moves)
            wilds ^= low
        return PASS_MOVE if self.phase == AFTER_DRAW else DRAW_MOVE

    def _match_move(self, rand: Callable[[], float] | None) -> Any:
        """With a picture card on top on a normal turn or after a draw (most moves of a
        game): a move drawn uniformly from `legal_moves()` with `rand`, by walking its blocks
        in their order (location plays, symbol plays, colour plays, wildcard moves, the draw
        or pass); or, with `rand` None, the number of those moves."""
        t = self.table
        hand = self.hands[self.current_player]
        location_mask, symbol_location_mask, symbol_only_mask, colour_only_mask = t.match_masks[self.top]
        loc_m = hand & location_mask
        both = hand & symbol_location_mask  # the cards matching both ways
        sym_only = hand & symbol_only_mask
        n_loc = t.location_plays[loc_m.bit_count()]
        if sym_only:  # symbol sets, less those lying inside the location match
            n_both = both.bit_count()
            n_sym = t.symbol_plays[sym_only.bit_count() + n_both] - t.symbol_plays[n_both]
        else:
            n_sym = 0
        limit = self.colour_limit if not (self.reshuffled and self.reshuffle_unlocks_colour) else NO_LIMIT
        if limit == 1:
            col_only = hand & colour_only_mask
            n_col = col_only.bit_count()
        else:
            col_m = hand & t.same_colour[self.top]
            covered = tuple(m for m in (col_m & (sym_only | both), col_m & loc_m) if m)
            n_col = set_count(col_m, col_m, 1, limit, covered, False) if col_m else 0
        n_wild = t.wild_move_count(hand & t.wild_mask)
        if rand is None:
            return n_loc + n_sym + n_col + n_wild + 1
        pick = int(rand() * (n_loc + n_sym + n_col + n_wild + 1))
        if pick < n_loc:
            if not loc_m & (loc_m - 1):
                return t.location_moves[loc_m.bit_length() - 1][pick]
            return sample_set(rand, loc_m, loc_m, 1, NO_LIMIT, (), True)
        pick -= n_loc
        if pick < n_sym:
            sym_m = sym_only | both
            if not sym_m & (sym_m - 1):
                return t.any_moves[sym_m.bit_length() - 1][0]
            return sample_set(rand, sym_m, sym_m, 1, NO_LIMIT, (both,) if both else (), False)
        pick -= n_sym
        if pick < n_col:
            if limit > 1:
                return sample_set(rand, col_m, col_m, 1, limit, covered, False)
            if col_only & (col_only - 1):
                return sample_set(rand, col_only, col_only, 1, 1, (), False)
            return t.any_moves[col_only.bit_length() - 1][0]
        return self._wild_or_end_move(pick - n_col)

    def move_count(self) -> int:
        """len(legal_moves()), as `random_move` counts it."""
        if self.top_kind == PICTURE and self.phase <= AFTER_DRAW and not self.is_over:
            return self._match_move(None)
        plan = self._sampling_plan()
        return len(self.legal_moves()) if plan is None else plan[0]

    def _sampling_plan(self) -> tuple[int, list[SetBlock]] | None:
        """The legal moves of a forced turn or with a pickup wildcard on top, as (count, the
        disjoint blocks of picture plays `legal_moves` lists before the wildcard moves and
        the draw or pass); None where the list is short anyway (owed card, after a
        forced draw, wildcard on top) or may repeat moves (colour sets next to catch-up
        sets), where sampling the list itself is simplest."""
        phase = self.phase
        top_kind = self.top_kind
        if self.is_over or phase == OWED or phase == FORCED_AFTER_DRAW or (top_kind == REGULAR_WILD and phase != FORCED):
            return None
        t = self.table
        hand = self.hands[self.current_player]
        limit = self.colour_limit if not (self.reshuffled and self.reshuffle_unlocks_colour) else NO_LIMIT
        blocks: list[SetBlock] = []
        total = 1  # the draw or pass
        if phase == FORCED:
            if limit > 1 or self.catch_up_min != 2:
                return None
            col_m = hand & t.colour_mask[self.declared]
            if col_m:
                count = col_m.bit_count()
                total += count
                blocks.append((count, col_m, col_m, 1, 1, (), False))
                # Catch-up sets: a declared-colour card last and at least one more card of its
                # symbol or location: lasts * (2**(n - 1) - 1) sets from a group of n cards.
                symbol_sets = []
                for s_mask in t.symbol_mask:
                    group = hand & s_mask
                    lasts = group & col_m
                    if lasts and group != lasts & -lasts:
                        symbol_sets.append(group)
                        count = lasts.bit_count() * ((1 << (group.bit_count() - 1)) - 1)
                        total += count
                        blocks.append((count, group, lasts, 2, NO_LIMIT, (), False))
                for l_mask in t.location_mask:
                    group = hand & l_mask
                    lasts = group & col_m
                    if lasts and group != lasts & -lasts:
                        count = lasts.bit_count() * ((1 << (group.bit_count() - 1)) - 1)
                        # Less the sets of one symbol: they are symbol catch-ups already.
                        covered: tuple[int, ...] = ()
                        for symbol_group in symbol_sets:
                            inside = symbol_group & group
                            if inside & lasts and inside & (inside - 1):
                                covered += (inside,)
                                count -= (inside & lasts).bit_count() * ((1 << (inside.bit_count() - 1)) - 1)
                        if count:
                            total += count
                            blocks.append((count, group, lasts, 2, NO_LIMIT, covered, False))
        else:  # a pickup wildcard on top (a picture on top goes through _match_move)
            col_m = hand & t.colour_mask[self.declared]
            if col_m:
                count = set_plays(col_m.bit_count(), col_m.bit_count(), 1, limit, False)
                total += count
                blocks.append((count, col_m, col_m, 1, limit, (), False))
        return total + t.wild_move_count(hand & t.wild_mask), blocks

    # --- applying moves -------------------------------------------------------------

    def apply(self, move: Move) -> None:
        code = move[0]
        if code == PLAY:  # the commonest move, played here rather than one call deeper
            p = self.current_player
            bit = self.table.bit
            hand = self.hands[p]
            for c in move[3:]:
                hand ^= bit[c]
            self.hands[p] = hand
            left = self.counts[p] = self.counts[p] + 3 - len(move)
            discard = self.discard
            if len(move) > 4:
                discard.extend(move[4:])
            last = self.top = move[3]
            discard.append(last)
            self.top_kind = PICTURE
            self.declared = -1
            if self.phase == OWED:
                if not self.chained:
                    self.chained = True
                    self.wild_chains += 1
                self.owed -= 1
            if left == 0:
                self._win(p)
                return
            if left == 1 and self.miss_rate:
                self._call_check(p)
            if self.phase == OWED and self.owed > 0:
                return
            direction = self.direction
            if move[1] & 1:
                direction = self.direction = -direction
            self._end_turn(p + direction * (1 + move[2]))
        elif code == WILD:
            self._play_wild(move[1])
        elif code == PICKUP:
            self._play_pickup(move[1], move[2])
        elif code == DRAW:
            got = self._draw(self.current_player, self.draw_cards, "draw")
            self.drawn = got[-1] if got else -1
            self.phase = FORCED_AFTER_DRAW if self.phase == FORCED else AFTER_DRAW
        else:
            self._end_turn(self.current_player + self.direction)

    def _discard_wildcard(self, card: int, kind: int, declared: int) -> bool:
        """Put a wildcard from the current hand on the pile, counting a chain when it
        follows a regular wildcard; returns whether the player is still in the game."""
        p = self.current_player
        self.hands[p] ^= self.table.bit[card]
        left = self.counts[p] = self.counts[p] - 1
        self.discard.append(card)
        self.top = card
        self.top_kind = kind
        self.declared = declared
        if self.phase == OWED and not self.chained:
            self.chained = True
            self.wild_chains += 1
        if left == 0:
            self._win(p)
            return False
        if left == 1 and self.miss_rate:
            self._call_check(p)
        return True

    def _play_wild(self, card: int) -> None:
        if self._discard_wildcard(card, REGULAR_WILD, -1):
            self.phase = OWED
            self.owed = self.wild_owes

    def _play_pickup(self, card: int, colour: int) -> None:
        if self._discard_wildcard(card, PICKUP_WILD, colour):
            self.pickup_amount = self.table.pickup[card]
            self._end_turn(self.current_player + self.direction)

    def _end_turn(self, next_seat: int) -> None:
        """Hand the turn on; a pending pickup is drawn at once by the forced player."""
        self.turns += 1
        seat = self.current_player = next_seat % self.n_players
        self.chained = False
        self.drawn = -1
        self.owed = 0
        amount = self.pickup_amount
        if amount:
            self.pickup_amount = 0
            self.pickups += 1
            self._draw(seat, amount, "pickup")
            self.phase = FORCED
        else:
            self.phase = NORMAL

    def _win(self, seat: int) -> None:
        self.winner = seat
        self.is_over = True
        self.pickup_amount = 0
        self.turns += 1

    def _call_check(self, seat: int) -> None:
        """The player is down to one card: an opponent may call their name first."""
        if self.rng.random() < self.miss_rate:
            if self.events is not None:
                self.events.append({"type": "called", "seat": seat})
            self._draw(seat, self.penalty_cards, "penalty")

    def _draw(self, seat: int, amount: int, reason: str) -> list[int]:
        """Draw up to `amount` cards, reshuffling the discards when the pile runs out;
        returns the cards drawn (fewer when nothing is left to draw)."""
        bit = self.table.bit
        hand = self.hands[seat]
        got = []
        for _ in range(amount):
            if not self.pile:
                if len(self.discard) < 2:
                    break
                self._reshuffle()
            card = self.pile.pop()
            hand |= bit[card]
            got.append(card)
        self.hands[seat] = hand
        self.counts[seat] += len(got)
        if self.events is not None:
            ids = self.table.ids
            for card in got:
                self.events.append({"type": "draw", "seat": seat, "card": ids[card], "reason": reason})
        return got

    def _reshuffle(self) -> None:
        top = self.discard.pop()
        self.pile = self.discard
        self.discard = [top]
        pile = self.pile
        self.pile = [pile[i] for i in shuffled_order(len(pile), self.rng)]
        self.reshuffled = True
        self.reshuffles += 1
        if self.events is not None:
            self.events.append({"type": "reshuffle", "cards": len(self.pile)})

    # --- reporting ------------------------------------------------------------------

    def result(self) -> Result:
        counts = tuple(map(float, self.counts))
        # Fewest cards first; the sort is stable, so ties keep seat order.
        ranking = tuple(sorted(range(self.n_players), key=self.counts.__getitem__))
        winners = (self.winner,) if self.is_over else ()
        return Result(
            finished=self.is_over,
            winners=winners,
            scores=counts,
            ranking=ranking,
            turns=self.turns,
            counters=self.counters,
        )

    @property
    def counters(self) -> dict[str, int]:
        return {"reshuffles": self.reshuffles, "pickups": self.pickups, "wild_chains": self.wild_chains}

    def observation(self, player: int) -> dict[str, Any]:
        t = self.table
        return {
            "seat": player,
            "hand": [t.ids[c] for c in bits_of(self.hands[player])],
            "hand_sizes": list(self.counts),
            "mirrorcard": t.ids[self.top] if self.top >= 0 else None,
            "declared_colour": t.colours[self.declared] if self.declared >= 0 else None,
            "discards": [t.ids[c] for c in self.discard],
            "draw_pile": len(self.pile),
            "current_player": self.current_player,
            "direction": "clockwise" if self.direction == 1 else "anticlockwise",
            "phase": PHASE_NAMES[self.phase],
            "cards_owed": self.owed,
            "reshuffled": self.reshuffled,
            "turns": self.turns,
            "winner": self.winner if self.is_over else None,
        }

    def card_zones(self) -> dict[str, list[Any]]:
        zones: dict[str, list[Any]] = {f"hand {s}": bits_of(h) for s, h in enumerate(self.hands)}
        zones["draw pile"] = list(self.pile)
        zones["discards"] = list(self.discard)
        return zones

    def describe_move(self, move: Move) -> str:
        t = self.table
        code = move[0]
        if code == DRAW:
            return "draws a card"
        if code == PASS:
            return "passes"
        if code == WILD:
            return f"plays {t.names[move[1]]}"
        if code == PICKUP:
            colour = t.label("colour", t.colours[move[2]])
            return f"plays {t.names[move[1]]} and declares {colour}"
        reverses, skips, last = move[1], move[2], move[3]
        names = [t.names[c] for c in move[4:]] + [t.names[last]]
        text = "plays " + ", ".join(names)
        if len(names) > 1:
            text += f" ({t.names[last]} on top)"
        effects = []
        if reverses:
            effects.append(f"{reverses} reverse{'s' if reverses > 1 else ''}")
        if skips:
            effects.append(f"{skips} skip{'s' if skips > 1 else ''}")
        if effects:
            text += " with " + " and ".join(effects)
        return text

    def hand_ids(self, seat: int) -> list[str]:
        """A seat's hand as card ids, lowest deck index first."""
        return [self.table.ids[c] for c in bits_of(self.hands[seat])]


class Mirrorquest(Game):
    """Mirrorquest engine: deals, flips the first Mirrorcard and builds positions for tests."""

    id = "mirrorquest"
    bots = {"random": RandomBot, "greedy": lazy_bot("deckgen.bots.mirrorquest", "GreedyBot")}

    PARAMS = (
        "first_seat",
        "colour_match_cards",
        "reshuffle_unlocks_colour_sets",
        "catch_up_min_cards",
        "draw_cards",
        "call_penalty_cards",
        "cards_owed_after_wildcard",
    )

    def __init__(self, rules: GameRules) -> None:
        super().__init__(rules)
        missing = [p for p in self.PARAMS if p not in rules.params]
        if missing:
            raise DataError(f"{rules.path}: params: missing {', '.join(missing)} (the Mirrorquest engine needs them)")
        doubled = sorted(n for n, setup in rules.setup.items() if setup.decks != 1)
        if doubled:
            raise DataError(
                f"{rules.path}: setup: {doubled[0]} players: decks must be 1 (hands hold each card at most once)"
            )
        self.table = CardTable(self)

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """Which card a draw, a pickup or a penalty brought, and reshuffles."""
        kind = event.get("type")
        if kind == "draw":
            card = self.card_names[self.index_of[event["card"]]]
            if event["reason"] == "pickup":
                return f"seat {event['seat']} picks up {card}"
            if event["reason"] == "penalty":
                return f"seat {event['seat']} draws a penalty card: {card}"
            return f"it is {card}"  # under the move line "seat S draws a card"
        if kind == "called":
            return f"an opponent calls seat {event['seat']}'s name first"
        if kind == "reshuffle":
            return f"the discards under the Mirrorcard are shuffled into a new draw pile of {event['cards']}"
        return None

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> MirrorquestState:
        setup = self.rules.setup_for(n_players)
        state = MirrorquestState(self.table, n_players, rng, options, self.rules.params, record)
        t = self.table
        pile = shuffled_order(len(t.ids), rng)
        hand_size = setup.hand_size or 0
        for seat in range(n_players):
            dealt = pile[-hand_size:] if hand_size else []
            del pile[len(pile) - hand_size:]
            state.hands[seat] = sum(map(t.bit.__getitem__, dealt))  # distinct cards: their union
            state.counts[seat] = len(dealt)
        returned = []
        while True:
            card = pile.pop()
            if t.kind[card] == PICTURE:
                break
            returned.append(card)
            pile.insert(len(pile) // 2, card)
        state.pile = pile
        state.discard = [card]
        state.top = card
        state.current_player = int(self.rules.params["first_seat"]) % n_players
        if state.events is not None:
            state.events.append({
                "type": "deal",
                "hands": [state.hand_ids(s) for s in range(n_players)],
                "removed": [],
                "wildcards_returned": [t.ids[c] for c in returned],
                "mirrorcard": t.ids[card],
            })
        return state

    def position(
        self,
        hands: list[list[str]],
        mirrorcard: str,
        draw_pile: Iterable[str] = (),
        discards: Iterable[str] = (),
        current: int = 0,
        direction: int = 1,
        declared: str | None = None,
        phase: str = "normal",
        drawn: str | None = None,
        reshuffled: bool = False,
        options: dict[str, Any] | None = None,
        rng: random.Random | None = None,
        record: bool = False,
    ) -> MirrorquestState:
        """A state in a chosen position, for scenario tests. `draw_pile` lists the top card
        first, `discards` the cards under the Mirrorcard bottom first; `declared` is the
        colour named by a pickup wildcard on top; `phase` is one of PHASE_NAMES."""
        t = self.table

        def index(card_id: str) -> int:
            if card_id not in t.index:
                raise UnknownName(f"mirrorquest: no card with id {card_id!r}")
            return t.index[card_id]

        resolved = self.rules.resolve_options(options)
        state = MirrorquestState(self.table, len(hands), rng or random.Random(0), resolved, self.rules.params, record)
        for seat, cards in enumerate(hands):
            for c in cards:
                state.hands[seat] |= t.bit[index(c)]
            state.counts[seat] = len(cards)
        state.pile = [index(c) for c in reversed(list(draw_pile))]
        top = index(mirrorcard)
        state.discard = [index(c) for c in discards] + [top]
        state.top = top
        state.top_kind = t.kind[top]
        state.declared = t.colours.index(declared) if declared is not None else -1
        state.current_player = current
        state.direction = direction
        state.phase = PHASE_NAMES.index(phase)
        state.owed = state.wild_owes if state.phase == OWED else 0
        state.drawn = index(drawn) if drawn is not None else -1
        state.reshuffled = reshuffled
        return state


register(Mirrorquest)  # a call: mypyc compiles a decorated class as a plain one (see base.register)
