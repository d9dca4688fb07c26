"""Mystique: the climbing game of the Mystique Deck.

Spells are sets of cards agreeing on one announced attribute value (a colour, a suit or a
number); each answer needs at least as many cards of that value, or the player takes the
round's cards as burns. Fewest burns wins.

Hot paths work on ints: a hand, a pile or a burn pile is a bitmask over the game's card list
(60 cards, or 120 with two decks), and a move is a pair `(action, mask)`:

- `action >= 0`: cast the cards of `mask`, announcing attribute code `action` (codes number
  every value of every spell attribute: colours, then suits, then numbers);
- `DEFLECT`: deflect the spell with the single palm in `mask`;
- `TAKE` (mask 0): take the round's cards as burns.

Every subset of a hand's cards of one value is a distinct legal spell, so the move list is
built by enumerating sub-masks of the value group directly, with no combinatorial objects.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from deckgen.bots.mystique import GreedyBot
from deckgen.bots.random_bot import RandomBot
from deckgen.errors import DataError, DeckgenError, UnknownName
from deckgen.games.base import Game, Move, Result, State, register, shuffled_order
from deckgen.model.deck import Deck

#: Move action: take the round's cards as burns (mask 0).
TAKE = -1
#: Move action: deflect the standing spell with one palm.
DEFLECT = -2
TAKE_MOVE: tuple[int, int] = (TAKE, 0)

#: Groups up to this many cards list all their sub-masks before selecting by size.
_ALL_SUBSETS_UP_TO = 10

_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@dataclass(frozen=True, eq=False)
class CardTable:
    """The game's card list (one or two decks) with the masks the engine and bots use."""

    ids: tuple[str, ...]
    names: tuple[str, ...]
    card_numbers: tuple[int, ...]
    #: Per attribute code: (attribute name, value).
    code_values: tuple[tuple[str, Any], ...]
    #: Per card: its attribute codes, one per spell attribute.
    card_codes: tuple[tuple[int, ...], ...]
    #: Per attribute code: every card with that value.
    code_masks: tuple[int, ...]
    #: Per attribute code: the palms that may deflect a spell on it (0 if none may).
    deflect_masks: tuple[int, ...]
    ace_mask: int
    index: dict[str, int]
    #: Per card: its bit (1 << index).
    bits: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.ids)

    def ids_of(self, mask: int) -> list[str]:
        """Card ids of a mask, in card-list order."""
        ids = self.ids
        out = []
        while mask:
            low = mask & -mask
            out.append(ids[low.bit_length() - 1])
            mask ^= low
        return out

    def mask_of(self, card_ids: list[str]) -> int:
        """The mask of some card ids; unknown or repeated ids are errors."""
        mask = 0
        for card_id in card_ids:
            if card_id not in self.index:
                raise UnknownName(f"game mystique: no card {card_id!r} in this game's card list")
            bit = 1 << self.index[card_id]
            if mask & bit:
                raise DataError(f"game mystique: card {card_id!r} is listed twice")
            mask |= bit
        return mask

    def code_of(self, attribute: str, value: Any) -> int:
        """The attribute code of a value, e.g. ("suit", "suns")."""
        for code, pair in enumerate(self.code_values):
            if pair == (attribute, value):
                return code
        raise UnknownName(f"game mystique: {attribute} {value!r} is not a spell attribute value")


def build_card_table(deck: Deck, decks: int, params: dict[str, Any]) -> CardTable:
    """The card list for one or several decks: with more than one, ids carry the back."""
    attributes: list[str] = params["spell_attributes"]
    code_values = tuple((a, v) for a in attributes for v in deck.attributes[a])
    code_index: dict[tuple[str, Any], int] = {pair: code for code, pair in enumerate(code_values)}
    backs = [b.id for b in deck.backs[:decks]]
    if len(backs) < decks:
        raise DataError(f"deck {deck.id} has {len(deck.backs)} backs, the game needs {decks} decks")
    ids, names, numbers, card_codes = [], [], [], []
    for back in backs:
        for card in deck.cards:
            ids.append(card.id if decks == 1 else f"{back}:{card.id}")
            names.append(card.name if decks == 1 else f"{card.name} ({back})")
            numbers.append(card.number or 0)
            card_codes.append(tuple(code_index[(a, card.attrs[a])] for a in attributes))
    code_masks = [0] * len(code_values)
    for i, codes in enumerate(card_codes):
        for code in codes:
            code_masks[code] |= 1 << i
    palms = code_masks[code_index[("number", params["deflect_number"])]]
    deflectable = set(params["deflect_attributes"])
    deflect_masks = tuple(
        code_masks[code] & palms if attribute in deflectable else 0
        for code, (attribute, _) in enumerate(code_values)
    )
    return CardTable(
        ids=tuple(ids),
        names=tuple(names),
        card_numbers=tuple(numbers),
        code_values=code_values,
        card_codes=tuple(card_codes),
        code_masks=tuple(code_masks),
        deflect_masks=deflect_masks,
        ace_mask=code_masks[code_index[("number", params["ace_number"])]],
        index={card_id: i for i, card_id in enumerate(ids)},
        bits=tuple(1 << i for i in range(len(ids))),
    )


