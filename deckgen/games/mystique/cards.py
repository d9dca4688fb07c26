"""Mystique's moves and card table: attribute codes and masks over one or two decks, and the
spells of a value group enumerated as sub-masks, with no combinatorial objects."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from deckgen.errors import UnknownName
from deckgen.games.base import Move
from deckgen.games.kit.cards import CardIndex
from deckgen.games.mystique.params import MystiqueParams
from deckgen.model.deck_data import Deck

#: Move action: take the round's cards as burns (mask 0).
TAKE: Final = -1
#: Move action: deflect the standing spell with one palm.
DEFLECT: Final = -2
TAKE_MOVE: Final[tuple[int, int]] = (TAKE, 0)

#: Groups up to this many cards list all their sub-masks before selecting by size.
_ALL_SUBSETS_UP_TO = 10

#: A count in words, for move descriptions (larger counts are written as numbers).
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


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


def add_subsets(out: list[Move], code: int, group: int, least: int, most: int) -> None:
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
