"""A Mystique Domination position and the moves legal in it, listed or drawn at random: the
pass's sets of hand cards, and a trick's patterns of the led colour worth more than the last
play. The random bot never lists them: `random_mask` draws a pattern by its rank among the
hand's patterns (`patterns.unrank`). How a move changes the position, round after round, and
what the game reports, is `state.DominationState`."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping
from itertools import combinations
from math import comb
from typing import Any

from deckgen.games.base import Move, State
from deckgen.games.kit.cards import bits_of
from deckgen.games.mystique_domination.patterns import PASS_MOVE, PLAYERS, PatternTable, unrank
from deckgen.games.mystique_domination.tables import DominationTables


class DominationPosition(State[Move]):
    """A position: hands, pass commits, the play pile and the trick, team piles and scores;
    the moves legal in it."""

    is_over = False

    def __init__(self, game: DominationTables, rng: random.Random, options: Mapping[str, Any],
                 events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = PLAYERS
        self.rng = rng
        self.lead_went_out = options["lead"] == "went_out"
        self.events = events
        self.hands = [0] * PLAYERS
        #: The pass: who has committed, what (hidden until all have), what each seat gave.
        self.passing = False
        self.pending = [0] * PLAYERS
        self.committed = [False] * PLAYERS
        self.given = [0] * PLAYERS
        #: The play pile (earlier tricks' leftovers and this trick's plays) and the trick.
        self.pile = 0
        self.last = 0
        self.last_value = 0
        self.lead_colour = -1
        self.last_player = -1
        self.passes = 0
        #: Team score piles (team = seat % 2) and team scores.
        self.won = [0, 0]
        self.scores = [0, 0]
        self.went_out = -1
        self.first_leader = -1
        #: The last round's points and the score piles it was scored on.
        self.round_points = [0, 0]
        self.scored_piles = [0, 0]
        self.current_player = 0
        #: Rounds played: the unit of game length and of the turn cap.
        self.turns = 0
        self.is_over = False
        self.tricks = 0
        self.went_out_by_team = [0, 0]
        self.trick_cards = 0
        self.going_out_cards = 0
        self.first_leader_rounds = 0
        self.going_out_team_rounds = 0
        #: Rounds by their margin: margins[m // 10] counts rounds won by m points (10, 30, 50).
        self.margins = [0] * 6
        #: The value of the pattern `random_mask` last drew.
        self.picked_value = 0

    # -- moves ---------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        seat = self.current_player
        if self.passing:
            return list(combinations(bits_of(self.hands[seat]), self.game.params.pass_cards))
        game = self.game
        hand = self.hands[seat]
        moves: list[Move] = []
        if self.last == 0:
            for colour, colour_mask in enumerate(game.colour_masks):
                moves += game.pattern_moves(hand & colour_mask, game.table(hand, colour), 0)
            return moves
        table = game.table(hand, self.lead_colour)
        held = hand & game.colour_masks[self.lead_colour]
        moves = game.pattern_moves(held, table, bisect_right(table.values, self.last_value))
        moves.append(PASS_MOVE)
        return moves

    def random_move(self, rng: random.Random) -> Move:
        """The same draw as `legal_moves()[int(rng.random() * n)]`, without building the list."""
        if self.is_over:
            return self.legal_moves()[0]
        if self.passing:
            return self.random_pass(rng)
        mask = self.random_mask(rng)
        return tuple(bits_of(mask)) if mask else PASS_MOVE

    def random_pass(self, rng: random.Random) -> tuple[int, ...]:
        """The pick-th set of `itertools.combinations(hand cards, pass_cards)`, unranked."""
        cards = bits_of(self.hands[self.current_player])
        size = self.game.params.pass_cards
        pick = int(rng.random() * comb(len(cards), size))
        chosen = []
        index = 0
        for left in range(size, 0, -1):
            while True:
                with_this = comb(len(cards) - index - 1, left - 1)
                if pick < with_this:
                    chosen.append(cards[index])
                    index += 1
                    break
                pick -= with_this
                index += 1
        return tuple(chosen)

    def random_mask(self, rng: random.Random) -> int:
        """A uniformly drawn trick move as a mask (0: pass), in `legal_moves` order; the
        play's value is left in `picked_value`."""
        game = self.game
        hand = self.hands[self.current_player]
        if self.last == 0:
            tables = [game.table(hand, 0), game.table(hand, 1), game.table(hand, 2)]
            pick = int(rng.random() * (tables[0].total + tables[1].total + tables[2].total))
            for colour in range(3):
                table = tables[colour]
                if pick < table.total:
                    return self.unranked(hand & game.colour_masks[colour], table, pick)
                pick -= table.total
            return 0  # unreachable: a hand holds at least one card
        colour = self.lead_colour
        spread = game.spread
        shifts = game.slice_shifts[colour]  # game.table(hand, colour), inlined: the hot path
        found = game.tables.get(spread[hand >> shifts[0] & 31] + spread[hand >> shifts[1] & 31]
                                + spread[hand >> shifts[2] & 31] + spread[hand >> shifts[3] & 31])
        table = found if found is not None else game.table(hand, colour)
        first = table.starts[bisect_right(table.values, self.last_value)]
        pick = first + int(rng.random() * (table.total - first + 1))
        return self.unranked(hand & game.colour_masks[colour], table, pick) if pick < table.total else 0

    def unranked(self, held: int, table: PatternTable, index: int) -> int:
        """The index-th pattern of `held` (in `pattern_moves` order) as a mask; its value
        goes to `picked_value`."""
        category = bisect_right(table.starts, index) - 1
        self.picked_value = table.values[category]
        return unrank(held, table, category, index - table.starts[category], self.game.number_masks)
