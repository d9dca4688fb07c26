"""Mystical Eddies' trick rules as small pure functions over attribute bits (SUIT 1, COLOUR 2,
NUMBER 4): what two cards share, whether a card follows, a card's ranking key, who wins a
trick. The follow rule on masks and the deal around voids are the kit's (`kit.tricks`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

SUIT: Final = 1
COLOUR: Final = 2
NUMBER: Final = 4
#: Established attribute masks in words, and the counter of tricks won under each.
ATTRIBUTE_WORDS: Final = {0: "nothing", SUIT: "suit", COLOUR: "colour", NUMBER: "number",
                   SUIT | COLOUR: "suit and colour", SUIT | NUMBER: "suit and number",
                   COLOUR | NUMBER: "colour and number"}
COUNTER_NAMES: Final = {m: w.replace(" and ", "_") + "_tricks" if m else "unfollowed_tricks" for m, w in ATTRIBUTE_WORDS.items()}
#: Balance categories, in the order of `categories[seat]`.
CATEGORY_NAMES: Final = ("suit", "colour", "number")
#: The Balance points a trick earns per established mask: (suit, colour, number).
CATEGORY_POINTS: Final = [(m & SUIT, m >> 1 & 1, m >> 2 & 1) for m in range(8)]
#: Masks per established attribute set (7 = all three, which no two cards share).
MASKS: Final = 8
#: Attempts at a determinization that respects what tosses revealed.
DEAL_TRIES: Final = 20


def shared_attributes(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """The attributes two cards share, as a mask; cards are (suit, colour, number) values."""
    return (SUIT if a[0] == b[0] else 0) | (COLOUR if a[1] == b[1] else 0) | (NUMBER if a[2] == b[2] else 0)


def ranking_key(established: int, ranks: tuple[int, int, int]) -> int:
    """How a candidate ranks when `established` attributes were established (higher wins);
    `ranks` are the card's (suit, colour, number) ranks, 1 for the lowest of each.

    Suit: number, then colour. Colour: suit, then number. Number: colour, then suit.
    Two attributes: the third one alone. Nothing established: 0 (the leader wins)."""
    suit, colour, number = ranks
    return {SUIT: number * 16 + colour, COLOUR: suit * 16 + number, NUMBER: colour * 16 + suit,
            SUIT | COLOUR: number, SUIT | NUMBER: colour, COLOUR | NUMBER: suit}.get(established, 0)


def follows(shared: int, established: int) -> bool:
    """Whether a card sharing `shared` with the led card follows: before anything is
    established any shared attribute does (and establishes); after, all established ones."""
    return shared != 0 if established == 0 else shared & established == established


def trick_outcome(cards: Sequence[int], match: Sequence[int], keys: Sequence[int], size: int) -> tuple[int, int]:
    """(established attributes, position of the winning card) of a trick's cards in play
    order from the leader; `match[a * size + b]` is `shared_attributes` of cards a and b and
    `keys[established * size + c]` the `ranking_key` of card c."""
    lead = cards[0]
    established = 0
    best, best_key = 0, 0
    for i in range(1, len(cards)):
        card = cards[i]
        shared = match[card * size + lead]
        if established == 0:
            if shared:
                established = shared
                best_key = keys[shared * size + lead]
                if keys[shared * size + card] > best_key:
                    best, best_key = i, keys[shared * size + card]
        elif shared & established == established and keys[established * size + card] > best_key:
            best, best_key = i, keys[established * size + card]
    return established, best
