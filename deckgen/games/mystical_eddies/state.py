"""A game of Mystical Eddies in progress: hands and won cards as masks, the trick in play
order, rounds dealt from the engine's tables."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from deckgen.games.base import Move, Result, State
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import deal_event, shuffled_order
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.ranking import rank_by_score, scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.games.kit.tricks import deal_around_voids, must_follow_mask
from deckgen.games.kit.zones import DeclaredZone, hand, seat_zones, shared_zone
from deckgen.games.mystical_eddies.tables import EddiesTables
from deckgen.games.mystical_eddies.tricks import (
    ATTRIBUTE_WORDS,
    CATEGORY_NAMES,
    CATEGORY_POINTS,
    COUNTER_NAMES,
    DEAL_TRIES,
    MASKS,
    follows,
    trick_outcome,
)


class EddiesState(State[Move]):
    """A game in progress: hands and won cards as masks, the trick as a list in play order."""

    is_over = False

    def __init__(self, game: EddiesTables, n_players: int, rng: random.Random,
                 options: Mapping[str, Any], events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.size = game.cards.size
        self.match = game.match
        self.keys = game.keys
        self.following = game.following
        self.n_players = n_players
        self.next_seat = next_seats(n_players)
        self.rng = rng
        self.events = events
        self.is_over = False
        self.balance = bool(options["balance"])
        self.target = int(options["target"])
        self.rounds = int(options["rounds"]) or n_players
        self.turn_cap = game.rules.turn_cap
        self.hand_size = game.rules.setup[n_players].hand_size or 0
        self.hands = [0] * n_players
        self.won = [0] * n_players
        self.removed = 0
        self.trick: list[int] = []
        self.trick_mask = 0
        self.lead = -1
        self.established = 0
        self.best_key = 0
        self.best_seat = 0
        self.leader = 0
        self.current_player = 0
        #: Rounds completed (the unit of the turn cap); the round in play is turns + 1.
        self.turns = 0
        self.round_number = 1
        self.tricks = [0] * n_players
        self.categories = [[0, 0, 0] for _ in range(n_players)]
        self.by_established = [0] * MASKS
        self.leader_wins = 0
        #: voids[seat]: cards the seat has shown it does not hold this round (by tossing).
        self.voids = [0] * n_players


    def legal_mask(self) -> int:
        hand = self.hands[self.current_player]
        if self.lead < 0:
            return hand
        return must_follow_mask(hand, self.following[self.lead * MASKS + self.established])

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        moves = self.game.moves
        return [moves[c] for c in bits_of(self.legal_mask())]

    def random_move(self, rng: random.Random) -> Move:
        """`legal_moves()[int(rng.random() * len)]` without building the list."""
        legal = self.legal_mask()
        k = int(rng.random() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        return self.game.moves[(legal & -legal).bit_length() - 1]

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`apply(random_move(rng))` until the end or the cap: the same draws, a whole trick
        at a time in local variables, the trick's end as `finish_trick` does it (the game can
        only end, or reach the cap, between tricks). A trick under way is played out first."""
        rand = rng.random
        hands = self.hands
        won = self.won
        tricks = self.tricks
        categories = self.categories
        by_established = self.by_established
        voids = self.voids
        following = self.following
        match_rows = self.game.match_rows
        key_rows = self.game.key_rows
        next_seat = self.next_seat
        followers = self.n_players - 1
        while not self.is_over and self.turns < turn_cap:
            if self.trick or self.events is not None:  # a recorded game logs every trick
                self.play_card(self.random_move(rng)[0])
                continue
            seat = leader = self.current_player
            legal = hand = hands[seat]
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            mask = bit
            lead = bit.bit_length() - 1
            shares = match_rows[lead]
            base = lead * MASKS
            established = 0
            best_seat = seat
            best_key = 0
            keys: list[int] = key_rows[0]
            for _ in range(followers):
                seat = next_seat[seat]
                hand = hands[seat]
                legal = hand & following[base + established]
                if not legal:  # a toss: the seat shows it holds no following card
                    legal = hand
                    voids[seat] |= following[base + established]
                k = int(rand() * legal.bit_count())
                while k:
                    legal &= legal - 1
                    k -= 1
                bit = legal & -legal
                hands[seat] = hand ^ bit
                mask |= bit
                card = bit.bit_length() - 1
                shared = shares[card]
                if established == 0:
                    if shared:
                        established = shared
                        keys = key_rows[shared]
                        best_key = keys[lead]
                        if keys[card] > best_key:
                            best_key = keys[card]
                            best_seat = seat
                elif shared & established == established and keys[card] > best_key:
                    best_key = keys[card]
                    best_seat = seat
            # the end of the trick, as finish_trick
            by_established[established] += 1
            if best_seat == leader:
                self.leader_wins += 1
            tricks[best_seat] += 1
            if established:
                points, step = categories[best_seat], CATEGORY_POINTS[established]
                points[0], points[1], points[2] = points[0] + step[0], points[1] + step[1], points[2] + step[2]
            won[best_seat] |= mask
            self.leader = self.current_player = best_seat
            if not hands[best_seat]:
                self.end_round()

    def apply(self, move: Move) -> None:
        self.play_card(move[0])

    def play_card(self, card: int) -> None:
        seat = self.current_player
        bit = 1 << card
        self.hands[seat] ^= bit
        self.trick.append(card)
        self.trick_mask |= bit
        lead = self.lead
        if lead < 0:
            self.lead = card
            self.established = 0
            self.best_seat = seat
        else:
            size = self.size
            shared = self.match[card * size + lead]
            established = self.established
            if established == 0:
                if shared:
                    keys = self.keys
                    self.established = shared
                    self.best_key = keys[shared * size + lead]
                    key = keys[shared * size + card]
                    if key > self.best_key:
                        self.best_key = key
                        self.best_seat = seat
                else:
                    self.voids[seat] |= self.following[lead * MASKS]
            elif shared & established == established:
                key = self.keys[established * size + card]
                if key > self.best_key:
                    self.best_key = key
                    self.best_seat = seat
            else:
                self.voids[seat] |= self.following[lead * MASKS + established]
        if len(self.trick) < self.n_players:
            self.current_player = self.next_seat[seat]
        else:
            self.finish_trick()

    def finish_trick(self) -> None:
        winner = self.best_seat
        established = self.established
        self.by_established[established] += 1
        if winner == self.leader:
            self.leader_wins += 1
        self.tricks[winner] += 1
        if established:
            points, step = self.categories[winner], CATEGORY_POINTS[established]
            points[0], points[1], points[2] = points[0] + step[0], points[1] + step[1], points[2] + step[2]
        self.won[winner] |= self.trick_mask
        if self.events is not None:
            self.events.append({"type": "trick", "cards": self.game.cards.ids_of(self.trick), "leader": self.leader,
                                "winner": winner, "established": ATTRIBUTE_WORDS[established]})
        self.trick = []
        self.trick_mask = 0
        self.lead = -1
        self.established = 0
        self.leader = self.current_player = winner
        if not self.hands[winner]:
            self.end_round()

    def end_round(self) -> None:
        self.turns += 1
        if self.events is not None:
            self.events.append({"type": "round_end", "round": self.round_number, "tricks": list(self.tricks),
                                "categories": [dict(zip(CATEGORY_NAMES, points)) for points in self.categories],
                                "scores": self.scores()})
        if self.target:
            if max(self.scores()) >= self.target:
                self.is_over = True
                return
        elif self.turns >= self.rounds:
            self.is_over = True
            return
        if self.turns >= self.turn_cap:  # stopped unfinished: no round is dealt that nobody plays
            return
        self.round_number += 1
        self.deal()

    def deal(self) -> None:
        """Shuffle all the cards, set some aside unseen, deal the rest evenly; the first
        leader of round r is seat (r - 1) mod N."""
        order = shuffled_order(self.size, self.rng)
        n, size = self.n_players, self.hand_size
        aside = len(order) - n * size
        bit = self.game.cards.bits.__getitem__
        self.removed = sum(map(bit, order[:aside]))
        hands = [order[aside + s * size: aside + (s + 1) * size] for s in range(n)]
        for seat in range(n):
            self.hands[seat] = sum(map(bit, hands[seat]))
        self.won[:] = self.voids[:] = [0] * n
        self.leader = self.current_player = (self.round_number - 1) % n
        if self.events is not None:
            self.events.append(deal_event(self.game.cards, hands, round=self.round_number,
                                          leader=self.leader, removed=self.game.cards.ids_of(order[:aside])))


    def shared_parts(self) -> tuple[object, ...]:
        return (self.game, self.match, self.keys, self.following, self.next_seat)

    def clone(self) -> EddiesState:
        """An independent copy (its own random source, in the same state), recording nothing."""
        twin = copy.copy(self)
        twin.hands = list(self.hands)
        twin.won = list(self.won)
        twin.trick = list(self.trick)
        twin.tricks = list(self.tricks)
        twin.categories = [list(points) for points in self.categories]
        twin.by_established = list(self.by_established)
        twin.voids = list(self.voids)
        twin.rng = copied(self.rng)
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> EddiesState:
        """A clone whose cards hidden from `seat` (the other hands and the set-aside cards) are
        dealt again, each zone keeping its size and no hand getting a card its seat has shown
        it lacks by tossing this round; future chance from `rng`."""
        twin = self.clone()
        zones = [s for s in range(self.n_players) if s != seat] + [-1]  # -1: the set-aside cards
        held = [self.hands[s] if s >= 0 else self.removed for s in zones]
        pool = bits_of(sum(held))
        room = [h.bit_count() for h in held]
        refused = [self.voids[s] if s >= 0 else 0 for s in zones]
        dealt = None
        for tries in range(DEAL_TRIES + 1):  # the last try ignores the voids (never needed after play)
            dealt = dealt or deal_around_voids(pool, room, refused if tries < DEAL_TRIES else [0] * len(room), rng)
        assert dealt is not None
        for s, mask in zip(zones, dealt):
            if s >= 0:
                twin.hands[s] = mask
            else:
                twin.removed = mask
        twin.rng = rng
        return twin

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        """Hidden zones are hands (`hand/<s>`) and the set-aside cards (`removed`)."""
        index = self.game.cards.index
        for name, card_ids in zones.items():
            mask = sum([1 << index[c] for c in card_ids])
            if name == "removed":
                self.removed = mask
            else:
                self.hands[int(name.split("/")[1])] = mask


    def scores(self) -> list[int]:
        """Tricks won, or under Balance each seat's lowest category."""
        if self.balance:
            return [min(points) for points in self.categories]
        return list(self.tricks)

    def standing(self) -> list[float]:
        return [float(s) for s in self.scores()]

    def result(self) -> Result:
        return scored_result(self.is_over, [float(s) for s in self.scores()], self.turns, self.counters)

    @property
    def counters(self) -> dict[str, int]:
        counts = {COUNTER_NAMES[mask]: self.by_established[mask] for mask in COUNTER_NAMES}
        counts["leader_wins"] = self.leader_wins
        counts["game_draws"] = 0
        if self.is_over:
            winners, _ = rank_by_score(self.scores())
            counts["game_draws"] = int(len(winners) > 1)
        return counts


    def observation(self, player: int) -> dict[str, Any]:
        cards = self.game.cards
        n = self.n_players
        return {
            "seat": player,
            "hand": cards.ids_of_mask(self.hands[player]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "round": self.round_number,
            "rounds": None if self.target else self.rounds,
            "target": self.target or None,
            "balance": self.balance,
            "leader": self.leader,
            "current_player": self.current_player,
            "trick": [{"seat": (self.leader + i) % n, "card": cards.ids[c]} for i, c in enumerate(self.trick)],
            "established": ATTRIBUTE_WORDS[self.established] if self.trick else None,
            "played_this_round": [cards.ids_of_mask(w) for w in self.won],
            "tricks": list(self.tricks),
            "categories": [dict(zip(CATEGORY_NAMES, points)) for points in self.categories],
            "scores": self.scores(),
            "set_aside": self.removed.bit_count(),
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        cards = self.game.cards
        zones = {hand(s): cards.ids_of_mask(h) for s, h in enumerate(self.hands)}
        zones.update({f"won/{s}": cards.ids_of_mask(w) for s, w in enumerate(self.won)})
        zones["trick"] = cards.ids_of(self.trick)
        zones["removed"] = cards.ids_of_mask(self.removed)
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """Hands show to their seat only, the cards set aside to nobody; tricks are played
        face up."""
        n = self.n_players
        return [*seat_zones("hand", n, "owner"), *seat_zones("won", n, "everyone"), shared_zone("trick", "everyone"),
                shared_zone("removed", "nobody")]

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        card = move[0]
        seat = self.current_player
        names = self.game.cards.names
        if not self.trick:
            return f"seat {seat} leads the {names[card]}"
        shared = self.match[card * self.size + self.lead]
        if self.established == 0:
            text = (f"seat {seat} plays the {names[card]}, establishing {ATTRIBUTE_WORDS[shared]}" if shared
                    else f"seat {seat} tosses the {names[card]}")
        elif follows(shared, self.established):
            text = f"seat {seat} follows with the {names[card]}"
        else:
            text = f"seat {seat} tosses the {names[card]}"
        if len(self.trick) + 1 == self.n_players:
            established, best = trick_outcome(self.trick + [card], self.match, self.keys, self.size)
            winner = (self.leader + best) % self.n_players
            how = f"by {ATTRIBUTE_WORDS[established]}" if established else "nobody followed the lead"
            text += f"; seat {winner} wins the trick ({how})"
        return text
