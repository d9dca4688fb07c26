"""A Mystique skirmish, or a match of several, in progress."""

from __future__ import annotations

import copy
import random
from typing import Any, Mapping

from deckgen.errors import DeckgenError
from deckgen.games.base import Move, Result, State
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import deal_event, shuffle_in_place, shuffled_order
from deckgen.games.kit.notation import MoveNotation, made_once
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.ranking import fewest_first, rank_by_score
from deckgen.games.kit.seats import next_seats, partner_of
from deckgen.games.kit.zones import DeclaredZone, hand, seat_zones, shared_zone
from deckgen.games.mystique.cards import (
    COUNT_WORDS,
    DEFLECT,
    TAKE,
    TAKE_MOVE,
    CardTable,
    add_subsets,
)
from deckgen.games.mystique.params import MystiqueParams
from deckgen.games.notation.mystique import MystiqueNotation


class MystiqueState(State[Move]):
    """A skirmish in progress: hands, the round's cards and the standing spell, all as masks."""

    # Not n_players, current_player, turns or events: State holds those, and when it is compiled
    # (setup.py) its code reads them from its own fields, which a slot here would shadow.
    __slots__ = (
        "table", "hands", "burns", "removed", "pile", "pile_mask",
        "spell_code", "spell_count", "spellcaster",
        "next_seat", "deflection", "aces_scoring", "partnerships", "ace_burns",
        "open_min", "open_max", "deflections", "takes", "burned_from_rounds",
        "left_in_hands", "longest_spell",
        "skirmish_goal", "skirmish_wins", "skirmishes_played", "dealer", "deal_sizes", "first_player_offset", "rng",
    )
    is_over = False  # a plain attribute, set when the skirmish ends

    def __init__(
        self,
        table: CardTable,
        hands: list[int],
        removed: int,
        first_player: int,
        params: MystiqueParams,
        options: Mapping[str, Any],
        events: list[dict[str, Any]] | None,
        rng: random.Random,
    ) -> None:
        n = len(hands)
        self.table = table
        self.n_players = n
        self.hands = hands
        self.burns = [0] * n
        self.removed = removed
        #: The round's plays in order: (seat, action, mask).
        self.pile: list[tuple[int, int, int]] = []
        self.pile_mask = 0
        #: Attribute code of the standing spell, or -1 before the round is opened.
        self.spell_code = -1
        self.spell_count = 0
        self.spellcaster = first_player
        self.current_player = first_player
        self.turns = 0
        #: A plain attribute rather than a property: the simulator reads it every turn.
        self.is_over = False
        self.events = events
        self.next_seat = next_seats(n, params.turn_direction)
        self.deflection = bool(options["spell_deflection"])
        self.aces_scoring = bool(options["aces_scoring"])
        self.partnerships = bool(options["partnerships"])
        self.ace_burns = params.ace_burns
        self.open_min = params.open_min_cards
        self.open_max = params.open_max_cards
        self.deflections = 0
        self.takes = 0
        self.burned_from_rounds = 0
        self.left_in_hands = 0
        self.longest_spell = 0
        #: A match: the skirmishes it is the best of (1: a single skirmish), those won per
        #: seat (partners both count a skirmish their pair won) and those played so far.
        self.skirmish_goal = int(options["skirmishes"])
        self.skirmish_wins = [0] * n
        self.skirmishes_played = 0
        #: Who dealt this skirmish, and the cards set aside and dealt to each seat when a
        #: match deals its next one from `rng` (set by `MystiqueGame`; a position set up by
        #: hand has none, so its match ends with its skirmish).
        self.dealer = 0
        self.deal_sizes: tuple[int, int] | None = None
        self.first_player_offset = params.first_player_offset
        self.rng = rng

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        hand = self.hands[self.current_player]
        masks = self.table.code_masks
        code = self.spell_code
        moves: list[Move]
        if code < 0:
            moves = []
            least, most = self.open_min, self.open_max
            for c, value_mask in enumerate(masks):
                group = hand & value_mask
                if group & (group - 1):
                    add_subsets(moves, c, group, least, most)
                elif group and least <= 1:
                    moves.append((c, group))
            return moves
        moves = [TAKE_MOVE]
        group = hand & masks[code]
        if group:
            held = group.bit_count()
            if held == 1:
                if self.spell_count == 1:
                    moves.append((code, group))
            elif held >= self.spell_count:
                add_subsets(moves, code, group, self.spell_count, held)
            if self.deflection:
                palms = group & self.table.deflect_masks[code]
                while palms:
                    low = palms & -palms
                    moves.append((DEFLECT, low))
                    palms ^= low
        return moves

    def apply(self, move: Move) -> None:
        action, mask = move
        seat = self.current_player
        self.turns += 1
        if action == TAKE:
            self.burns[seat] |= self.pile_mask
            self.burned_from_rounds += self.pile_mask.bit_count()
            self.takes += 1
            self.pile = []
            self.pile_mask = 0
            self.spell_code = -1
            self.spell_count = 0
            self.spellcaster = seat
            if not self.hands[seat]:
                self._end_skirmish()
            return
        self.hands[seat] ^= mask
        self.pile_mask |= mask
        self.pile.append((seat, action, mask))
        if action == DEFLECT:
            self.deflections += 1
        else:
            count = mask.bit_count()
            if self.spell_code < 0:
                self.spell_code = action
            self.spell_count = count
            if count > self.longest_spell:
                self.longest_spell = count
        self.current_player = self.next_seat[seat]

    def _end_skirmish(self) -> None:
        """The spellcaster cannot open: every hand goes onto its owner's burns. In a match,
        the skirmish's winners score it, and a new skirmish is dealt until the match is won."""
        if self.events is not None:  # what each seat burns from its hand, before it moves
            self.events.append({"type": "skirmish_end", "skirmish": self.skirmishes_played + 1,
                                "hands": [self.table.ids_of(hand) for hand in self.hands]})
        for seat, hand in enumerate(self.hands):
            self.left_in_hands += hand.bit_count()
            self.burns[seat] |= hand
            self.hands[seat] = 0
        self.skirmishes_played += 1
        if self.skirmish_goal == 1:
            self.is_over = True
            return
        scores = self.skirmish_scores()
        best = min(scores)
        for seat in range(self.n_players):
            if scores[seat] == best:
                self.skirmish_wins[seat] += 1
        majority = self.skirmish_goal // 2 + 1
        if max(self.skirmish_wins) >= majority or self.skirmishes_played == self.skirmish_goal:
            self.is_over = True
        elif self.deal_sizes is not None:
            self.deal_skirmish(self.next_seat[self.dealer], self.rng)
        else:  # a position set up by hand has nothing to deal from
            self.is_over = True

    def deal_skirmish(self, dealer: int, rng: random.Random) -> None:
        """Shuffle and deal a skirmish: fresh hands, no burns, the dealer's neighbour (by
        `first_player_offset`) opening."""
        assert self.deal_sizes is not None, "a position set up by hand has nothing to deal from"
        removed_count, hand_size = self.deal_sizes
        n_players = self.n_players
        table = self.table
        order = shuffled_order(table.size, rng)
        bit = table.bits.__getitem__
        removed = sum(map(bit, order[:removed_count]))
        starts = range(removed_count, removed_count + n_players * hand_size, hand_size)
        hands = [order[start : start + hand_size] for start in starts]
        first = (dealer + self.first_player_offset) % n_players
        self.hands = [sum(map(bit, hand)) for hand in hands]
        self.burns = [0] * n_players
        self.removed = removed
        self.pile = []
        self.pile_mask = 0
        self.spell_code = -1
        self.spell_count = 0
        self.dealer = dealer
        self.spellcaster = self.current_player = first
        if self.events is not None:
            self.events.append(deal_event(
                table.cards, [sorted(hand) for hand in hands],
                skirmish=self.skirmishes_played + 1, dealer=dealer,
                removed=table.ids_of(removed), first_player=first,
            ))

    def burn_score(self, seat: int) -> int:
        """Burns of a seat as scored: one per card, aces worth more under aces scoring."""
        burns = self.burns[seat]
        score = burns.bit_count()
        if self.aces_scoring:
            score += (self.ace_burns - 1) * (burns & self.table.ace_mask).bit_count()
        return score

    def partner(self, seat: int) -> int:
        """The seat opposite (partnerships)."""
        return partner_of(seat, self.n_players)

    def skirmish_scores(self) -> list[int]:
        """Burns as scored this skirmish, per seat: a pair's together in partnerships."""
        own = [self.burn_score(s) for s in range(self.n_players)]
        if self.partnerships:
            return [own[s] + own[self.partner(s)] for s in range(self.n_players)]
        return own

    def standing(self) -> list[float]:
        """Skirmishes won in a longer game, else minus the burns (what `result()` ranks by,
        without building it: traced games read it every move)."""
        if self.skirmish_goal > 1:
            return [float(w) for w in self.skirmish_wins]
        return fewest_first([float(x) for x in self.skirmish_scores()])

    def result(self) -> Result:
        if self.skirmish_goal > 1:
            burns = self.skirmish_scores()
            winners, ranking = rank_by_score(self.skirmish_wins, tie_break=[-b for b in burns])
            return Result(
                finished=self.is_over,
                winners=winners if self.is_over else (),
                scores=tuple(float(w) for w in self.skirmish_wins),
                ranking=ranking,
                turns=self.turns,
                counters=self.counters,
            )
        own = [self.burn_score(s) for s in range(self.n_players)]
        scores = self.skirmish_scores()
        ranking = tuple(sorted(range(self.n_players), key=lambda s: (scores[s], own[s], s)))
        best = min(scores)
        winners = tuple(s for s in range(self.n_players) if scores[s] == best) if self.is_over else ()
        return Result(
            finished=self.is_over,
            winners=winners,
            scores=tuple(float(x) for x in scores),
            ranking=ranking,
            turns=self.turns,
            counters=self.counters,
        )

    @property
    def counters(self) -> dict[str, int]:
        return {
            "deflections": self.deflections,
            "takes": self.takes,
            "burned_from_rounds": self.burned_from_rounds,
            "left_in_hands": self.left_in_hands,
            "longest_spell": self.longest_spell,
            "skirmishes": self.skirmishes_played,
        }

    def spell_words(self, code: int, count: int) -> str:
        """A spell as announced: "three suns", "one sun", "two 1s", "five yellows"."""
        attribute, value = self.table.code_values[code]
        words = COUNT_WORDS[count] if count < len(COUNT_WORDS) else str(count)
        if attribute == "suit":
            noun = str(value) if count != 1 else str(value).removesuffix("s")
        else:
            noun = f"{value}s" if count != 1 else str(value)
        return f"{words} {noun}"

    def notation(self) -> MoveNotation:
        t = self.table
        return made_once(("mystique", t.ids, t.code_values), lambda: MystiqueNotation(t.ids, t.code_values, (TAKE, DEFLECT)))

    def describe_move(self, move: Move) -> str:
        action, mask = move
        seat = self.current_player
        names = [self.table.names[self.table.index[i]] for i in self.table.ids_of(mask)]
        if action == TAKE:
            taken = self.pile_mask.bit_count()
            return f"seat {seat} takes the {taken} card{'s' if taken != 1 else ''} of the round as burns"
        if action == DEFLECT:
            return f"seat {seat} deflects the spell with the {names[0]}"
        verb = "opens with" if self.spell_code < 0 else "casts"
        return f"seat {seat} {verb} {self.spell_words(action, mask.bit_count())}: {', '.join(names)}"

    def observation(self, player: int) -> dict[str, Any]:
        table = self.table
        spell = None
        if self.spell_code >= 0:
            attribute, value = table.code_values[self.spell_code]
            spell = {"attribute": attribute, "value": value, "count": self.spell_count}
        return {
            "seat": player,
            "hand": table.ids_of(self.hands[player]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "burn_counts": [b.bit_count() for b in self.burns],
            "round": [
                {"seat": s, "deflect": a == DEFLECT, "cards": table.ids_of(m)} for s, a, m in self.pile
            ],
            "spell": spell,
            "spellcaster": self.spellcaster,
            "current_player": self.current_player,
            "turns": self.turns,
            "partner": self.partner(player) if self.partnerships else None,
            "skirmish": self.skirmishes_played + (0 if self.is_over else 1),
            "skirmish_wins": list(self.skirmish_wins),
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        ids_of = self.table.ids_of
        zones = {hand(s): ids_of(h) for s, h in enumerate(self.hands)}
        zones.update({f"burns/{s}": ids_of(b) for s, b in enumerate(self.burns)})
        zones["table"] = ids_of(self.pile_mask)
        zones["removed"] = ids_of(self.removed)
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """Hands and burns (face down) show to their seat only, the cards removed unseen to
        nobody; the table is face up."""
        n = self.n_players
        return [*seat_zones("hand", n, "owner"), *seat_zones("burns", n, "owner"), shared_zone("table", "everyone"),
                shared_zone("removed", "nobody")]

    def clone(self) -> MystiqueState:
        """A copy for search: own hands, burns, round and chance; the card table is shared."""
        twin = self._twin()
        twin.rng = copied(self.rng)
        return twin

    def _twin(self) -> MystiqueState:
        """A copy with its own lists, sharing the random source (the caller replaces it)."""
        twin = copy.copy(self)
        twin.hands = self.hands[:]
        twin.burns = self.burns[:]
        twin.pile = self.pile[:]
        twin.skirmish_wins = self.skirmish_wins[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> MystiqueState:
        """`State.determinize` on the card masks: the other hands and the cards set aside dealt
        again. Burns stay put: every burned card was cast face up before it was taken, so
        all seats saw where it went."""
        twin = self._twin()
        others = [s for s in range(self.n_players) if s != seat]
        pool = bits_of(self.removed)
        for s in others:
            pool += bits_of(self.hands[s])
        shuffle_in_place(pool, rng)
        bit = self.table.bits
        for s in others:
            count = self.hands[s].bit_count()
            twin.hands[s] = sum(bit[c] for c in pool[len(pool) - count:])
            del pool[len(pool) - count:]
        twin.removed = sum(bit[c] for c in pool)
        twin.rng = rng
        return twin

    def cast_move(self, card_ids: list[str], attribute: str | None = None, value: Any = None) -> Move:
        """The move casting these cards: on the standing spell, or opening on (attribute, value)."""
        mask = self.table.mask_of(card_ids)
        if self.spell_code >= 0:
            return (self.spell_code, mask)
        if attribute is None:
            raise DeckgenError("game mystique: an opening spell needs the announced attribute and value")
        return (self.table.code_of(attribute, value), mask)

    def deflect_move(self, card_id: str) -> Move:
        """The move deflecting the standing spell with this palm."""
        return (DEFLECT, self.table.mask_of([card_id]))
