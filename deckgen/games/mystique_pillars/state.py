"""A game of Mystique Pillars in progress: the pillars, the hands and what every seat has seen."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from deckgen.games.base import Move, Result, State
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.ranking import scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.games.kit.zones import DeclaredZone, hand, seat_zone, seat_zones, shared_zone
from deckgen.games.mystique_pillars.moves import BUILD, BUILDING, DRAFT, DRAW, PHASE_NAMES
from deckgen.games.mystique_pillars.tables import PillarsTables


class PillarsState(State[Move]):
    """A game in progress: the pillars, hands as masks, the phase."""

    is_over = False

    def __init__(self, game: PillarsTables, pillars: list[list[int]], hands: list[int],
                 options: Mapping[str, Any], events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = len(hands)
        self.next_seat = next_seats(self.n_players)
        self.pillars = pillars
        self.hands = hands
        self.phase = DRAFT
        self.draft_turns = 0
        #: Draft turns: each seat drafts its cards.
        self.draft_length = game.params.draft_cards * self.n_players
        self.current_player = 0
        #: Phase-2 turns: the unit of game length and of the turn cap.
        self.turns = 0
        self.is_over = False
        self.winner = -1
        self.split_largest = options["split"] == "largest"
        #: Cards every player has seen (tops, hands, and so every card built): a covered
        #: card in it is remembered; the others lie where the shuffle put them, unseen.
        self.seen = sum(1 << pillar[-1] for pillar in pillars if pillar)
        for hand in hands:
            self.seen |= hand
        self.events = events
        self.draft_picks = [0] * len(pillars)
        self.builds = 0
        self.draws = 0
        self.splits = 0

    # -- moves -------------------------------------------------------------------------

    def draws_from(self, p: int) -> list[Move]:
        """The draws from the non-empty pillar `p`: one per pillar it may split when the draw
        empties it, else one."""
        pillars = self.pillars
        if len(pillars[p]) == 1 and not self.split_largest:
            picks: list[Move] = [(DRAW, p, q) for q, other in enumerate(pillars) if q != p and len(other) >= 2]
            if picks:
                return picks
        return [(DRAW, p, -1)]

    def _draw_moves(self) -> list[Move]:
        moves: list[Move] = []
        for p, pillar in enumerate(self.pillars):
            if pillar:
                moves += self.draws_from(p)
        return moves

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        draws = self._draw_moves()
        if self.phase == DRAFT:
            return draws
        builds: list[Move] = []
        hand = self.hands[self.current_player]
        can_build_on = self.game.can_build_on
        for p, pillar in enumerate(self.pillars):
            if pillar:
                builds += [(BUILD, card, p) for card in bits_of(hand & can_build_on[pillar[-1]])]
        return builds + draws

    def apply(self, move: Move) -> None:
        seat = self.current_player
        if self.phase == BUILDING:
            self.turns += 1
        drawn = -1  # the pillar drawn from
        if move[0] == BUILD:
            _, card, p = move
            self.hands[seat] ^= 1 << card
            self.pillars[p].append(card)
            self.builds += 1
            if not self.hands[seat]:
                self.winner = seat
                self.is_over = True
                return
        else:
            drawn = move[1]
            self._draw(seat, drawn, move[2])
        self.current_player = self.next_seat[seat]
        if self.phase == DRAFT:
            self.draft_turns += 1
            if self.draft_turns == self.draft_length:
                self.phase = BUILDING
                self.current_player = 0
        # nobody can move once every pillar is empty (only a draw emptying its own can leave
        # them so): finished with no winner (at the cap: unfinished)
        if drawn >= 0 and not self.pillars[drawn] and self.phase == BUILDING and not any(self.pillars) \
                and self.turns < self.game.rules.turn_cap:
            self.is_over = True

    def log_turn(self) -> int:
        """Draft turns are turns of the log (each pick has its own number) though not of the
        game's length and cap: building turns are numbered after them."""
        return self.draft_turns + self.turns

    def _draw(self, seat: int, p: int, split: int) -> None:
        pillar = self.pillars[p]
        card = pillar.pop()
        self.hands[seat] |= 1 << card
        if self.phase == DRAFT:
            self.draft_picks[p] += 1
        else:
            self.draws += 1
        if pillar:
            self.seen |= 1 << pillar[-1]
            if self.events is not None:
                self._uncovered(p)
            return
        if self.split_largest:
            split = self.largest_split(p)
        if split < 0:
            return
        source = self.pillars[split]
        lifted = len(source) // 2
        self.pillars[p] = source[len(source) - lifted:]
        del source[len(source) - lifted:]
        self.seen |= 1 << source[-1]  # the split pillar's new top (the lifted block's top was its old one)
        self.splits += 1
        if self.events is not None:
            self.events.append({"type": "split", "seat": seat, "from": split, "to": p, "cards": lifted})
            self._uncovered(split)

    def _uncovered(self, p: int) -> None:
        """Log the card that now shows on top of pillar `p` (face up: a public fact)."""
        assert self.events is not None
        self.events.append({"type": "uncover", "pillar": p, "card": self.game.cards.ids[self.pillars[p][-1]]})

    def largest_split(self, emptied: int) -> int:
        """With `split=largest`, the pillar split onto the `emptied` one: the largest (the
        first of equals), or -1 when none has two cards."""
        sizes = [0 if q == emptied else len(other) for q, other in enumerate(self.pillars)]
        return sizes.index(max(sizes)) if max(sizes) >= 2 else -1

    # -- reporting ---------------------------------------------------------------------

    def result(self) -> Result:
        scores = [1.0 if seat == self.winner else 0.0 for seat in range(self.n_players)]
        result = scored_result(self.is_over, scores, self.turns, self.counters)
        if self.is_over and self.winner < 0:  # the dead end: finished, nobody won
            return result._replace(winners=())
        return result

    @property
    def counters(self) -> dict[str, int]:
        counts = {f"draft_picks_pillar_{p}": picks for p, picks in enumerate(self.draft_picks)}
        counts.update({"builds": self.builds, "draws": self.draws, "splits": self.splits,
                       "dead_ends": int(self.is_over and self.winner < 0)})
        return counts

    def observation(self, player: int) -> dict[str, Any]:
        cards = self.game.cards
        return {
            "seat": player,
            "phase": PHASE_NAMES[self.phase],
            "hands": [cards.ids_of_mask(hand) for hand in self.hands],
            "pillar_tops": [cards.ids[pillar[-1]] if pillar else None for pillar in self.pillars],
            "pillar_sizes": [len(pillar) for pillar in self.pillars],
            "current_player": self.current_player,
            "winner": self.winner if self.winner >= 0 else None,
        }

    def card_zones(self) -> dict[str, list[str]]:
        cards = self.game.cards
        zones = {hand(s): cards.ids_of_mask(held) for s, held in enumerate(self.hands)}
        zones.update({f"pillar/{p}": cards.ids_of(pillar) for p, pillar in enumerate(self.pillars)})
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """Hands are public; each pillar is a face-up pile: its top card and its size show,
        the cards under the top do not."""
        pillars = [shared_zone(seat_zone("pillar", p), "everyone", fan=False) for p in range(len(self.pillars))]
        return [*seat_zones("hand", self.n_players, "everyone"), *pillars]

    def remembered_cards(self, player: int) -> list[str]:
        """The covered cards every player saw before they were covered: built from a public
        hand, or uncovered once and covered again (see the rulings on memory)."""
        seen, ids = self.seen, self.game.cards.ids
        return [ids[c] for pillar in self.pillars for c in pillar[:-1] if seen >> c & 1]

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        """Pillars only: a determinization deals the unseen covered cards again."""
        index = self.game.cards.index
        for name, cards in zones.items():
            self.pillars[int(name.removeprefix("pillar/"))] = [index[c] for c in cards]

    def clone(self) -> PillarsState:
        """A copy for search: own pillars, hands and counts; the game is shared."""
        twin = copy.copy(self)
        twin.pillars = [pillar[:] for pillar in self.pillars]
        twin.hands = self.hands[:]
        twin.draft_picks = self.draft_picks[:]
        twin.events = None
        return twin

    def standing(self) -> list[float]:
        """Minus the cards in hand: whoever builds their last card wins."""
        return [-float(hand.bit_count()) for hand in self.hands]

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        names = self.game.cards.names
        if move[0] == BUILD:
            return f"seat {seat} builds the {names[move[1]]} on pillar {move[2]}"
        p, split = move[1], move[2]
        if self.split_largest and len(self.pillars[p]) == 1:
            split = self.largest_split(p)  # chosen by the rule, not in the move: named here
        text = f"seat {seat} takes the {names[self.pillars[p][-1]]} from pillar {p}"
        return text + (f", splitting pillar {split}" if split >= 0 else "")
