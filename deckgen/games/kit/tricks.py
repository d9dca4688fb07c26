"""Trick taking, the parts every trick game shares: which cards a player must play when they
can follow, which card of a trick wins, and the deal a determinization makes when some seats
have shown they lack cards (a void: a seat that did not follow holds no card that follows)."""

from __future__ import annotations

import random
from typing import Sequence

from deckgen.games.kit.chance import shuffled_order


def must_follow(cards: list[int], follows: Sequence[int]) -> list[int]:
    """The cards a player may play: those that follow (`follows[card]` true) if any does,
    else every card (a player who cannot follow plays what they like)."""
    following = [card for card in cards if follows[card]]
    return following or cards


def must_follow_mask(hand: int, following: int) -> int:
    """`must_follow` for hands held as bit masks: the hand's cards in `following` if it holds
    any, else the whole hand."""
    return hand & following or hand


def trick_winner(trick: Sequence[int], among: Sequence[int], by: Sequence[int]) -> int:
    """The position in `trick` (cards in play order) of the winning card: the highest `by`
    among the cards that can win (`among[card]` true), the earliest on a tie; the led card
    when none can."""
    best, winner = 0, -1
    for position, card in enumerate(trick):
        if among[card] and (winner < 0 or by[card] > best):
            best, winner = by[card], position
    return max(winner, 0)


def take_over_winner(trick: Sequence[int], takes: Sequence[Sequence[bool]]) -> int:
    """The position in `trick` (cards in play order, the led card first) of the winning card
    when which card beats which is no order (a cycle of suits): the led card, replaced by
    every later card that takes over from the current winner (`takes[card][winner]`)."""
    best = 0
    for i in range(1, len(trick)):
        if takes[trick[i]][trick[best]]:
            best = i
    return best


def deal_around_voids(cards: list[int], room: list[int], refused: list[int], rng: random.Random) -> list[int] | None:
    """The cards dealt at random into zones of `room[z]` cards each (masks per zone), no zone
    getting a card of its `refused[z]` mask (a seat's voids): the most constrained cards
    first, each to an allowed zone with room, chosen in proportion to its room. None at a dead
    end (deal again, or drop the voids)."""
    order = [cards[i] for i in shuffled_order(len(cards), rng)]
    order.sort(key=lambda c: sum(1 for z in range(len(room)) if not refused[z] >> c & 1))
    left = list(room)
    dealt = [0] * len(room)
    for card in order:
        open_room = [left[z] if not refused[z] >> card & 1 else 0 for z in range(len(room))]
        total = sum(open_room)
        if not total:
            return None
        pick = int(rng.random() * total)
        zone = 0
        while pick >= open_room[zone]:
            pick -= open_room[zone]
            zone += 1
        dealt[zone] |= 1 << card
        left[zone] -= 1
    return dealt
