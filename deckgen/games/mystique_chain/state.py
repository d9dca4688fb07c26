"""A game of Mystique Chain in progress: the pool, the chain and the declared attribute."""

from __future__ import annotations

import copy
import random
from typing import Any

from deckgen.games.base import Move, Result, State, Watched
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.randomness import UnitDraws
from deckgen.games.kit.result import result_of
from deckgen.games.kit.zones import DeclaredZone, seat_zones, shared_zone
from deckgen.games.mystique_chain.moves import ATTRIBUTES
from deckgen.games.mystique_chain.tables import ChainTables


class ChainState(State[Move]):
    """A game in progress: the pool as a mask, the discard pile (top last), the declaration."""

    is_over = False  # a plain attribute, set when the player to move cannot follow

    def __init__(self, game: ChainTables, pool: int, discard: list[int], opener: int,
                 exactly_one: bool, events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = 2
        self.pool = pool
        self.discard = discard
        self.opener = opener
        #: The declared attribute (an index into ATTRIBUTES), or -1 before the opener declares.
        self.declared = -1
        self.current_player = opener
        self.turns = 0
        self.is_over = False
        self.loser = -1
        self.exactly_one = exactly_one
        self.events = events
        self.declarations = [0, 0, 0]
        #: Pool cards at the start, for the chain length.
        self.pool_start = pool.bit_count()

    def clone(self) -> ChainState:
        """An independent copy (no event log), for bots that look ahead."""
        twin = copy.copy(self)
        twin.discard = self.discard[:]
        twin.declarations = self.declarations[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> ChainState:
        """Nothing is hidden after the setup draw and no chance is left: a clone."""
        return self.clone()

    def matching(self, attribute: int) -> int:
        """The pool cards that may follow the top card on `attribute`."""
        masks = self.game.exact_masks if self.exactly_one else self.game.match_masks
        return self.pool & masks[self.discard[-1]][attribute]

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        if self.declared < 0:
            return [(a,) for a in range(len(ATTRIBUTES)) if self.matching(a)]
        moves: list[Move] = []
        plays = self.game.plays
        for card in bits_of(self.matching(self.declared)):
            moves += plays[card]
        return moves

    def random_move(self, rng: random.Random) -> Move:
        """Uniform over `legal_moves()` without building it: a matching card, then one of
        its three declarations, each equally likely."""
        if self.declared < 0:
            return super().random_move(rng)
        cards = bits_of(self.matching(self.declared))
        pick = int(rng.random() * 3 * len(cards))
        return self.game.plays[cards[pick // 3]][pick % 3]

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        self._play_out(rng, turn_cap, None)

    def play_randomly_watched(self, rng: random.Random, turn_cap: int, watch: list[Watched]) -> None:
        self._play_out(rng, turn_cap, watch)

    def _play_out(self, rng: random.Random, turn_cap: int, watch: list[Watched] | None) -> None:
        """`State.play_randomly` (and, given `watch`, `play_randomly_watched`) without moves:
        after the opening declaration each turn draws the one number `random_move` draws and
        plays the matching card and declaration it picks, found among the mask's bits without
        listing them. The position lives in local variables until the game ends or reaches the
        cap. A watched turn notes its legal moves counted, three declarations for each pool
        card that may follow, and every seat's standing, 0 until the game is over: the same
        list at every position, which the measures read once (`kit.standings`)."""
        if self.is_over or self.turns >= turn_cap:
            return
        level = self.standing()
        if self.declared < 0:
            if watch is not None:
                watch.append((self.current_player, len(self.legal_moves()), level))
            self.apply(self.random_move(rng))
        draws = UnitDraws(rng)
        masks = self.game.exact_masks if self.exactly_one else self.game.match_masks
        discard, declarations = self.discard, self.declarations
        pool, declared, turns, seat = self.pool, self.declared, self.turns, self.current_player
        # Not over: some pool card follows the top card (_declare ends the game otherwise).
        following = pool & masks[discard[-1]][declared]
        while following and turns < turn_cap:
            count = _count(following)
            if watch is not None:
                watch.append((seat, 3 * count, level))
            pick = int(draws.next() * 3 * count)  # random_move's product, rounded as it rounds
            skip = pick // 3
            while skip:  # drop the lowest cards: the pick is the (pick // 3)-th
                following &= following - 1
                skip -= 1
            low = following & -following
            card, declared = low.bit_length() - 1, pick % 3
            pool ^= low
            discard.append(card)
            declarations[declared] += 1
            turns += 1
            seat = 1 - seat
            following = pool & masks[card][declared]
        self.pool, self.declared, self.turns, self.current_player = pool, declared, turns, seat
        if not following:
            self.loser = seat
            self.is_over = True

    def apply(self, move: Move) -> None:
        if len(move) == 1:
            self._declare(move[0])
        else:
            self._play(move[0], move[1])

    def _play(self, card: int, attribute: int) -> None:
        """The seat to move plays `card` from the pool and declares `attribute`."""
        self.pool ^= 1 << card
        self.discard.append(card)
        self._declare(attribute)

    def _declare(self, attribute: int) -> None:
        """The seat to move declares `attribute`, ending its turn; the next seat loses if no
        pool card can follow."""
        self.turns += 1
        self.declared = attribute
        self.declarations[attribute] += 1
        self.current_player = 1 - self.current_player
        if not self.matching(attribute):
            self.loser = self.current_player
            self.is_over = True

    def standing(self) -> list[float]:
        """1 for the winner once the game is over, else 0, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(self.is_over and seat != self.loser) for seat in (0, 1)]

    def result(self) -> Result:
        """The seat that could follow wins, the other loses; an unfinished game ranks the seats
        level in seat order (`kit.ranking.scored_result`'s order, made here directly: a
        result a game, a tenth of a random game's cost when ranked in general)."""
        if not self.is_over:
            return result_of(False, (), (0.0, 0.0), (0, 1), self.turns, self.counters)
        winner = 1 - self.loser
        scores = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
        return result_of(True, (winner,), scores, (winner, self.loser), self.turns, self.counters)

    @property
    def counters(self) -> dict[str, int]:
        played = self.pool_start - self.pool.bit_count()
        opener_won = int(self.is_over and self.loser != self.opener)
        return {
            "chain_length": played,
            "declared_colour": self.declarations[0],
            "declared_suit": self.declarations[1],
            "declared_number": self.declarations[2],
            "opener_wins": opener_won,
            "follower_wins": int(self.is_over) - opener_won,
        }

    def observation(self, player: int) -> dict[str, Any]:
        ids = self.game.cards.ids
        return {
            "seat": player,
            "pool": self.game.cards.ids_of_mask(self.pool),
            "discard": [ids[c] for c in self.discard],
            "top": ids[self.discard[-1]],
            "declared": ATTRIBUTES[self.declared] if self.declared >= 0 else None,
            "opener": self.opener,
            "current_player": self.current_player,
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        """The pool is the table; the drawn cards went onto the discard pile at once, so the
        hands stay empty."""
        ids = self.game.cards.ids
        return {
            "hand/0": [],
            "hand/1": [],
            "table": self.game.cards.ids_of_mask(self.pool),
            "discard": [ids[c] for c in self.discard],
        }

    def declared_zones(self) -> list[DeclaredZone]:
        """Everything is public after the setup draw."""
        return [*seat_zones("hand", self.n_players, "everyone"), shared_zone("table", "everyone"),
                shared_zone("discard", "everyone")]

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        if len(move) == 1:
            top = self.game.cards.names[self.discard[-1]]
            return f"seat {seat} declares {ATTRIBUTES[move[0]]} on the {top}"
        card, attribute = move
        return f"seat {seat} plays the {self.game.cards.names[card]} and declares {ATTRIBUTES[attribute]}"


def _count(mask: int) -> int:
    """The bits set in `mask`: compiled, `int.bit_count` is a method call on a boxed int,
    dearer than this loop over the score of pool cards that match at most."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count
