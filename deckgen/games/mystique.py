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
from typing import Any, Mapping, Sequence

from pydantic import Field

from deckgen.errors import BadOption, BadPosition, DeckgenError, UnknownName, problem
from deckgen.games.base import Game, Move, Result, State, register
from deckgen.games.kit.cards import CardIndex
from deckgen.games.kit.chance import deal_event, shuffled_order
from deckgen.games.kit.ranking import rank_by_score
from deckgen.games.kit.seats import next_seats, partner_of
from deckgen.model.common import StrictModel
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

    cards: CardIndex
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
        return self.cards.ids_of_mask(mask)

    def mask_of(self, card_ids: list[str]) -> int:
        """The mask of some card ids; unknown or repeated ids are errors."""
        return self.cards.mask_of(card_ids)

    def code_of(self, attribute: str, value: Any) -> int:
        """The attribute code of a value, e.g. ("suit", "suns")."""
        for code, pair in enumerate(self.code_values):
            if pair == (attribute, value):
                return code
        raise UnknownName(f"game mystique: {attribute} {value!r} is not a spell attribute value")


def build_card_table(deck: Deck, decks: int, params: MystiqueParams) -> CardTable:
    """The card list for one or several decks: with more than one, ids carry the back."""
    attributes = params.spell_attributes
    code_values = tuple((a, v) for a in attributes for v in deck.attributes[a])
    code_index: dict[tuple[str, Any], int] = {pair: code for code, pair in enumerate(code_values)}
    index = CardIndex.of_deck(deck, decks)
    numbers: list[int] = []
    card_codes: list[tuple[int, ...]] = []
    for _ in range(decks):
        for card in deck.cards:
            numbers.append(card.number or 0)
            card_codes.append(tuple(code_index[(a, card.attrs[a])] for a in attributes))
    code_masks = [0] * len(code_values)
    for i, codes in enumerate(card_codes):
        for code in codes:
            code_masks[code] |= 1 << i
    palms = code_masks[code_index[("number", params.deflect_number)]]
    deflectable = set(params.deflect_attributes)
    deflect_masks = tuple(
        code_masks[code] & palms if attribute in deflectable else 0
        for code, (attribute, _) in enumerate(code_values)
    )
    return CardTable(
        cards=index,
        ids=index.ids,
        names=index.names,
        card_numbers=tuple(numbers),
        code_values=code_values,
        card_codes=tuple(card_codes),
        code_masks=tuple(code_masks),
        deflect_masks=deflect_masks,
        ace_mask=code_masks[code_index[("number", params.ace_number)]],
        index=index.index,
        bits=index.bits,
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
        "skirmish_goal", "skirmish_wins", "skirmishes_played", "dealer", "game", "rng",
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
        #: Who dealt this skirmish, and what deals the next one (set by `MystiqueGame`).
        self.dealer = 0
        self.game: MystiqueGame | None = None
        self.rng: random.Random | None = None

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
        """The spellcaster cannot open: every hand goes onto its owner's burns. In a match,
        the skirmish's winners score it, and a new skirmish is dealt until the match is won."""
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
        elif self.game is not None and self.rng is not None:
            self.game.deal_skirmish(self, self.next_seat[self.dealer], self.rng)
        else:  # a position set up by hand has nothing to deal from
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
        return partner_of(seat, self.n_players)

    def skirmish_scores(self) -> list[int]:
        """Burns as scored this skirmish, per seat: a pair's together in partnerships."""
        own = [self.burn_score(s) for s in range(self.n_players)]
        if self.partnerships:
            return [own[s] + own[self.partner(s)] for s in range(self.n_players)]
        return own

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
            "skirmish": self.skirmishes_played + (0 if self.is_over else 1),
            "skirmish_wins": list(self.skirmish_wins),
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        ids_of = self.table.ids_of
        zones = {f"hand/{s}": ids_of(h) for s, h in enumerate(self.hands)}
        zones.update({f"burns/{s}": ids_of(b) for s, b in enumerate(self.burns)})
        zones["table"] = ids_of(self.pile_mask)
        zones["removed"] = ids_of(self.removed)
        return zones

    def hidden_zones(self, player: int) -> list[str]:
        """Burns lie face down: a seat knows its own, never another's."""
        others = [s for s in range(self.n_players) if s != player]
        return super().hidden_zones(player) + [f"burns/{s}" for s in others]

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


class MystiqueParams(StrictModel):
    #: The attributes a spell may share, in the deck's attribute names.
    spell_attributes: list[str] = Field(min_length=1)
    #: An opening spell has open_min..open_max cards; an answer at least as many as the spell.
    open_min_cards: int = Field(ge=1)
    open_max_cards: int = Field(ge=1)
    #: Seat step of play (-1: anticlockwise), and the opener's offset from the dealer.
    turn_direction: int
    first_player_offset: int
    #: Deflection: one card of this number, sharing the spell's attribute, on these attributes.
    deflect_number: int
    deflect_attributes: list[str]
    #: Aces scoring: a card of this number counts this many burns.
    ace_number: int
    ace_burns: int = Field(ge=1)
    #: Partnerships are played with these player counts; partners sit opposite.
    partnership_players: list[int]


class MystiqueGame(Game):
    """The Mystique engine: deals per the setup table and builds skirmish states."""

    id = "mystique"
    Params = MystiqueParams

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self._tables: dict[int, CardTable] = {}

    def rule_problems(self) -> list[str]:
        """Spell attributes and numbers must be the deck's; partnerships need even counts."""
        params: MystiqueParams = self.params
        where = self.rules.path
        problems = []
        unknown = [a for a in params.spell_attributes + params.deflect_attributes if a not in self.deck.attributes]
        if unknown:
            problems.append(problem(where, "params.spell_attributes", f"{unknown} are not attributes of the deck"))
        numbers: list[Any] = list(self.deck.attributes.get("number", []))
        for key in ("deflect_number", "ace_number"):
            if getattr(params, key) not in numbers:
                problems.append(problem(where, f"params.{key}", f"{getattr(params, key)} is not a card number"))
        odd = [n for n in params.partnership_players if n % 2 or n not in self.rules.players.counts()]
        if odd:
            problems.append(problem(where, "params.partnership_players",
                                    f"{odd}: partners sit opposite, so an even count the game allows"))
        return problems

    def setup_problems(self) -> list[str]:
        """Every card of the setup's decks is dealt or set aside, exactly."""
        problems = []
        for n, spec in self.rules.setup.items():
            dealt = n * (spec.hand_size or 0) + spec.removed
            held = spec.decks * self.cards.size
            if dealt != held:
                problems.append(problem(self.rules.path, f"setup.{n}",
                                        f"{n} x {spec.hand_size} dealt + {spec.removed} set aside = {dealt}, "
                                        f"but {spec.decks} deck(s) hold {held}"))
        return problems

    def table(self, decks: int) -> CardTable:
        """The card list for a number of decks (built once)."""
        if decks not in self._tables:
            self._tables[decks] = build_card_table(self.deck, decks, self.params)
        return self._tables[decks]

    def _check_partnerships(self, n_players: int, options: Mapping[str, Any]) -> None:
        allowed = self.params.partnership_players
        if options["partnerships"] and n_players not in allowed:
            counts = " or ".join(str(n) for n in allowed)
            raise BadOption(f"game mystique: partnerships need {counts} players (got {n_players})")

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> MystiqueState:
        setup = self.rules.setup_for(n_players)
        self._check_partnerships(n_players, options)
        table = self.table(setup.decks)
        events: list[dict[str, Any]] | None = [] if record else None
        dealer = self._draw_dealer(n_players, table, rng, events)
        state = MystiqueState(table, [0] * n_players, 0, 0, self.params, options, events)
        if state.skirmish_goal > 1:
            state.game, state.rng = self, rng
        self.deal_skirmish(state, dealer, rng)
        return state

    def deal_skirmish(self, state: MystiqueState, dealer: int, rng: random.Random) -> None:
        """Shuffle and deal a skirmish into `state`: fresh hands, no burns, the dealer's
        neighbour (by `first_player_offset`) opening."""
        n_players = state.n_players
        setup = self.rules.setup[n_players]
        table = state.table
        hand_size = setup.hand_size or 0
        order = shuffled_order(table.size, rng)
        bit = table.bits.__getitem__
        removed = sum(map(bit, order[: setup.removed]))
        starts = range(setup.removed, setup.removed + n_players * hand_size, hand_size)
        hands = [order[start : start + hand_size] for start in starts]
        first = (dealer + self.params.first_player_offset) % n_players
        state.hands = [sum(map(bit, hand)) for hand in hands]
        state.burns = [0] * n_players
        state.removed = removed
        state.pile = []
        state.pile_mask = 0
        state.spell_code = -1
        state.spell_count = 0
        state.dealer = dealer
        state.spellcaster = state.current_player = first
        if state.events is not None:
            state.events.append(deal_event(
                table.cards, [sorted(hand) for hand in hands],
                skirmish=state.skirmishes_played + 1, dealer=dealer,
                removed=table.ids_of(removed), first_player=first,
            ))

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
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        decks: int | None = None,
        **details: Any,
    ) -> MystiqueState:
        """A state at the start of a round from card ids by zone (`hand/<s>`, `burns/<s>`,
        `removed`; `table` must be empty), for scenario tests and puzzles. Cards named nowhere
        are set aside; `current_player` is the spellcaster to open."""
        if details:
            raise BadPosition(f"position: unknown details {sorted(details)}")
        n_players = sum(1 for name in zones if name.startswith("hand/"))
        setup = self.rules.setup_for(n_players)
        known = {f"{kind}/{s}" for kind in ("hand", "burns") for s in range(n_players)} | {"table", "removed"}
        unknown = sorted(set(zones) - known)
        if unknown:
            raise BadPosition(f"position: unknown zones {unknown} (zones: hand/<seat>, burns/<seat>, removed)")
        if zones.get("table"):
            raise BadPosition("position: starts before a round is opened, so the table must be empty")
        resolved = self.rules.resolve_options(options)
        self._check_partnerships(n_players, resolved)
        table = self.table(decks or setup.decks)
        placed = table.cards.place(zones)
        hand_masks = [sum(1 << c for c in placed[f"hand/{s}"]) for s in range(n_players)]
        burn_masks = [sum(1 << c for c in placed.get(f"burns/{s}", [])) for s in range(n_players)]
        used = 0
        for mask in hand_masks + burn_masks:
            used |= mask
        removed = table.cards.full_mask & ~used
        state = MystiqueState(table, hand_masks, removed, current_player, self.params, resolved, None)
        state.burns = burn_masks
        return state


register(MystiqueGame)  # a call: mypyc compiles a decorated class as a plain one (see base.register)
