"""Mirrorquest's cards as the engine sees them: move codes and phases, the per-card table of
attributes and masks, and counting and sampling the plays of a set of matching cards
without listing them (hands of a random game often hold sets with hundreds of plays).

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

from functools import cache
from math import comb
from operator import itemgetter
from typing import Callable, Final

from deckgen.games.base import Game, Move
from deckgen.games.kit.cards import bits_of

PLAY: Final = 0
WILD: Final = 1
PICKUP: Final = 2
DRAW: Final = 3
PASS: Final = 4
DRAW_MOVE: Final[tuple[int]] = (DRAW,)
PASS_MOVE: Final[tuple[int]] = (PASS,)

#: Card kinds as the engine sees them.
PICTURE: Final = 0
REGULAR_WILD: Final = 1
PICKUP_WILD: Final = 2

#: Turn phases of the current player. FORCED: facing a pickup; FORCED_AFTER_DRAW: drew
#: because nothing answered it (only the drawn card may still answer); ANSWER_AFTER_DRAW:
#: drew although able to answer, and may now answer with any legal play or pass.
NORMAL: Final = 0
AFTER_DRAW: Final = 1
OWED: Final = 2
FORCED: Final = 3
FORCED_AFTER_DRAW: Final = 4
ANSWER_AFTER_DRAW: Final = 5
PHASE_NAMES: Final = ("normal", "after_draw", "owed", "forced", "forced_after_draw", "answer_after_draw")

#: Move lists for sets of matching cards are cached by card mask. Lists longer than
#: CACHED_MOVES_MAX are rebuilt each time (they are rare), and once the cache holds
#: CACHE_LIMIT entries (the common sets come first) new ones are no longer stored, which
#: bounds its memory to about 40 MB.
CACHE_LIMIT: Final = 30_000
CACHED_MOVES_MAX: Final = 40

#: Set size bound meaning "any number of cards".
NO_LIMIT: Final = 1 << 30

#: Sets of up to this many cards are sampled from their cached recipe (at most a few
#: thousand entries); larger ones are drawn card by card.
RECIPE_MAX_CARDS: Final = 6

#: A block of set plays for `random_move`: (moves in it, card mask, mask of cards that may
#: go last, min size, max size, covered masks, effects), as `CardTable.set_moves` takes them.
SetBlock = tuple[int, int, int, int, int, tuple[int, ...], bool]


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
        self.ids, self.names, self.index = game.cards.ids, game.cards.names, game.cards.index
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

    def move_words(self, move: Move) -> str:
        """A move in words, after the seat (\"plays ... with 1 reverse\")."""
        t = self
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


def catch_up_blocks(t: CardTable, hand: int, col_m: int) -> tuple[int, list[SetBlock]]:
    """The picture answers to a pickup as disjoint blocks for `random_move`, when a colour
    match is one card and a catch-up set two or more: single cards of the declared colour
    (`col_m`), then catch-up sets by symbol and by location. Returns (their count, blocks)."""
    count = col_m.bit_count()
    total = count
    blocks: list[SetBlock] = [(count, col_m, col_m, 1, 1, (), False)]
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
    return total, blocks