#: Per (group size, least, most): positions, in a group's list of all sub-masks, of those
#: with least..most cards. Filled on first use; a few dozen small lists.
_SIZE_SELECTIONS: dict[tuple[int, int, int], list[int]] = {}


def _size_selection(k: int, least: int, most: int) -> list[int]:
    key = (k, least, most)
    found = _SIZE_SELECTIONS.get(key)
    if found is None:
        found = [i for i in range(1, 1 << k) if least <= i.bit_count() <= most]
        _SIZE_SELECTIONS[key] = found
    return found


def _subsets_by_size(group: int, most: int) -> list[list[int]]:
    """Sub-masks of `group` with at most `most` cards, as lists by card count."""
    levels: list[list[int]] = [[0]]
    while group:
        low = group & -group
        group ^= low
        if len(levels) <= most:
            levels.append([])
        for size in range(len(levels) - 1, 0, -1):
            levels[size] += [sub | low for sub in levels[size - 1]]
    return levels


def _add_subsets(out: list[Move], code: int, group: int, least: int, most: int) -> None:
    """Append a cast move for every sub-mask of `group` with least..most cards.

    Groups of two or three cards with no size limit in the way are written out. Other small
    groups list all their sub-masks (one OR each; sub-mask i holds the group's cards at
    the bits of i) and keep the right sizes by a cached index list. Big groups build only
    the sizes wanted, level by level: up to `most` cards, or, with no upper limit, as the
    complements of the cards left out (at most k - least of them), so the work follows the
    number of moves rather than the 2**k sub-masks."""
    k = group.bit_count()
    if 2 <= k <= 3 and least <= 1 and most >= k:
        # The commonest groups, written out: two cards a, b; three cards a, b, c.
        a = group & -group
        rest = group ^ a
        if k == 2:
            out += [(code, a), (code, rest), (code, group)]
            return
        b = rest & -rest
        c = rest ^ b
        out += [(code, a), (code, b), (code, a | b), (code, c), (code, a | c), (code, rest), (code, group)]
        return
    if k <= _ALL_SUBSETS_UP_TO:
        low = group & -group
        group ^= low
        subs = [0, low]
        while group:
            low = group & -group
            group ^= low
            subs += [sub | low for sub in subs]
        if least <= 1 and most >= k:
            del subs[0]
            out += [(code, sub) for sub in subs]
        else:
            out += [(code, subs[i]) for i in _size_selection(k, least, most)]
    elif most >= k:
        for left_out in _subsets_by_size(group, k - least):
            out += [(code, group ^ sub) for sub in left_out]
    else:
        for size, subs in enumerate(_subsets_by_size(group, most)):
            if size >= least:
                out += [(code, sub) for sub in subs]


class MystiqueState(State):
    """A skirmish in progress: hands, the round's cards and the standing spell, all as masks."""

    # Not n_players, current_player, turns or events: State holds those, and when it is compiled
    # (setup.py) its code reads them from its own fields, which a slot here would shadow.
    __slots__ = (
        "table", "hands", "burns", "removed", "pile", "pile_mask",
        "spell_code", "spell_count", "spellcaster",
        "next_seat", "deflection", "aces_scoring", "partnerships", "ace_burns",
        "open_min", "open_max", "deflections", "takes", "burned_from_rounds",
        "left_in_hands", "longest_spell",
    )
    is_over = False  # a plain attribute, set when the skirmish ends

    def __init__(
        self,
        table: CardTable,
        hands: list[int],
        removed: int,
        first_player: int,
        rules_params: dict[str, Any],
        options: dict[str, Any],
        events: list[dict[str, Any]] | None,
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
        step = rules_params["turn_direction"]
        self.next_seat = tuple((s + step) % n for s in range(n))
        self.deflection = bool(options["spell_deflection"])
        self.aces_scoring = bool(options["aces_scoring"])
        self.partnerships = bool(options["partnerships"])
        self.ace_burns = int(rules_params["ace_burns"])
        self.open_min = int(rules_params["open_min_cards"])
        self.open_max = int(rules_params["open_max_cards"])
        self.deflections = 0
        self.takes = 0
        self.burned_from_rounds = 0
        self.left_in_hands = 0
        self.longest_spell = 0

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
                    _add_subsets(moves, c, group, least, most)
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
                _add_subsets(moves, code, group, self.spell_count, held)
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
        """The spellcaster cannot open: every hand goes onto its owner's burns."""
        for seat, hand in enumerate(self.hands):
            self.left_in_hands += hand.bit_count()
            self.burns[seat] |= hand
            self.hands[seat] = 0
        self.is_over = True

    def burn_score(self, seat: int) -> int:
        """Burns of a seat as scored: one per card, aces worth more under aces scoring."""
        burns = self.burns[seat]
        score = burns.bit_count()
        if self.aces_scoring:
            score += (self.ace_burns - 1) * (burns & self.table.ace_mask).bit_count()
        return score

    def partner(self, seat: int) -> int:
        """The seat opposite (partnerships)."""
        return (seat + self.n_players // 2) % self.n_players

    def result(self) -> Result:
        own = [self.burn_score(s) for s in range(self.n_players)]
        if self.partnerships:
            scores = [own[s] + own[self.partner(s)] for s in range(self.n_players)]
        else:
            scores = own
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
        }

    def spell_words(self, code: int, count: int) -> str:
        """A spell as announced: "three suns", "one sun", "two 1s", "five yellows"."""
        attribute, value = self.table.code_values[code]
        words = _COUNT_WORDS[count] if count < len(_COUNT_WORDS) else str(count)
        if attribute == "suit":
            noun = str(value) if count != 1 else str(value).removesuffix("s")
        else:
            noun = f"{value}s" if count != 1 else str(value)
        return f"{words} {noun}"

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
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[Any]]:
        ids_of = self.table.ids_of
        zones = {f"hand {s}": ids_of(h) for s, h in enumerate(self.hands)}
        zones.update({f"burns {s}": ids_of(b) for s, b in enumerate(self.burns)})
        zones["round"] = ids_of(self.pile_mask)
        zones["set aside"] = ids_of(self.removed)
        return zones

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


