"""A game of Mismatch in progress: each seat's face-down deck and capture pile, and the duels."""

from __future__ import annotations

import copy
import random
from typing import Any

from deckgen.games.base import Move, Result, State, Watched
from deckgen.games.kit.chance import shuffle_in_place
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.piles import draw_event
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.seats import next_seat_in
from deckgen.games.kit.zones import DeclaredZone, seat_zones, shared_zone
from deckgen.games.mismatch.moves import REVEAL
from deckgen.games.mismatch.tables import MismatchTables


class MismatchState(State[Move]):
    """A game in progress: per seat a face-down deck (left = top) and a capture pile."""

    def __init__(
        self,
        game: MismatchTables,
        rng: random.Random,
        decks: list[list[int]],
        captured: list[list[int]],
        removed: list[int],
        first_player: int,
        record: bool,
    ) -> None:
        self.game = game
        self.rng = rng
        self.n_players = len(decks)
        #: Face-down decks as lists with the top card last (`decks` come top card first), so
        #: that a draw is the list's own pop.
        self.decks: list[list[int]] = [d[::-1] for d in decks]
        self.captured: list[list[int]] = [list(c) for c in captured]
        self.removed = removed
        self.in_game = [bool(d or c) for d, c in zip(decks, captured)]
        self.players_left = sum(self.in_game)
        #: Seats in the order they ran out of cards (ranking: later is better).
        self.out_order: list[int] = []
        self.turns = 0
        self.duels = 0
        self.ties = 0
        self.events: list[dict[str, Any]] | None = [] if record else None
        self.diff = game.diff
        self.tie_pot_cards: int = game.tie_pot_cards
        self.current_player = first_player if self.in_game[first_player] else next_seat_in(first_player, self.in_game)

    @property
    def is_over(self) -> bool:
        return self.players_left <= 1

    def legal_moves(self) -> list[Move]:
        return [] if self.players_left <= 1 else [REVEAL]

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`State.play_randomly` without drawing from `rng`: the one legal move is the one any
        draw picks, so the game is the same; its chance (reshuffles) is the state's own source."""
        while self.players_left > 1 and self.turns < turn_cap:
            self.apply(REVEAL)

    def play_randomly_watched(self, rng: random.Random, turn_cap: int, watch: list[Watched]) -> None:
        """`State.play_randomly_watched` as `play_randomly` plays: the one move, no draw."""
        while self.players_left > 1 and self.turns < turn_cap:
            watch.append((self.current_player, 1, self.standing()))
            self.apply(REVEAL)

    def opponent(self) -> int:
        """Who the current player duels: the next seat still in after them."""
        return next_seat_in(self.current_player, self.in_game)

    def _draw(self, seat: int) -> int:
        """Top card of the seat's deck, shuffling the capture pile in first when it is empty."""
        deck = self.decks[seat]
        if not deck:
            pile = self.captured[seat]
            shuffle_in_place(pile, self.rng)
            deck.extend(reversed(pile))  # the shuffled pile's first card on top
            pile.clear()
            if self.events is not None:
                ids = self.game.cards.ids
                self.events.append({"type": "reshuffle", "seat": seat, "order": [ids[c] for c in reversed(deck)]})
        card = deck.pop()
        if self.events is not None:
            self.events.append(draw_event(seat, self.game.cards.ids[card]))
        return card

    def apply(self, move: Move) -> None:
        a = self.current_player
        b = next_seat_in(a, self.in_game)
        decks = self.decks
        deck_a = decks[a]
        deck_b = decks[b]
        if deck_a and deck_b and self.events is None:
            card_a = deck_a.pop()
            card_b = deck_b.pop()
        else:
            card_a = self._draw(a)
            card_b = self._draw(b)
        self.turns += 1
        self.duels += 1
        difference = self.diff[card_a][card_b]
        if difference:
            winner, loser = (a, b) if difference > 0 else (b, a)
            won = self.captured[winner]
            won.append(card_a)
            won.append(card_b)
            if self.events is not None:
                self._log_capture(winner, [card_a, card_b])
        else:
            loser = self._break_tie(a, b, card_a, card_b)
        if loser >= 0 and not decks[loser] and not self.captured[loser]:
            self.in_game[loser] = False
            self.players_left -= 1
            self.out_order.append(loser)
            if self.events is not None:
                self.events.append({"type": "out", "seat": loser, "duel": self.duels})
        if self.players_left > 1:
            self.current_player = b if self.in_game[b] else next_seat_in(b, self.in_game)

    def _break_tie(self, a: int, b: int, card_a: int, card_b: int) -> int:
        """Settle a tied duel; returns the loser, or -1 when both ran dry together.

        Each round of the tie, both add up to `tie_pot_cards` cards to the pot and turn up
        one more as tie-breaker; a player with fewer cards adds what they have and breaks
        with the last one. A player with no card left loses; if both have none left, each
        takes back what they put in (to their capture pile) and nobody wins the duel.
        """
        put_a = [card_a]
        put_b = [card_b]
        captured = self.captured
        decks = self.decks
        per_round = self.tie_pot_cards + 1
        while True:
            self.ties += 1
            left_a = len(decks[a]) + len(captured[a])
            left_b = len(decks[b]) + len(captured[b])
            if not left_a or not left_b:
                if left_a:
                    return self._take_pot(a, put_a + put_b, b)
                if left_b:
                    return self._take_pot(b, put_a + put_b, a)
                self._take_pot(a, put_a, -1)
                self._take_pot(b, put_b, -1)
                if self.events is not None:
                    self.events.append({"type": "no_cards_left", "seats": [a, b], "duel": self.duels})
                return -1
            for _ in range(min(left_a, per_round)):
                put_a.append(self._draw(a))
            for _ in range(min(left_b, per_round)):
                put_b.append(self._draw(b))
            difference = self.diff[put_a[-1]][put_b[-1]]
            if difference > 0:
                return self._take_pot(a, put_a + put_b, b)
            if difference < 0:
                return self._take_pot(b, put_a + put_b, a)

    def _take_pot(self, seat: int, cards: list[int], loser: int) -> int:
        """`seat` takes the tie's cards into its capture pile; returns the duel's `loser`."""
        self.captured[seat] += cards
        if self.events is not None:
            self._log_capture(seat, cards)
        return loser

    def _log_capture(self, seat: int, cards: list[int]) -> None:
        """Who took a duel's cards is public (the cards were face up): a reader of the log
        follows every capture pile by it."""
        assert self.events is not None
        ids = self.game.cards.ids
        self.events.append({"type": "capture", "seat": seat, "cards": [ids[c] for c in cards]})

    def cards_held(self, seat: int) -> int:
        return len(self.decks[seat]) + len(self.captured[seat])

    def standing(self) -> list[float]:
        """The cards each seat holds, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(self.cards_held(s)) for s in range(self.n_players)]

    def result(self) -> Result:
        held = [self.cards_held(s) for s in range(self.n_players)]
        still_in = sorted((s for s in range(self.n_players) if self.in_game[s]), key=lambda s: (-held[s], s))
        ranking = tuple(still_in + self.out_order[::-1])
        finished = self.is_over
        return Result(
            finished=finished,
            winners=tuple(still_in) if finished else (),
            scores=tuple(float(h) for h in held),
            ranking=ranking,
            turns=self.turns,
            counters=self.counters,
        )

    @property
    def counters(self) -> dict[str, int]:
        return {"duels": self.duels, "ties": self.ties}

    def observation(self, player: int) -> dict[str, Any]:
        """Deck and capture-pile sizes are public; a seat's own capture pile was turned up,
        so it knows those cards; nobody knows the order of a face-down deck."""
        ids = self.game.cards.ids
        return {
            "seat": player,
            "turn": self.turns,
            "next_duel": [] if self.is_over else [self.current_player, self.opponent()],
            "players": [
                {"seat": s, "in_game": self.in_game[s], "deck": len(self.decks[s]), "captured": len(self.captured[s])}
                for s in range(self.n_players)
            ],
            "own_captured": [ids[c] for c in self.captured[player]],
            "removed": len(self.removed),
        }

    def card_zones(self) -> dict[str, list[str]]:
        """Decks (top card first), capture piles and the cards removed unseen; the short
        game's unused cards stay in the box and never enter play, so they are not a zone."""
        ids = self.game.cards.ids
        zones: dict[str, list[str]] = {"removed": [ids[c] for c in self.removed]}
        for seat in range(self.n_players):
            zones[f"deck/{seat}"] = [ids[c] for c in reversed(self.decks[seat])]
            zones[f"won/{seat}"] = [ids[c] for c in self.captured[seat]]
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """Face-down decks hide their cards from everyone, their owner included; a capture
        pile was seen by its owner only as it was won; removed cards stay unseen."""
        n = self.n_players
        return [shared_zone("removed", "nobody"), *seat_zones("deck", n, "nobody"), *seat_zones("won", n, "owner")]

    def clone(self) -> MismatchState:
        """A copy for search: own decks, capture piles and chance; the value table is shared."""
        twin = self._twin()
        twin.decks = [deck[:] for deck in self.decks]
        twin.captured = [pile[:] for pile in self.captured]
        twin.rng = copied(self.rng)
        return twin

    def _twin(self) -> MismatchState:
        """A copy with its own seat lists, sharing the cards and the random source (the caller
        replaces them)."""
        twin = copy.copy(self)
        twin.in_game = self.in_game[:]
        twin.out_order = self.out_order[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> MismatchState:
        """`State.determinize` on the card ints: every deck, the other capture piles and the
        removed cards dealt again, each keeping its size."""
        twin = self._twin()
        others = [s for s in range(self.n_players) if s != seat]
        pool = self.removed[:]
        for deck in self.decks:
            pool += reversed(deck)  # top card first, as the pool has always been gathered
        for s in others:
            pool += self.captured[s]
        shuffle_in_place(pool, rng)
        decks = []
        for deck in self.decks:
            decks.append(pool[len(pool) - len(deck):][::-1])
            del pool[len(pool) - len(deck):]
        twin.decks = decks
        twin.captured = self.captured[:]
        for s in others:
            count = len(self.captured[s])
            twin.captured[s] = pool[len(pool) - count:]
            del pool[len(pool) - count:]
        twin.captured[seat] = self.captured[seat][:]
        twin.removed = pool
        twin.rng = rng
        return twin

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        a = self.current_player
        b = self.opponent()
        names = self.game.cards.names
        if self.decks[a] and self.decks[b]:
            return (
                f"seat {a} turns up {names[self.decks[a][-1]]} against "
                f"seat {b}'s {names[self.decks[b][-1]]}"
            )
        return f"seat {a} duels seat {b} (an empty deck is refilled from its capture pile first)"
