"""The state of a described game: every zone a list of card ints (top last), every counter
an int, and the few facts of turn order; the rules themselves are closures in `Layout`.

Truth values are 0 or 1, a missing card, seat or value is -1. One `DescribedState` class
plays every described game, so it never changes by game: what differs is the `Layout` (the
compiled program for one player count) it holds.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Callable

from deckgen.errors import DataError, NoLegalMove
from deckgen.games.base import Move, Result, State
from deckgen.games.described.layout import Action, CountedMoves, Expr, Layout
from deckgen.games.described.views import counter_values, result_of, standing_of, team_totals, zones_seen
from deckgen.games.kit.chance import shuffle_in_place
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.piles import draw_event, reshuffle_event, reshuffle_under_top
from deckgen.games.kit.tricks import trick_winner
from deckgen.games.notation.described import DescribedNotation
from deckgen.model.wording import problem

#: The closures of a `Layout[DescribedState]` (layout.py describes each).
Gen = Callable[["DescribedState", list[Move]], None]

#: Rounds in a row that may end as soon as they are set up before the description is wrong.
MAX_EMPTY_ROUNDS = 1000


class DescribedState(State):
    """A described game in progress."""

    def __init__(self, layout: Layout[DescribedState], rng: random.Random, options: list[int], setup: list[int],
                 events: list[dict[str, Any]] | None) -> None:
        self.layout = layout
        self.n_players = layout.n_players
        self.zones: list[list[int]] = [[] for _ in layout.zone_names]
        self.tally: list[int] = list(layout.counter_starts)
        self.rng = rng
        self.options = options
        #: hand_size, removed, set_aside, decks of the player count.
        self.setup_values = setup
        self.events = events
        self.current_player = 0
        self.me = 0
        self.turns = 0
        self.round_no = 1
        self.dealer = 0
        self.direction = layout.order
        self.phase = 0
        self.drawn = -1
        #: Per card int: the number it was last played as by a play with `readings` (0: none).
        self.played_as: list[int] = [0] * len(layout.card_ids)
        #: The move being made (or the last one made): a play of several cards lists them all.
        self.last_move: Move = (-1, -1, -1)
        self.bound_it = -1
        self.bound_seat = -1
        self.bound_winner = -1
        self.over = False
        self.round_over = False
        self.winners: list[int] = []
        #: The seat that played each card of the trick in play.
        self.trick_seats: list[int] = []
        #: Set by actions during one move: seats to skip, play again, next seat or phase chosen.
        self.skips = 0
        self.again = False
        self.next_set = False
        self.phase_set = -1
        self.reshuffles = 0
        self.empty_draws = 0
        #: The cards every seat has seen on top of a face-up pile (a mask by card int).
        self.seen = 0
        #: The move generation under way (`Layout.generations`, unique among the states sharing
        #: the layout): what does not depend on the card tried is computed once per epoch.
        self.epoch = 0

    # --- the contract ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_moves(self) -> list[Move]:
        out: list[Move] = []
        if self.over:
            return out
        self.me = self.current_player
        layout = self.layout
        layout.generations += 1
        self.epoch = layout.generations
        for index, otherwise, when, generate, _, _ in layout.phase_moves[self.phase]:
            if otherwise and out:
                continue
            if when is not None and not when.ev(self, -1):
                continue
            generate(self, out)
        if not out:
            raise self.stuck()
        return out

    def random_move(self, rng: random.Random) -> Move:
        """The move `legal_moves()[int(rng.random() * len(legal_moves()))]`, found without
        making the moves of plays of one card (their cards are counted) or of counted moves
        (`CountedMoves`): only the move drawn is made."""
        layout = self.layout
        if not layout.counted_phases[self.phase]:
            moves = self.legal_moves()
            return moves[int(rng.random() * len(moves))]
        self.me = self.current_player
        layout.generations += 1
        self.epoch = layout.generations
        only = layout.only_cards[self.phase]
        if only is not None:  # the commonest phase: one play of a card, drawn from its cards
            playable = only(self)
            if not playable:
                raise self.stuck()
            return layout.only_move[self.phase], playable[int(rng.random() * len(playable))], -1
        parts: list[tuple[int, list[Any], CountedMoves[DescribedState] | None, int]] = []
        total = 0
        for index, otherwise, when, generate, cards, counter in layout.phase_moves[self.phase]:
            if otherwise and total:
                continue
            if when is not None and not when.ev(self, -1):
                continue
            if cards is not None:
                found: list[Any] = cards(self)
                size = len(found)
            elif counter is not None:
                found = []
                size = counter.count(self)
            else:
                found = []
                generate(self, found)
                index, size = -1, len(found)
            if size:
                parts.append((index, found, counter, size))
                total += size
        if not total:
            raise self.stuck()
        k = int(rng.random() * total)
        for index, found, counter, size in parts:
            if k < size:
                if counter is not None:
                    return counter.nth(self, k)
                return (index, found[k], -1) if index >= 0 else found[k]
            k -= size
        raise AssertionError("a drawn move beyond the legal moves")

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`apply(random_move(rng))` in one loop: the same draws from the same lists, a phase's
        only play made in line where it can be (`Layout.quick_plays`)."""
        layout, rand = self.layout, rng.random
        while not self.over and self.turns < turn_cap:
            quick = layout.quick_plays[self.phase]
            if quick is not None:
                quick.play(self, rand)
            elif layout.counted_phases[self.phase]:
                self.apply(self.random_move(rng))
            else:
                moves = self.legal_moves()
                self.apply(moves[int(rng.random() * len(moves))])

    def stuck(self) -> NoLegalMove:
        """The error of a position where the seat to move has no legal move: the description
        must offer one (a pass that is `otherwise`, a draw)."""
        layout = self.layout
        phase = layout.phase_names[self.phase]
        return NoLegalMove(problem(layout.path, f"play.phases.{phase}",
                                 f"seat {self.current_player} has no legal move at turn {self.turns} of round "
                                 f"{self.round_no} ({self.n_players} players): every move of the phase was refused; "
                                 "add one that is always possible (a pass with otherwise: true)"))

    def next_epoch(self) -> None:
        """A new position for the rows of card expressions (`card_rows`): what they computed
        for the position before no longer holds."""
        self.layout.generations += 1
        self.epoch = self.layout.generations

    def apply(self, move: Move) -> None:
        index, card, value = move[0], move[1], move[2]
        layout = self.layout
        self.me = self.current_player
        self.last_move = move
        if layout.counts_moves:
            self.turns += 1
        layout.move_apply[index](self, card, value)
        layout.move_then[index].run(self, card)
        self.finish_move()

    def finish_move(self) -> None:
        """After a move's actions: a full trick is won, a round may end, and the next seat
        (or the same one, in another phase) moves."""
        layout = self.layout
        if layout.covered:
            self.see_tops()
        if self.over:
            return
        if layout.trick_zone >= 0 and len(self.zones[layout.trick_zone]) >= self.n_players:
            self.win_trick()
            if self.over:
                return
        if self.round_over or layout.round_can_end and layout.round_end.ev(self, -1):
            self.end_round()
            return
        if self.phase_set >= 0:
            self.phase = self.phase_set
        else:
            self.phase = 0
            if not self.again and not self.next_set:
                if layout.secret_turns is not None:
                    layout.secret_turns.run(self, -1)
                    return
                if self.skips:
                    self.current_player = (self.current_player + self.direction * (1 + self.skips)) % self.n_players
                else:
                    self.current_player = (self.current_player + self.direction) % self.n_players
                    return  # nothing was set during the move: nothing to clear
        self.skips, self.again, self.next_set, self.phase_set = 0, False, False, -1

    def round_ended(self) -> bool:
        """Whether the round ended with what just happened (`round.end` holds, or an
        `end_round` action ran); then it is closed and the next one set up."""
        if self.round_over or self.layout.round_can_end and self.layout.round_end.ev(self, -1):
            self.end_round()
            return True
        return False

    def see_tops(self) -> None:
        """Every seat sees the top card of each face-up pile: remembered once covered."""
        zones = self.zones
        for z in self.layout.covered:
            if zones[z]:
                self.seen |= 1 << zones[z][-1]

    def remembered_cards(self, player: int) -> list[str]:
        """The cards under the top of face-up piles that were the top once: played or turned
        face up where every seat saw them (a card moved under another unseen is not)."""
        ids, seen = self.layout.card_ids, self.seen
        return [ids[c] for z in self.layout.covered for c in self.zones[z][:-1] if seen >> c & 1]

    def win_trick(self) -> None:
        layout = self.layout
        trick = self.zones[layout.trick_zone]
        self.next_epoch()  # the trick is one position: its card-free parts are computed once
        position = trick_winner(trick, layout.trick_among.of(self), layout.trick_by.of(self))
        winner, winner_card = self.trick_seats[position], trick[position]
        if self.events is not None:
            ids = layout.card_ids
            self.events.append({"type": "trick", "cards": [ids[c] for c in trick], "winner": winner,
                                "card": ids[winner_card]})
        self.zones[layout.trick_to + winner].extend(trick)
        self.zones[layout.trick_zone] = []
        self.trick_seats = []
        if layout.turn_unit == "trick":
            self.turns += 1
        self.bound_winner = winner
        self.me = winner
        layout.trick_then.run(self, winner_card)
        self.current_player = winner
        self.next_set = True
        self.skips, self.again, self.phase_set = 0, False, -1

    def end_round(self) -> None:
        """Score the round; then the game ends, or the next rounds are set up until one needs a
        move (a round may end as soon as it is set up: its setup played it out)."""
        empty_rounds = 0
        while not self.close_round():
            self.start_round()
            if self.over or not (self.round_over or self.layout.round_end.ev(self, -1)):
                return
            empty_rounds += 1
            if empty_rounds > MAX_EMPTY_ROUNDS:
                raise DataError(problem(self.layout.path, "play.round.end",
                                        f"{MAX_EMPTY_ROUNDS} rounds in a row ended as soon as they were set up, "
                                        "and the game's end (play.end) never held: no round needs a move"))

    def close_round(self) -> bool:
        """Score the round that ended; whether the game is over."""
        layout = self.layout
        self.me = self.current_player
        layout.round_score.run(self, -1)
        if layout.turn_unit == "round":
            self.turns += 1
        if self.events is not None:
            self.events.append({"type": "round_end", "round": self.round_no, "counters": self.counter_values()})
        if self.over or layout.game_end.ev(self, -1):
            self.over = True
            return True
        self.round_no += 1
        if layout.rotate_dealer:  # the deal passes in the order of play, whatever reversed since
            self.dealer = (self.dealer + layout.order) % self.n_players
        return False

    def start_round(self) -> None:
        """Every card back to the stock in card order, round counters reset, the round's setup
        actions run and the first seat chosen (unless an action chose who moves next)."""
        layout = self.layout
        for zone in self.zones:
            zone.clear()
        self.zones[layout.stock].extend(range(len(layout.card_ids)))
        self.seen = 0
        for i in layout.round_resets:
            self.tally[i] = layout.counter_starts[i]
        self.direction = layout.order
        self.phase = 0
        self.drawn = -1
        self.round_over = False
        self.skips, self.again, self.next_set, self.phase_set = 0, False, False, -1
        after_dealer = (self.dealer + layout.order) % self.n_players
        self.current_player = self.me = after_dealer  # who acts while the round is set up
        layout.setup.run(self, -1)
        if not self.next_set:  # the first seat, chosen once the cards are dealt (a card's holder may start)
            if layout.first is None:
                self.current_player = int(self.rng.random() * self.n_players)
            else:  # a seat, or none (nobody holds the card named): the seat after the dealer
                first = layout.first.ev(self, -1)
                self.current_player = first if first >= 0 else after_dealer
        self.me = self.current_player
        if self.events is not None:
            hands = [[layout.card_ids[c] for c in self.zones[layout.hands + seat]]
                     for seat in range(self.n_players)] if layout.hands >= 0 else []
            self.events.append({"type": "deal", "hands": hands, "round": self.round_no, "dealer": self.dealer,
                                "zones": self.card_zones()})
        self.skips, self.again, self.next_set, self.phase_set = 0, False, False, -1
        self.see_tops()

    def begin(self) -> None:
        """The first round, and the next ones while a round ends as soon as it is set up."""
        self.start_round()
        if not self.over and (self.round_over or self.layout.round_end.ev(self, -1)):
            self.end_round()

    # --- card movements the actions share --------------------------------------------

    def draw(self, source: int, target: int, count: int) -> None:
        """Draw `count` cards one by one, refilling the source where its zone says so; a draw
        from an empty source with nothing to refill it is skipped."""
        zones = self.zones
        for _ in range(count):
            if not zones[source] and not self.refill(source):
                self.empty_draws += 1
                return
            card = zones[source].pop()
            zones[target].append(card)
            self.drawn = card
            if self.events is not None:
                self.events.append(draw_event(self.me, self.layout.card_ids[card],
                                              zone=self.layout.zone_names[target]))

    def refill(self, source: int) -> bool:
        """Refill an empty zone from the zone its description names, all but that zone's top
        cards shuffled; False when nothing is under them."""
        layout = self.layout
        other = layout.refill_from[source]
        if other < 0:
            return False
        moving = reshuffle_under_top(self.zones[other], layout.keep_top[source], self.rng)
        if not moving:
            return False
        self.zones[source].extend(moving)
        self.reshuffles += 1
        if self.events is not None:
            self.events.append(reshuffle_event(len(moving), source=layout.zone_names[other],
                                               zone=layout.zone_names[source]))
        return True

    # --- results and views (deckgen.games.described.views) ------------------------------

    def result(self) -> Result:
        layout = self.layout
        if layout.score is None:  # 1 for a seat that won by a `win` action
            scores = [1.0 if seat in self.winners else 0.0 for seat in range(self.n_players)]
        else:
            scores = self.seat_values(layout.score)
        tie_breaks = self.seat_values(layout.tie_break) if layout.tie_break is not None else None
        return result_of(layout, scores, tie_breaks, self.winners, self.over, self.turns, self.counters_dict())

    def standing(self) -> list[float]:
        """The `result.standing` of every seat while the game is on (a team's total for
        partners), else the result's scores; negated where the lowest is best."""
        layout = self.layout
        if layout.standing is None or self.over:
            return standing_of(layout, self.result().scores)
        return standing_of(layout, team_totals(layout, self.seat_values(layout.standing)))

    def seat_values(self, value: Expr[DescribedState]) -> list[float]:
        """Each seat's value of a seat expression (a score, a tie break), `seat` bound to it."""
        values = []
        for seat in range(self.n_players):
            self.bound_seat = seat
            values.append(float(value.ev(self, -1)))
        return values

    def counters_dict(self) -> dict[str, int]:
        return {"rounds": self.round_no, "reshuffles": self.reshuffles, "empty_draws": self.empty_draws}

    @property
    def counters(self) -> dict[str, int]:  # type: ignore[override]
        return self.counters_dict()

    def counter_values(self, player: int = -1) -> dict[str, Any]:
        return counter_values(self.layout, self.tally, player)

    def observation(self, player: int) -> dict[str, Any]:
        """Each zone and counter as the seat may see them, and the facts of turn order."""
        layout = self.layout
        return {"seat": player, "current_player": self.current_player, "round": self.round_no,
                "phase": layout.phase_names[self.phase], "dealer": self.dealer, "direction": self.direction,
                "counters": counter_values(layout, self.tally, player), "zones": zones_seen(layout, self.zones, player),
                "winners": list(self.winners) if self.over else None}

    def card_zones(self) -> dict[str, list[str]]:
        ids = self.layout.card_ids
        return {name: [ids[c] for c in zone] for name, zone in zip(self.layout.zone_names, self.zones)}

    def hidden_zones(self, player: int) -> list[str]:
        return [zone.name for zone in self.layout.declared if zone.hidden_from(player)]

    def covered_zones(self, player: int) -> list[str]:
        return [zone.name for zone in self.layout.declared if zone.covered_for(player)]

    def notation(self) -> MoveNotation:
        return DescribedNotation(self.layout, self)

    def describe_move(self, move: Move) -> str:
        return f"seat {self.current_player} {self.layout.move_words[move[0]](self, move)}"

    def clone(self) -> DescribedState:
        twin = copy.copy(self)
        twin.zones = [zone[:] for zone in self.zones]
        twin.tally = self.tally[:]
        twin.winners = self.winners[:]
        twin.trick_seats = self.trick_seats[:]
        twin.played_as = self.played_as[:]
        twin.events = None
        return twin

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        index = {card_id: i for i, card_id in enumerate(self.layout.card_ids)}
        for name, cards in zones.items():
            self.zones[self.layout.zone_index[name]] = [index[c] for c in cards]

    def reseed(self, rng: random.Random) -> None:
        self.rng = rng

    def shuffle_zone(self, zone: int) -> None:
        shuffle_in_place(self.zones[zone], self.rng)