class MystiqueGame(Game):
    """The Mystique engine: deals per the setup table and builds skirmish states."""

    id = "mystique"
    bots = {"random": RandomBot, "greedy": GreedyBot}

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self._tables: dict[int, CardTable] = {}

    def table(self, decks: int) -> CardTable:
        """The card list for a number of decks (built once)."""
        if decks not in self._tables:
            self._tables[decks] = build_card_table(self.deck, decks, self.rules.params)
        return self._tables[decks]

    def _check_partnerships(self, n_players: int, options: dict[str, Any]) -> None:
        allowed = self.rules.params["partnership_players"]
        if options["partnerships"] and n_players not in allowed:
            counts = " or ".join(str(n) for n in allowed)
            raise DeckgenError(f"game mystique: partnerships need {counts} players (got {n_players})")

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> MystiqueState:
        setup = self.rules.setup_for(n_players)
        self._check_partnerships(n_players, options)
        table = self.table(setup.decks)
        hand_size = setup.hand_size or 0
        if setup.removed + n_players * hand_size != table.size:
            raise DataError(
                f"game mystique: setup for {n_players} players deals {n_players} x {hand_size} and "
                f"sets aside {setup.removed}, but {setup.decks} deck(s) hold {table.size} cards"
            )
        events: list[dict[str, Any]] | None = [] if record else None
        dealer = self._draw_dealer(n_players, table, rng, events)
        order = shuffled_order(table.size, rng)
        bit = table.bits.__getitem__
        removed = sum(map(bit, order[: setup.removed]))
        starts = range(setup.removed, setup.removed + n_players * hand_size, hand_size)
        hands = [sum(map(bit, order[start : start + hand_size])) for start in starts]
        first = (dealer + self.rules.params["first_player_offset"]) % n_players
        if events is not None:
            events.append({
                "type": "deal",
                "dealer": dealer,
                "hands": [table.ids_of(h) for h in hands],
                "removed": table.ids_of(removed),
                "first_player": first,
            })
        return MystiqueState(table, hands, removed, first, self.rules.params, options, events)

    @staticmethod
    def _draw_dealer(
        n_players: int, table: CardTable, rng: random.Random, events: list[dict[str, Any]] | None
    ) -> int:
        """Each contender draws a card; the highest card number deals, ties draw again."""
        contenders = list(range(n_players))
        while True:
            drawn = rng.sample(range(table.size), len(contenders))
            numbers = [table.card_numbers[c] for c in drawn]
            top = max(numbers)
            if events is not None:
                events.append({
                    "type": "dealer_draw",
                    "draws": [[s, table.ids[c]] for s, c in zip(contenders, drawn)],
                })
            contenders = [s for s, number in zip(contenders, numbers) if number == top]
            if len(contenders) == 1:
                return contenders[0]

    def position(
        self,
        hands: list[list[str]],
        current_player: int = 0,
        burns: list[list[str]] | None = None,
        options: dict[str, Any] | None = None,
        decks: int | None = None,
    ) -> MystiqueState:
        """A state at the start of a round with chosen hands, for scenario tests and puzzles.

        Cards named nowhere are set aside; `current_player` is the spellcaster to open."""
        n_players = len(hands)
        setup = self.rules.setup_for(n_players)
        resolved = self.rules.resolve_options(options)
        self._check_partnerships(n_players, resolved)
        table = self.table(decks or setup.decks)
        hand_masks = [table.mask_of(h) for h in hands]
        burn_masks = [table.mask_of(b) for b in (burns or [[] for _ in hands])]
        used = 0
        for mask in hand_masks + burn_masks:
            if used & mask:
                raise DataError(f"game mystique: cards {table.ids_of(used & mask)} are placed twice")
            used |= mask
        removed = ((1 << table.size) - 1) & ~used
        state = MystiqueState(table, hand_masks, removed, current_player, self.rules.params, resolved, None)
        state.burns = burn_masks
        return state


register(MystiqueGame)  # a call: mypyc compiles a decorated class as a plain one (see base.register)
