"""A game of Battle for the Suns in progress: the horizon, hands, commits, piles and the suns
won."""

from __future__ import annotations

import copy
import random
from typing import Any

from deckgen.games.base import Move, Result, State
from deckgen.games.battle_for_the_suns.moves import NOT_YET, STOP, STOPPED, STOP_MOVE
from deckgen.games.battle_for_the_suns.tables import SunsTables
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import shuffle_in_place
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.piles import draw_card, reshuffle_event, reshuffle_under_top
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.ranking import scored_result
from deckgen.games.kit.zones import DeclaredZone, hand, seat_zones, shared_zone


class SunsState(State[Move]):
    """A game in progress: the horizon, the sun being fought for, bids, hands and piles."""

    is_over = False

    def __init__(self, game: SunsTables, n_players: int, rng: random.Random, horizon: list[int],
                 draw: list[int], hands: list[int], events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = n_players
        self.rng = rng
        self.horizon = horizon
        self.draw = draw
        self.discard: list[int] = []
        self.hands = hands
        self.sun = -1
        self.round = 1
        self.active = [True] * n_players
        #: This round's commit per seat: NOT_YET, STOPPED or the card (hidden until revealed).
        self.pending = [NOT_YET] * n_players
        #: Revealed bid cards for the current sun, per seat, as masks.
        self.bids = [0] * n_players
        self.won: list[list[int]] = [[] for _ in range(n_players)]
        self.removed: list[int] = []
        self.current_player = 0
        #: Bidding rounds played: the unit of game length and of the turn cap.
        self.turns = 0
        self.is_over = False
        self.events = events
        self.suns_removed = 0
        self.winning_bids = 0
        self.suns_won = 0

    # -- values ------------------------------------------------------------------------

    def value(self, card: int) -> int:
        """What a card bids on the current sun."""
        game = self.game
        sun = self.sun
        return (game.number[card] + (game.colour_bonus if game.colour[card] == game.colour[sun] else 0)
                + (game.number_bonus if game.number[card] == game.number[sun] else 0))

    def bid_total(self, seat: int) -> int:
        return sum(self.value(card) for card in bits_of(self.bids[seat]))

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        moves: list[Move] = [(card,) for card in bits_of(self.hands[self.current_player])]
        if self.round > 1 or not moves:
            moves.append(STOP_MOVE)
        return moves

    def apply(self, move: Move) -> None:
        seat = self.current_player
        card = move[0]
        if card == STOP:
            self.pending[seat] = STOPPED
        else:
            self.hands[seat] ^= 1 << card
            self.pending[seat] = card
        later = [s for s in range(seat + 1, self.n_players) if self.active[s] and self.pending[s] == NOT_YET]
        if later:
            self.current_player = later[0]
            return
        self._reveal()

    def _reveal(self) -> None:
        """All commits of the round are in: show them, then bid again or award the sun."""
        self.turns += 1
        committed = False
        for seat, card in enumerate(self.pending):
            if card >= 0:
                self.bids[seat] |= 1 << card
                committed = True
            elif card == STOPPED:
                self.active[seat] = False
        if self.events is not None:
            ids = self.game.cards.ids
            self.events.append({"type": "reveal", "round": self.round,
                                "cards": [ids[c] if c >= 0 else None for c in self.pending],
                                "stopped": [s for s, c in enumerate(self.pending) if c == STOPPED]})
        self.pending = [NOT_YET] * self.n_players
        if committed and self.round < self.game.params.bidding_rounds and any(self.active):
            self.round += 1
            self.current_player = self.active.index(True)
            return
        self._award()

    def _award(self) -> None:
        totals = [self.bid_total(seat) for seat in range(self.n_players)]
        best = max(totals)
        leaders = [seat for seat, total in enumerate(totals) if total == best]
        if len(leaders) == 1:
            self.won[leaders[0]].append(self.sun)
            self.suns_won += 1
            self.winning_bids += best
        else:
            self.removed.append(self.sun)
            self.suns_removed += 1
        if self.events is not None:
            self.events.append({"type": "award", "seat": leaders[0] if len(leaders) == 1 else None,
                                "totals": totals})
        for mask in self.bids:
            self.discard += bits_of(mask)
        self.bids = [0] * self.n_players
        if self.horizon:  # night: refill in seat order, unless that was the last sun
            for seat in range(self.n_players):
                self._refill(seat)
        self.sunrise()

    def _refill(self, seat: int) -> None:
        while self.hands[seat].bit_count() < self.game.params.hand_cards:
            if not self.draw:
                if not self.discard:
                    return
                self.draw = reshuffle_under_top(self.discard, 0, self.rng)
                if self.events is not None:
                    self.events.append(reshuffle_event(len(self.draw)))
            self.hands[seat] |= 1 << draw_card(self.draw, seat, self.events, self.game.cards.ids)

    def sunrise(self) -> None:
        """The next sun rises, or the game ends when the horizon is empty."""
        if not self.horizon:
            self.sun = -1
            self.is_over = True
            return
        self.sun = self.horizon.pop()
        self.round = 1
        self.active = [True] * self.n_players
        self.current_player = 0
        if self.events is not None:
            self.events.append({"type": "sunrise", "card": self.game.cards.ids[self.sun]})

    # -- reporting ---------------------------------------------------------------------

    def scores(self) -> list[int]:
        number = self.game.number
        return [sum(number[sun] for sun in suns) for suns in self.won]

    def standing(self) -> list[float]:
        """The suns' numbers won so far, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(s) for s in self.scores()]

    def result(self) -> Result:
        return scored_result(self.is_over, [float(s) for s in self.scores()], self.turns, self.counters)

    @property
    def counters(self) -> dict[str, int]:
        return {"suns_removed_by_ties": self.suns_removed, "suns_won": self.suns_won,
                "winning_bid_total": self.winning_bids, "bidding_rounds": self.turns}

    def observation(self, player: int) -> dict[str, Any]:
        ids = self.game.cards.ids
        return {
            "seat": player,
            "hand": self.game.cards.ids_of_mask(self.hands[player]),
            "sun": ids[self.sun] if self.sun >= 0 else None,
            "round": self.round,
            "bidding": list(self.active),
            "committed": [c != NOT_YET for c in self.pending],
            "my_commit": ids[self.pending[player]] if self.pending[player] >= 0 else None,
            "bids": [self.game.cards.ids_of_mask(b) for b in self.bids],
            "bid_totals": [self.bid_total(s) for s in range(self.n_players)] if self.sun >= 0 else None,
            "won": [[ids[c] for c in suns] for suns in self.won],
            "removed": [ids[c] for c in self.removed],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "draw_size": len(self.draw),
            "horizon_size": len(self.horizon),
            "discard": [ids[c] for c in self.discard],
            "current_player": self.current_player,
        }

    def card_zones(self) -> dict[str, list[str]]:
        cards = self.game.cards
        ids = cards.ids
        zones: dict[str, list[str]] = {}
        for seat in range(self.n_players):
            zones[hand(seat)] = cards.ids_of_mask(self.hands[seat])
            zones[f"commit/{seat}"] = [ids[self.pending[seat]]] if self.pending[seat] >= 0 else []
            zones[f"bids/{seat}"] = cards.ids_of_mask(self.bids[seat])
            zones[f"won/{seat}"] = [ids[c] for c in self.won[seat]]
        zones["horizon"] = [ids[c] for c in self.horizon]
        zones["table"] = [ids[self.sun]] if self.sun >= 0 else []
        zones["draw"] = [ids[c] for c in self.draw]
        zones["discard"] = [ids[c] for c in self.discard]
        zones["removed"] = [ids[c] for c in self.removed]
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """Hands and pending commits show to their seat only; the deck and the horizon to
        nobody; bids, suns won, the table, the discard pile and the suns removed by a tie were
        seen by all."""
        n = self.n_players
        return [*seat_zones("hand", n, "owner"), *seat_zones("commit", n, "owner"), *seat_zones("bids", n, "everyone"),
                *seat_zones("won", n, "everyone"), shared_zone("horizon", "nobody"), shared_zone("table", "everyone"),
                shared_zone("draw", "nobody"), shared_zone("discard", "everyone"), shared_zone("removed", "everyone")]

    def clone(self) -> SunsState:
        """A copy for search: own hands, piles, bids and chance; the game is shared."""
        twin = self._twin()
        twin.rng = copied(self.rng)
        return twin

    def _twin(self) -> SunsState:
        """A copy with its own lists, sharing the random source (the caller replaces it)."""
        twin = copy.copy(self)
        twin.horizon = self.horizon[:]
        twin.draw = self.draw[:]
        twin.discard = self.discard[:]
        twin.hands = self.hands[:]
        twin.active = self.active[:]
        twin.pending = self.pending[:]
        twin.bids = self.bids[:]
        twin.won = [suns[:] for suns in self.won]
        twin.removed = self.removed[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> SunsState:
        """`State.determinize` on the card ints: the other hands, their face-down commits and
        the deck dealt again. The horizon holds every sun not yet risen, which all know, so
        only its order is dealt again."""
        twin = self._twin()
        others = [s for s in range(self.n_players) if s != seat]
        pool = self.draw + [c for s in others for c in bits_of(self.hands[s])]
        pool += [self.pending[s] for s in others if self.pending[s] >= 0]
        shuffle_in_place(pool, rng)
        for s in others:
            if self.pending[s] >= 0:
                twin.pending[s] = pool.pop()
            count = self.hands[s].bit_count()
            twin.hands[s] = sum(1 << c for c in pool[len(pool) - count:])
            del pool[len(pool) - count:]
        twin.draw = pool
        shuffle_in_place(twin.horizon, rng)
        twin.rng = rng
        return twin

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        if move[0] == STOP:
            return f"seat {seat} stops bidding for this sun"
        return f"seat {seat} commits a card face down (the {self.game.cards.names[move[0]]})"
