"""Mystique Circle's greedy policy (MYSTIQUE-GAMES.md), the choice of the greedy bot
(deckgen/bots/mystique_circle.py), kept with the engine so that it is compiled with it: the
hole, weighed over every set of hand cards, was most of a greedy game's cost interpreted. The
bot hands it its seat and random source; an engine never calls it itself.

It reads only the seat's own hand, the tricks won and bid, and the trick on the table.
"""

from __future__ import annotations

import random
from itertools import combinations

from deckgen.games.base import Move
from deckgen.games.kit.tricks import must_follow
from deckgen.games.mystique_circle.state import CircleState
from deckgen.games.mystique_circle.tricks import HOLE_PHASE


def greedy_move(seat: int, rng: random.Random, state: CircleState) -> Move:
    """The hole in the hole phase, else a card to the trick. The state comes last, so that a
    bot binds its seat and source once (`functools.partial`)."""
    if state.phase == HOLE_PHASE:
        return greedy_hole(seat, rng, state)
    return greedy_card(seat, state)


def greedy_hole(seat: int, rng: random.Random, state: CircleState) -> Move:
    """Of every hole (in `legal_moves`' order), one whose bid is closest to the high cards kept
    (numbered 4 or 5; with 2 players the 5s), then with the lowest sum of numbers; ties drawn
    with one `rng.random()`."""
    game = state.game
    number, bid_value = game.number, game.bid_value
    hand = state.hands[seat]
    high = 5 if state.n_players == 2 else 4
    # per hand position: its bid plus one per high card (a high card in the hole is one
    # fewer kept), and its number
    weight = [bid_value[card] + (number[card] >= high) for card in hand]
    numbers = [number[card] for card in hand]
    high_in_hand = sum(1 for card in hand if number[card] >= high)
    best: list[Move] = []
    best_gap = best_sum = 1 << 30
    for hole in combinations(range(len(hand)), state.hole_size):
        gap = -high_in_hand
        total = 0
        for position in hole:
            gap += weight[position]
            total += numbers[position]
        gap = abs(gap)
        if gap < best_gap or (gap == best_gap and total < best_sum):
            best_gap, best_sum = gap, total
            best = [tuple([hand[position] for position in hole])]
        elif gap == best_gap and total == best_sum:
            best.append(tuple([hand[position] for position in hole]))
    return best[int(rng.random() * len(best))]


def greedy_card(seat: int, state: CircleState) -> Move:
    """Short of its bid, the lowest card that becomes the current winner; at its bid, the
    highest that does not; else the lowest legal card ("lowest": by number, then card order).
    Leading, the lowest card."""
    number = state.game.number
    hand = state.hands[seat]
    legal = must_follow(hand, state.in_colour[state.colour[state.trick[0]]]) if state.trick else hand
    by_number = sorted(legal, key=lambda card: (number[card], card))
    lowest = state.card_moves[by_number[0]]
    if not state.trick:
        return lowest
    takes, winner = state.takes, state.winner_card
    if state.tricks[seat] < state.bids[seat]:
        for card in by_number:
            if takes[card][winner]:
                return state.card_moves[card]
        return lowest
    losing = [card for card in by_number if not takes[card][winner]]
    return state.card_moves[losing[-1]] if losing else lowest
