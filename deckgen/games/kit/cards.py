"""One card index per game: card ids <-> ints <-> bit masks, with checked look-ups.

Engines hold cards as ints (positions in the index) or as bit masks of them, and turn them
back into ids only for logs, observations and transcripts. With more than one deck in play
every copy is its own card, its id prefixed with the back it carries (`gold:red-moons-1`).
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from deckgen.errors import BadPosition, UnknownCard
from deckgen.model.deck_data import Deck


def bits_of(mask: int) -> list[int]:
    """The card indices set in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class CardIndex:
    """The cards of one game (one or several decks) by id, index and bit."""

    def __init__(self, deck_id: str, ids: Sequence[str], names: Sequence[str]) -> None:
        self.deck_id = deck_id
        self.ids: tuple[str, ...] = tuple(ids)
        self.names: tuple[str, ...] = tuple(names)
        self.index: dict[str, int] = {card_id: i for i, card_id in enumerate(self.ids)}
        if len(self.index) != len(self.ids):
            repeated = sorted({c for c in self.ids if self.ids.count(c) > 1})
            raise BadPosition(f"deck {deck_id}: card ids used twice: {', '.join(repeated)}")
        #: bits[i] is 1 << i, looked up rather than shifted on hot paths.
        self.bits: tuple[int, ...] = tuple(1 << i for i in range(len(self.ids)))

    @classmethod
    def of_deck(cls, deck: Deck, decks: int = 1) -> CardIndex:
        """The index of `decks` copies of a deck: copies are told apart by their backs."""
        if decks == 1:
            return cls(deck.id, [c.id for c in deck.cards], [c.name for c in deck.cards])
        backs = [back.id for back in deck.backs[:decks]]
        if len(backs) < decks:
            raise BadPosition(f"deck {deck.id} has {len(deck.backs)} backs, {decks} decks need one each")
        return cls(
            deck.id,
            [f"{back}:{c.id}" for back in backs for c in deck.cards],
            [f"{c.name} ({back})" for back in backs for c in deck.cards],
        )

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def full_mask(self) -> int:
        return (1 << len(self.ids)) - 1

    def index_of(self, card_id: str) -> int:
        """The index of a card id; an unknown id is an `UnknownCard` naming it and the deck."""
        found = self.index.get(card_id)
        if found is None:
            raise UnknownCard(f"deck {self.deck_id}: no card {card_id!r}")
        return found

    def indices(self, card_ids: Iterable[str]) -> list[int]:
        """Indices of card ids, reporting every unknown id at once."""
        card_ids = list(card_ids)
        unknown = [c for c in card_ids if c not in self.index]
        if unknown:
            raise UnknownCard(f"deck {self.deck_id}: no cards {', '.join(map(repr, unknown))}")
        return [self.index[c] for c in card_ids]

    def mask_of(self, card_ids: Iterable[str]) -> int:
        """The mask of card ids; unknown or repeated ids are errors."""
        indices = self.indices(card_ids)
        mask = 0
        for i in indices:
            if mask >> i & 1:
                raise BadPosition(f"deck {self.deck_id}: card {self.ids[i]!r} is listed twice")
            mask |= 1 << i
        return mask

    def ids_of(self, cards: Iterable[int]) -> list[str]:
        ids = self.ids
        return [ids[c] for c in cards]

    def ids_of_mask(self, mask: int) -> list[str]:
        """Card ids of a mask, in index order."""
        ids = self.ids
        return [ids[i] for i in bits_of(mask)]

    def place(self, zones: Mapping[str, Sequence[str]]) -> dict[str, list[int]]:
        """Card ids by zone to indices for a set-up position, refusing unknown cards and any
        card placed twice (across all zones), every problem at once."""
        problems: list[str] = []
        seen: dict[str, str] = {}
        out: dict[str, list[int]] = {}
        for zone, card_ids in zones.items():
            cards = []
            for card_id in card_ids:
                if card_id not in self.index:
                    problems.append(f"position: {zone}: no card {card_id!r} in deck {self.deck_id}")
                    continue
                if card_id in seen:
                    where = "" if seen[card_id] == zone else f" (also in {seen[card_id]})"
                    problems.append(f"position: {zone}: card {card_id!r} is placed twice{where}")
                    continue
                seen[card_id] = zone
                cards.append(self.index[card_id])
            out[zone] = cards
        if any("no card" in p for p in problems):
            raise UnknownCard(*problems)
        if problems:
            raise BadPosition(*problems)
        return out

    def unplaced(self, placed: Mapping[str, Sequence[int]]) -> list[int]:
        """The indices of the cards no zone holds (in index order): what a position leaves out."""
        used = {c for cards in placed.values() for c in cards}
        return [i for i in range(len(self.ids)) if i not in used]
