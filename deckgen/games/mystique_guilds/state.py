"""A game of Mystique Guilds in progress: the hands, the Draw Deck and the discard pile."""

from __future__ import annotations

import copy
import random
from typing import Any, Mapping

from deckgen.games.base import Move, Result, State, Watched
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import shuffle_in_place
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.ranking import rank_by_score, scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.games.kit.zones import DeclaredZone, hand, seat_zones, shared_zone
from deckgen.games.mystique_guilds.moves import BUY, DECK, DECK_MOVE, DISCARD, DISCARD_MOVE
from deckgen.games.mystique_guilds.tables import GuildsTables


class GuildsState(State[Move]):
    """A game in progress: hands as masks, the two piles as lists with the top card last."""

    is_over = False

    def __init__(self, game: GuildsTables, hands: list[int], draw: list[int], discard: list[int],
                 first: int, options: Mapping[str, Any], events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = len(hands)
        self.hands = hands
        self.draw = draw
        self.discard = discard
        self.current_player = first
        self.next_seat = next_seats(self.n_players, game.params.turn_direction)
        self.turns = 0
        self.is_over = not draw
        self.hidden_hands = bool(options["hidden_hands"])
        self.buy_from_both = bool(options["buy_from_both"])
        self.events = events
        self.buys = 0
        self.bought_cards = 0

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        moves: list[Move] = [DECK_MOVE]
        if self.discard:
            moves.append(DISCARD_MOVE)
        value = self.game.value
        deck_left = len(self.draw)
        discard_left = len(self.discard) if self.buy_from_both else 0
        for card in bits_of(self.hands[self.current_player]):
            most = value[card]
            for from_deck in range(min(most, deck_left) + 1):
                for from_discard in range(min(most - from_deck, discard_left) + 1):
                    moves.append((BUY, card, from_deck, from_discard))
        return moves

    def move_count(self) -> int:
        """`len(legal_moves())` when buys take from the Draw Deck only, without the list: the
        draws, then each hand card's buys of 0 .. its number (at most the Draw Deck's cards)."""
        value, deck_left = self.game.value, len(self.draw)
        total, rest = (2 if self.discard else 1), self.hands[self.current_player]
        while rest:
            low = rest & -rest
            total += min(value[low.bit_length() - 1], deck_left) + 1
            rest ^= low
        return total

    def _buy_of(self, pick: int) -> tuple[int, int]:
        """The hand card and the cards drawn of buy number `pick` (counted after the draws,
        lowest card first), when buys take from the Draw Deck only."""
        value, deck_left = self.game.value, len(self.draw)
        rest = self.hands[self.current_player]
        while True:
            low = rest & -rest
            card = low.bit_length() - 1
            buys = min(value[card], deck_left) + 1
            if pick < buys:
                return card, pick
            pick -= buys
            rest ^= low

    def random_move(self, rng: random.Random) -> Move:
        """The move `legal_moves()[int(rng.random() * len(legal_moves()))]`, without building
        the list: the draws come first, then each hand card's buys of 0 .. its limit cards."""
        if self.buy_from_both or self.is_over:
            return super().random_move(rng)
        return self._move_of(int(rng.random() * self.move_count()))

    def _move_of(self, pick: int) -> Move:
        """Legal move number `pick` (the draws first, then the buys), when buys take from the
        Draw Deck only."""
        draws = 2 if self.discard else 1
        if pick < draws:
            return DISCARD_MOVE if pick else DECK_MOVE
        card, from_deck = self._buy_of(pick - draws)
        return (BUY, card, from_deck, 0)

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`State.play_randomly` without moves: each turn draws the one number `random_move`
        draws and plays the draw or buy it picks, counted off the hand's bits. Buying from
        both piles (an option) takes the plain loop."""
        if self.buy_from_both:
            super().play_randomly(rng, turn_cap)
            return
        rand = rng.random
        while not self.is_over and self.turns < turn_cap:
            seat = self.current_player
            draws = 2 if self.discard else 1
            pick = int(rand() * self.move_count())
            if pick == 0:
                self._take_from_deck(seat, 1)
            elif pick < draws:
                self._take_from_discard(seat, 1)
            else:
                card, from_deck = self._buy_of(pick - draws)
                self._buy(seat, card, from_deck, 0)
            self._end_turn(seat)

    def play_randomly_watched(self, rng: random.Random, turn_cap: int, watch: list[Watched]) -> None:
        """`State.play_randomly_watched` counting the legal moves rather than listing them
        (a hand of buys is tens of moves); buying from both piles takes the plain loop."""
        if self.buy_from_both:
            super().play_randomly_watched(rng, turn_cap, watch)
            return
        while not self.is_over and self.turns < turn_cap:
            count = self.move_count()
            move = self._move_of(int(rng.random() * count))
            watch.append((self.current_player, count, self.standing()))
            self.apply(move)

    def apply(self, move: Move) -> None:
        seat = self.current_player
        code = move[0]
        if code == DECK:
            self._take_from_deck(seat, 1)
        elif code == DISCARD:
            self._take_from_discard(seat, 1)
        else:
            self._buy(seat, move[1], move[2], move[3])
        self._end_turn(seat)

    def _buy(self, seat: int, card: int, from_deck: int, from_discard: int) -> None:
        """The seat discards `card` from its hand and takes cards from the piles for it."""
        self.hands[seat] ^= 1 << card
        self._take_from_deck(seat, from_deck)
        self._take_from_discard(seat, from_discard)
        self.discard.append(card)
        self.buys += 1
        self.bought_cards += from_deck + from_discard

    def _end_turn(self, seat: int) -> None:
        """The turn of `seat` is over: the game ends with the Draw Deck, else the next seat moves."""
        self.turns += 1
        if not self.draw:
            self.is_over = True
        else:
            self.current_player = self.next_seat[seat]

    def _take_from_deck(self, seat: int, count: int) -> None:
        """Draw the top `count` cards of the Draw Deck (logged by id, the top card last)."""
        if self.events is not None and count:
            self.events.append({"type": "draw", "seat": seat, "cards": self.game.cards.ids_of(self.draw[-count:])})
        self._take(seat, self.draw, count)

    def _take_from_discard(self, seat: int, count: int) -> None:
        """Take the top `count` discards (face up: logged by name, top first)."""
        if self.events is not None and count:
            taken = self.discard[-count:][::-1]
            self.events.append({"type": "take_discard", "seat": seat, "cards": self.game.cards.ids_of(taken)})
        self._take(seat, self.discard, count)

    def _take(self, seat: int, pile: list[int], count: int) -> None:
        """Move the top `count` cards of `pile` into the seat's hand, popped one by one: no
        slice is copied on a turn of unrecorded play."""
        hand = self.hands[seat]
        for _ in range(count):
            hand |= 1 << pile.pop()
        self.hands[seat] = hand

    # -- scoring -----------------------------------------------------------------------

    def seat_totals(self) -> list[int]:
        """totals[guild * n_players + seat]: the numbers a seat holds in each guild, added up,
        in one flat list read off the hands' bits (scoring reads it before every traced move)."""
        game, n = self.game, self.n_players
        guild, value = game.guild, game.value
        totals = [0] * (len(game.guild_points) * n)
        for seat in range(n):
            rest = self.hands[seat]
            while rest:
                low = rest & -rest
                card = low.bit_length() - 1
                totals[guild[card] * n + seat] += value[card]
                rest ^= low
        return totals

    def guild_totals(self) -> list[list[int]]:
        """totals[guild][seat]: the numbers a seat holds in each guild, added up."""
        flat, n = self.seat_totals(), self.n_players
        return [flat[start:start + n] for start in range(0, len(flat), n)]

    def points(self) -> tuple[list[int], int]:
        """Points per seat, and how many guilds with cards in them nobody controls (a tie)."""
        n = self.n_players
        totals = self.seat_totals()
        points = [0] * n
        tied = 0
        for guild, worth in enumerate(self.game.guild_points):
            best, leaders, leader = -1, 0, -1
            for seat in range(n):
                total = totals[guild * n + seat]
                if total > best:
                    best, leaders, leader = total, 1, seat
                elif total == best:
                    leaders += 1
            if leaders == 1:
                points[leader] += worth
            elif best > 0:
                tied += 1
        return points, tied

    def standing(self) -> list[float]:
        """Points from the guilds each seat controls, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(p) for p in self.points()[0]]

    def result(self) -> Result:
        """The guilds are added up once, for the scores and the counters alike."""
        points, tied = self.points()
        counts = self._counters(tied if self.is_over else 0)
        result = scored_result(self.is_over, [float(p) for p in points], self.turns, counts,
                               tie_break=self._fewer_cards())
        counts["game_draws"] = int(len(result.winners) > 1)
        return result

    def _fewer_cards(self) -> list[int]:
        """The tie-break: fewer cards in hand is better."""
        return [-hand.bit_count() for hand in self.hands]

    def _counters(self, guilds_tied: int) -> dict[str, int]:
        """The counters before `game_draws` is known (0 until then)."""
        return {"buys": self.buys, "bought_cards": self.bought_cards, "guilds_tied": guilds_tied, "game_draws": 0}

    @property
    def counters(self) -> dict[str, int]:
        if not self.is_over:
            return self._counters(0)
        points, tied = self.points()
        counts = self._counters(tied)
        winners, _ = rank_by_score(points, tie_break=self._fewer_cards())
        counts["game_draws"] = int(len(winners) > 1)
        return counts

    # -- what seats see ----------------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        cards = self.game.cards
        hands = [cards.ids_of_mask(h) if not self.hidden_hands or s == player else None
                 for s, h in enumerate(self.hands)]
        return {
            "seat": player,
            "hands": hands,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "discard": cards.ids_of(self.discard),
            "draw_size": len(self.draw),
            "current_player": self.current_player,
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        cards = self.game.cards
        zones = {hand(s): cards.ids_of_mask(h) for s, h in enumerate(self.hands)}
        zones["draw"] = cards.ids_of(self.draw)
        zones["discard"] = cards.ids_of(self.discard)
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """The Draw Deck shows to nobody, the discard pile to all, and hands to their seat only
        when hands are hidden (an option), else to all."""
        hands = seat_zones("hand", self.n_players, "owner" if self.hidden_hands else "everyone")
        return [*hands, shared_zone("draw", "nobody"), shared_zone("discard", "everyone")]

    def clone(self) -> GuildsState:
        """A copy for search: own hands and piles; the game is shared."""
        twin = copy.copy(self)
        twin.hands = self.hands[:]
        twin.draw = self.draw[:]
        twin.discard = self.discard[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> GuildsState:
        """`State.determinize` on the card ints: the Draw Deck dealt again, with the other
        hands when hands are hidden. The Draw Deck's order is all the chance left."""
        twin = self.clone()
        others = [s for s in range(self.n_players) if s != seat] if self.hidden_hands else []
        pool = self.draw[:]
        for s in others:
            pool += bits_of(self.hands[s])
        shuffle_in_place(pool, rng)
        for s in others:
            count = self.hands[s].bit_count()
            twin.hands[s] = sum(1 << c for c in pool[len(pool) - count:])
            del pool[len(pool) - count:]
        twin.draw = pool
        return twin

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        names = self.game.cards.names
        if move[0] == DECK:
            return f"seat {seat} draws from the Draw Deck"
        if move[0] == DISCARD:
            return f"seat {seat} takes the {names[self.discard[-1]]} from the discard pile"
        _, card, from_deck, from_discard = move
        text = f"seat {seat} buys with the {names[card]}, drawing {from_deck} from the Draw Deck"
        return text + (f" and {from_discard} from the discard pile" if from_discard else "")
