"""A Mirrorquest game in progress: how moves change the position (plays, wildcards, draws,
pickups, reshuffles), and what the game reports, shows each seat and copies for search.
Which moves are legal is `legal.MirrorquestPosition`."""

from __future__ import annotations

import copy
import random
from typing import Any

from deckgen.games.base import Move, Result
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import shuffle_in_place, shuffled
from deckgen.games.kit.notation import MoveNotation, made_once
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.ranking import fewest_first
from deckgen.games.mirrorquest.cards import (
    AFTER_DRAW,
    ANSWER_AFTER_DRAW,
    DRAW,
    FORCED,
    FORCED_AFTER_DRAW,
    NORMAL,
    OWED,
    PASS,
    PHASE_NAMES,
    PICKUP,
    PICKUP_WILD,
    PICTURE,
    PLAY,
    REGULAR_WILD,
    WILD,
)
from deckgen.games.mirrorquest.legal import MirrorquestPosition
from deckgen.games.notation.mirrorquest import MirrorquestNotation


class MirrorquestState(MirrorquestPosition):
    """A Mirrorquest game: a position that moves change."""

    # --- applying moves -------------------------------------------------------------

    def apply(self, move: Move) -> None:
        code = move[0]
        if code == PLAY:  # the commonest move, played here rather than one call deeper
            p = self.current_player
            bit = self.table.bit
            hand = self.hands[p]
            for c in move[3:]:
                hand ^= bit[c]
            self.hands[p] = hand
            left = self.counts[p] = self.counts[p] + 3 - len(move)
            discard = self.discard
            if len(move) > 4:
                discard.extend(move[4:])
            last = self.top = move[3]
            discard.append(last)
            self.top_kind = PICTURE
            self.declared = -1
            if self.phase == OWED:
                if not self.chained:
                    self.chained = True
                    self.wild_chains += 1
                self.owed -= 1
            if left == 0:
                self._win(p)
                return
            if left == 1 and self.miss_rate:
                self._call_check(p)
            if self.phase == OWED and self.owed > 0:
                return
            direction = self.direction
            if move[1] & 1:
                direction = self.direction = -direction
            self._end_turn(p + direction * (1 + move[2]))
        elif code == WILD:
            self._play_wild(move[1])
        elif code == PICKUP:
            self._play_pickup(move[1], move[2])
        elif code == DRAW:
            p = self.current_player
            phase = self.phase
            if phase == FORCED:
                # Drawing instead of an answer the hand holds (a card of the declared colour,
                # which every catch-up set needs, or a wildcard) leaves every answer open.
                t = self.table
                could_answer = self.hands[p] & (t.colour_mask[self.declared] | t.wild_mask)
                phase = ANSWER_AFTER_DRAW if could_answer else FORCED_AFTER_DRAW
            else:
                phase = AFTER_DRAW
            got = self._draw(p, self.draw_cards, "draw")
            self.drawn = got[-1] if got else -1
            self.phase = phase
        else:
            self._end_turn(self.current_player + self.direction)

    def _discard_wildcard(self, card: int, kind: int, declared: int) -> bool:
        """Put a wildcard from the current hand on the pile, counting a chain when it
        follows a regular wildcard; returns whether the player is still in the game."""
        p = self.current_player
        self.hands[p] ^= self.table.bit[card]
        left = self.counts[p] = self.counts[p] - 1
        self.discard.append(card)
        self.top = card
        self.top_kind = kind
        self.declared = declared
        if self.phase == OWED and not self.chained:
            self.chained = True
            self.wild_chains += 1
        if left == 0:
            self._win(p)
            return False
        if left == 1 and self.miss_rate:
            self._call_check(p)
        return True

    def _play_wild(self, card: int) -> None:
        if self._discard_wildcard(card, REGULAR_WILD, -1):
            self.phase = OWED
            self.owed = self.wild_owes

    def _play_pickup(self, card: int, colour: int) -> None:
        if self._discard_wildcard(card, PICKUP_WILD, colour):
            self.pickup_amount = self.table.pickup[card]
            self._end_turn(self.current_player + self.direction)

    def _end_turn(self, next_seat: int) -> None:
        """Hand the turn on; a pending pickup is drawn at once by the forced player."""
        self.turns += 1
        seat = self.current_player = next_seat % self.n_players
        self.chained = False
        self.drawn = -1
        self.owed = 0
        amount = self.pickup_amount
        if amount:
            self.pickup_amount = 0
            self.pickups += 1
            self._draw(seat, amount, "pickup")
            self.phase = FORCED
        else:
            self.phase = NORMAL

    def _win(self, seat: int) -> None:
        self.winner = seat
        self.is_over = True
        self.pickup_amount = 0
        self.turns += 1

    def _call_check(self, seat: int) -> None:
        """The player is down to one card: an opponent may call their name first."""
        if self.rng.random() < self.miss_rate:
            if self.events is not None:
                self.events.append({"type": "called", "seat": seat})
            self._draw(seat, self.penalty_cards, "penalty")

    def _draw(self, seat: int, amount: int, reason: str) -> list[int]:
        """Draw up to `amount` cards, reshuffling the discards when the pile runs out;
        returns the cards drawn (fewer when nothing is left to draw)."""
        bit = self.table.bit
        hand = self.hands[seat]
        events = self.events
        got = []
        for _ in range(amount):
            if not self.pile:
                if len(self.discard) < 2:
                    break
                self._reshuffle()
            card = self.pile.pop()
            hand |= bit[card]
            got.append(card)
            if events is not None:  # each draw as it happens: before a reshuffle it causes
                events.append({"type": "draw", "seat": seat, "card": self.table.ids[card], "reason": reason})
        self.hands[seat] = hand
        self.counts[seat] += len(got)
        return got

    def _reshuffle(self) -> None:
        top = self.discard.pop()
        self.pile = self.discard
        self.discard = [top]
        self.pile = shuffled(self.pile, self.rng)
        self.reshuffled = True
        self.reshuffles += 1
        if self.events is not None:
            self.events.append({"type": "reshuffle", "cards": len(self.pile)})

    # --- reporting ------------------------------------------------------------------

    def standing(self) -> list[float]:
        """Minus the cards each seat holds, where fewer is better (what `result()` ranks by,
        without building it: traced games read it every move)."""
        return fewest_first([float(c) for c in self.counts])

    def result(self) -> Result:
        counts = tuple(map(float, self.counts))
        # Fewest cards first; the sort is stable, so ties keep seat order.
        ranking = tuple(sorted(range(self.n_players), key=self.counts.__getitem__))
        winners = (self.winner,) if self.is_over else ()
        return Result(
            finished=self.is_over,
            winners=winners,
            scores=counts,
            ranking=ranking,
            turns=self.turns,
            counters=self.counters,
        )

    @property
    def counters(self) -> dict[str, int]:
        return {"reshuffles": self.reshuffles, "pickups": self.pickups, "wild_chains": self.wild_chains}

    def observation(self, player: int) -> dict[str, Any]:
        t = self.table
        return {
            "seat": player,
            "hand": [t.ids[c] for c in bits_of(self.hands[player])],
            "hand_sizes": list(self.counts),
            "mirrorcard": t.ids[self.top] if self.top >= 0 else None,
            "declared_colour": t.colours[self.declared] if self.declared >= 0 else None,
            "discards": [t.ids[c] for c in self.discard],
            "draw_pile": len(self.pile),
            "current_player": self.current_player,
            "direction": "clockwise" if self.direction == 1 else "anticlockwise",
            "phase": PHASE_NAMES[self.phase],
            "cards_owed": self.owed,
            "reshuffled": self.reshuffled,
            "turns": self.turns,
            "winner": self.winner if self.is_over else None,
        }

    def card_zones(self) -> dict[str, list[str]]:
        """Hands, the draw pile and the discards (the Mirrorcard last), top cards last."""
        ids = self.table.ids
        zones = {f"hand/{s}": [ids[c] for c in bits_of(h)] for s, h in enumerate(self.hands)}
        zones["draw"] = [ids[c] for c in self.pile]
        zones["discard"] = [ids[c] for c in self.discard]
        return zones

    def clone(self) -> MirrorquestState:
        """A copy for search: own hands, piles and chance; the card table is shared."""
        twin = self._twin()
        twin.pile = self.pile[:]
        twin.rng = copied(self.rng)
        return twin

    def _twin(self) -> MirrorquestState:
        """A copy with its own lists, sharing the random source (the caller replaces it)."""
        twin = copy.copy(self)
        twin.hands = self.hands[:]
        twin.counts = self.counts[:]
        twin.discard = self.discard[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> MirrorquestState:
        """`State.determinize` on the card ints: the other hands and the draw pile dealt again."""
        twin = self._twin()
        others = [s for s in range(self.n_players) if s != seat]
        pool = self.pile + [c for s in others for c in bits_of(self.hands[s])]
        shuffle_in_place(pool, rng)
        bit = self.table.bit
        for s in others:
            count = self.counts[s]
            twin.hands[s] = sum(bit[c] for c in pool[len(pool) - count:])
            del pool[len(pool) - count:]
        twin.pile = pool
        twin.rng = rng
        return twin

    def notation(self) -> MoveNotation:
        t = self.table
        return made_once(("mirrorquest", t.ids, t.wild_mask, t.colours),
                         lambda: MirrorquestNotation(t.ids, t.wild_mask, t.colours, (PLAY, WILD, PICKUP, DRAW, PASS)))

    def describe_move(self, move: Move) -> str:
        return f"seat {self.current_player} {self.table.move_words(move)}"

    def hand_ids(self, seat: int) -> list[str]:
        """A seat's hand as card ids, lowest deck index first."""
        return [self.table.ids[c] for c in bits_of(self.hands[seat])]


