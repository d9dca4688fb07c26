"""A Mirrorquest position and the moves legal in it, listed or drawn at random.

Speed matters here (the simulator plays thousands of games a second), so the position is
plain: cards are ints (their index in the deck), hands are bitmasks, every per-card
attribute lives in the card table, and the random bot never builds the move list:
`random_move` counts the moves block by block and draws one of them uniformly. How a move
changes the position, and what the game reports, is `state.MirrorquestState`.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from deckgen.games.base import Move, State
from deckgen.games.kit.cards import bits_of
from deckgen.games.mirrorquest.cards import (
    AFTER_DRAW,
    ANSWER_AFTER_DRAW,
    DRAW_MOVE,
    FORCED,
    FORCED_AFTER_DRAW,
    NO_LIMIT,
    NORMAL,
    OWED,
    PASS_MOVE,
    PICKUP_WILD,
    PICTURE,
    REGULAR_WILD,
    CardTable,
    SetBlock,
    catch_up_blocks,
    sample_set,
    set_count,
    set_plays,
)
from deckgen.games.mirrorquest.params import MirrorquestParams


class MirrorquestPosition(State[Move]):
    """The fields of a Mirrorquest game and its legal moves. Hands are card bitmasks; the
    draw pile and discards are lists whose last element is the top card."""

    is_over = False  # plain attribute (set per instance when someone goes out): read every move

    def __init__(
        self,
        table: CardTable,
        n_players: int,
        rng: random.Random,
        options: dict[str, Any],
        params: MirrorquestParams,
        record: bool,
    ) -> None:
        self.table = table
        self.n_players = n_players
        self.rng = rng
        self.miss_rate = float(options["call_miss_rate"])
        self.colour_limit = params.colour_match_cards
        self.reshuffle_unlocks_colour = params.reshuffle_unlocks_colour_sets
        self.catch_up_min = params.catch_up_min_cards
        self.draw_cards = params.draw_cards
        self.penalty_cards = params.call_penalty_cards
        self.wild_owes = params.cards_owed_after_wildcard
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
        end = PASS_MOVE if phase == AFTER_DRAW or phase == ANSWER_AFTER_DRAW else DRAW_MOVE
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
        if phase == FORCED or phase == ANSWER_AFTER_DRAW:
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
        return PASS_MOVE if self.phase == AFTER_DRAW or self.phase == ANSWER_AFTER_DRAW else DRAW_MOVE

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
        if phase == FORCED or phase == ANSWER_AFTER_DRAW:
            if limit > 1 or self.catch_up_min != 2:
                return None
            col_m = hand & t.colour_mask[self.declared]
            if col_m:
                count, blocks = catch_up_blocks(t, hand, col_m)
                total += count
        else:  # a pickup wildcard on top (a picture on top goes through _match_move)
            col_m = hand & t.colour_mask[self.declared]
            if col_m:
                count = set_plays(col_m.bit_count(), col_m.bit_count(), 1, limit, False)
                total += count
                blocks.append((count, col_m, col_m, 1, limit, (), False))
        return total + t.wild_move_count(hand & t.wild_mask), blocks
