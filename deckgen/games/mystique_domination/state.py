"""A game of Mystique Domination in progress: the round's pass, tricks, going out, scoring,
played on the position of `legal` (which lists and draws the moves)."""

from __future__ import annotations

import copy
import random
from typing import Any

from deckgen.games.base import Move, Result
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled_order
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.ranking import scored_result
from deckgen.games.kit.seats import partner_of, team_of
from deckgen.games.kit.zones import hand
from deckgen.games.mystique_domination.legal import DominationPosition
from deckgen.games.mystique_domination.patterns import PASS, PLAYERS


class DominationState(DominationPosition):
    """A game in progress: the rounds (deal, pass, tricks, going out, scoring) played on the
    position, copies for search, and what the game shows and reports."""

    # -- rounds ------------------------------------------------------------------------

    def deal(self) -> None:
        """Shuffle and deal a new round, then start the pass."""
        game = self.game
        order = shuffled_order(game.cards.size, self.rng)
        dealt = deal_hands(order, PLAYERS, game.hand_size)
        self.hands = [sum(1 << c for c in hand) for hand in dealt]
        if self.events is not None:
            self.events.append(deal_event(game.cards, dealt, round=self.turns + 1))
        self.pile = self.last = self.last_value = self.passes = 0
        self.lead_colour = self.last_player = -1
        self.won = [0, 0]
        self.given = [0] * PLAYERS
        self.start_pass()

    def start_pass(self) -> None:
        self.pending = [0] * PLAYERS
        self.committed = [False] * PLAYERS
        if self.game.params.pass_cards:
            self.passing = True
            self.current_player = 0
        else:
            self.passing = False
            self.start_play()

    def reveal_pass(self) -> None:
        """All commits are in: each seat's cards go to its partner together."""
        for seat in range(PLAYERS):
            self.hands[partner_of(seat, PLAYERS)] |= self.pending[seat]
        self.given = self.pending
        if self.events is not None:
            ids = self.game.cards.ids_of_mask
            self.events.append({"type": "pass", "cards": [ids(m) for m in self.pending]})
        self.pending = [0] * PLAYERS
        self.committed = [False] * PLAYERS
        self.passing = False
        self.start_play()

    def start_play(self) -> None:
        """The first trick's leader: card 1's holder, or the last round's going-out seat."""
        if self.lead_went_out and self.went_out >= 0:
            leader = self.went_out
        else:
            bit = 1 << self.game.lead_card
            leader = next((s for s in range(PLAYERS) if self.hands[s] & bit), 0)
        self.first_leader = leader
        self.current_player = leader
        if self.events is not None:
            self.events.append({"type": "lead", "seat": leader})

    def go_out(self, seat: int) -> None:
        """`seat` emptied her hand: the round ends and is scored."""
        team = team_of(seat, PLAYERS)
        partner = partner_of(seat, PLAYERS)
        ids = self.game.cards.ids_of_mask
        # What going out moves to the score piles, each seat's hand and the pile, named before it moves.
        moved = {"pile": ids(self.pile), "hands": [ids(hand) for hand in self.hands]} if self.events is not None else {}
        taken = self.pile
        for other in range(PLAYERS):
            if team_of(other, PLAYERS) != team:
                taken |= self.hands[other]
                self.hands[other] = 0
        self.won[team] |= taken
        self.won[1 - team] |= self.hands[partner]
        self.hands[partner] = 0
        self.going_out_cards += taken.bit_count()
        self.pile = self.last = 0
        self.went_out = seat
        self.went_out_by_team[team] += 1
        points = self.round_score(seat)
        self.round_points = points
        self.scored_piles = list(self.won)
        self.scores[0] += points[0]
        self.scores[1] += points[1]
        leader_team = team_of(self.first_leader, PLAYERS)
        if self.first_leader >= 0 and points[leader_team] > points[1 - leader_team]:
            self.first_leader_rounds += 1
        if points[team] > points[1 - team]:
            self.going_out_team_rounds += 1
        self.margins[min(abs(points[0] - points[1]) // 10, 5)] += 1
        self.turns += 1
        if self.events is not None:
            self.events.append({"type": "round", "went_out": seat, **moved,
                                "score_piles": [ids(pile) for pile in self.won],
                                "points": list(points), "scores": list(self.scores)})
        target = self.game.params.target
        if max(self.scores) >= target and self.scores[0] != self.scores[1]:
            self.is_over = True
            return
        self.deal()

    def round_score(self, went_out: int) -> list[int]:
        """Points of each team for its score pile: suit majorities and the card majority (a
        tie for the card majority goes to the team that went out)."""
        game = self.game
        points = [0, 0]
        for suit_mask in game.suit_masks:
            held = [(self.won[t] & suit_mask).bit_count() for t in (0, 1)]
            for team in (0, 1):
                if 2 * held[team] > suit_mask.bit_count():
                    points[team] += game.params.suit_points
        held = [self.won[0].bit_count(), self.won[1].bit_count()]
        total = held[0] + held[1]
        for team in (0, 1):
            if 2 * held[team] > total or (2 * held[team] == total and team == team_of(went_out, PLAYERS)):
                points[team] += game.params.cards_points
        return points

    # -- moves -------------------------------------------------------------------------
    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """Random play in one loop, drawing exactly what `random_move` draws."""
        while not self.is_over and self.turns < turn_cap:
            if self.passing:
                self.apply(self.random_pass(rng))
            else:
                mask = self.random_mask(rng)
                self._play_mask(mask, self.picked_value if mask else 0)

    def apply(self, move: Move) -> None:
        if self.passing:
            seat = self.current_player
            mask = 0
            for card in move:
                mask |= 1 << card
            self.hands[seat] ^= mask
            self.pending[seat] = mask
            self.committed[seat] = True
            if seat + 1 < PLAYERS:
                self.current_player = seat + 1
            else:
                self.reveal_pass()
            return
        if move[0] == PASS:
            self._play_mask(0, 0)
            return
        mask = 0
        value = 0
        number = self.game.number
        for card in move:
            mask |= 1 << card
            value += number[card]
        self._play_mask(mask, value)

    def _play_mask(self, mask: int, value: int) -> None:
        """A trick move: a pattern's mask, or 0 for a pass."""
        seat = self.current_player
        if mask:
            hand = self.hands[seat] ^ mask
            self.hands[seat] = hand
            self.pile |= mask
            if self.last == 0:
                self.lead_colour = self.game.colour[(mask & -mask).bit_length() - 1]
            self.last = mask
            self.last_value = value
            self.last_player = seat
            self.passes = 0
            if not hand:
                self.go_out(seat)
                return
            self.current_player = (seat + 1) % PLAYERS
            return
        self.passes += 1
        if self.passes < PLAYERS - 1:
            self.current_player = (seat + 1) % PLAYERS
            return
        self._win_trick()

    def _win_trick(self) -> None:
        """Three passes after a play: its player's team takes it and the pile cards of its suits."""
        winner = self.last_player
        take = self.last
        for suit_mask in self.game.suit_masks:
            if self.last & suit_mask:
                take |= self.pile & suit_mask
        self.pile ^= take
        self.won[team_of(winner, PLAYERS)] |= take
        self.tricks += 1
        self.trick_cards += take.bit_count()
        if self.events is not None:
            self.events.append({"type": "trick", "seat": winner, "cards": self.game.cards.ids_of_mask(take)})
        self.last = self.last_value = self.passes = 0
        self.lead_colour = -1
        self.current_player = winner

    # -- search --------------------------------------------------------------------------

    def clone(self) -> DominationState:
        """A copy for search: its own hands, piles, scores and chance; the engine is shared."""
        return self.clone_reseeded(copied(self.rng))

    def clone_reseeded(self, rng: random.Random) -> DominationState:
        """A copy drawing its chance from `rng`, as search plays each candidate: copying the
        random source first, which it would drop, cost two thirds of a clone (11 us compiled)."""
        twin = copy.copy(self)
        twin.hands = self.hands[:]
        twin.pending = self.pending[:]
        twin.committed = self.committed[:]
        twin.given = self.given[:]
        twin.won = self.won[:]
        twin.scores = self.scores[:]
        twin.round_points = self.round_points[:]
        twin.scored_piles = self.scored_piles[:]
        twin.went_out_by_team = self.went_out_by_team[:]
        twin.margins = self.margins[:]
        twin.events = None
        twin.rng = rng
        return twin

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        """New cards for hidden zones (`hand/<s>`, `received/<s>`, `pass/<s>`): a hand keeps
        what its partner passed it apart, as `card_zones` shows it."""
        index = self.game.cards.index
        received = [self.given[partner_of(s, PLAYERS)] & self.hands[s] for s in range(PLAYERS)]
        kept = [self.hands[s] & ~received[s] for s in range(PLAYERS)]
        new_received = received[:]
        for name, card_ids in zones.items():
            kind, _, seat_text = name.partition("/")
            seat = int(seat_text)
            cards = 0
            for card_id in card_ids:
                cards |= 1 << index[card_id]
            if kind == "hand":
                kept[seat] = cards
            elif kind == "received":
                new_received[seat] = cards
            elif kind == "pass":
                self.pending[seat] = cards
        for seat in range(PLAYERS):
            giver = partner_of(seat, PLAYERS)
            self.given[giver] = (self.given[giver] & ~received[seat]) | new_received[seat]
            self.hands[seat] = kept[seat] | new_received[seat]

    # -- reporting ---------------------------------------------------------------------

    def seat_scores(self) -> list[int]:
        return [self.scores[team_of(s, PLAYERS)] for s in range(PLAYERS)]

    def standing(self) -> list[float]:
        """Each seat's team's points, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(s) for s in self.seat_scores()]

    def result(self) -> Result:
        return scored_result(self.is_over, [float(s) for s in self.seat_scores()], self.turns, self.counters)

    @property
    def counters(self) -> dict[str, int]:
        return {
            "rounds": self.turns,
            "tricks": self.tricks,
            "went_out_team_0": self.went_out_by_team[0],
            "went_out_team_1": self.went_out_by_team[1],
            "points_team_0": self.scores[0],
            "points_team_1": self.scores[1],
            "cards_won_in_tricks": self.trick_cards,
            "cards_won_going_out": self.going_out_cards,
            "rounds_won_by_first_leaders_team": self.first_leader_rounds,
            "rounds_won_by_going_out_team": self.going_out_team_rounds,
            "rounds_won_by_10": self.margins[1],
            "rounds_won_by_30": self.margins[3],
            "rounds_won_by_50": self.margins[5],
        }

    def observation(self, player: int) -> dict[str, Any]:
        cards = self.game.cards
        ids = cards.ids_of_mask
        partner = partner_of(player, PLAYERS)
        return {
            "seat": player,
            "hand": ids(self.hands[player]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "passing": self.passing,
            "committed": list(self.committed),
            "my_pass": ids(self.pending[player]),
            "gave": ids(self.given[player]),
            "received": ids(self.given[partner] & self.hands[player]),
            "pile": ids(self.pile & ~self.last),
            "last_play": ids(self.last),
            "last_value": self.last_value,
            "last_player": self.last_player if self.last else None,
            "passes": self.passes,
            "won": [ids(m) for m in self.won],
            "scores": list(self.scores),
            "round": self.turns + 1,
            "current_player": self.current_player,
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        ids = self.game.cards.ids_of_mask
        zones: dict[str, list[str]] = {}
        for seat in range(PLAYERS):
            received = self.given[partner_of(seat, PLAYERS)] & self.hands[seat]
            zones[hand(seat)] = ids(self.hands[seat] & ~received)
            zones[f"received/{seat}"] = ids(received)
            zones[f"pass/{seat}"] = ids(self.pending[seat])
        zones["table"] = ids(self.pile & ~self.last)
        zones["trick"] = ids(self.last)
        zones["won/0"] = ids(self.won[0])
        zones["won/1"] = ids(self.won[1])
        return zones

    def hidden_zones(self, player: int) -> list[str]:
        """Other hands (the partner's too), pending passes; the cards a seat passed to its
        partner (`received/<partner>`) are known to it."""
        hidden = [hand(s) for s in range(PLAYERS) if s != player]
        hidden += [f"pass/{s}" for s in range(PLAYERS) if s != player]
        hidden += [f"received/{s}" for s in range(PLAYERS) if s not in (player, partner_of(player, PLAYERS))]
        return hidden

    def notation(self) -> MoveNotation:
        return self.game.notation.at(self.passing)

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        names = self.game.cards.names
        if self.passing:
            return f"seat {seat} passes face down to seat {partner_of(seat, PLAYERS)}: " + ", ".join(
                names[c] for c in move)
        if move[0] == PASS:
            return f"seat {seat} passes"
        mask = 0
        for card in move:
            mask |= 1 << card
        verb = "leads" if self.last == 0 else "follows with"
        number = self.game.number
        cards_text = " + ".join(names[c] for c in sorted(move, key=lambda c: (number[c], c)))
        return f"seat {seat} {verb} {cards_text} (value {self.game.value_of(mask)})"
