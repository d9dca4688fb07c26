"""Patterns of one colour, by how many cards of each number a hand holds: n of a kind
(any non-empty set of one number) and runs (one card of each of two or more consecutive
numbers), in categories sorted by value, so a random or a checked move never lists every
subset of a hand."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from math import comb

from deckgen.games.kit.cards import bits_of

PASS: Final = -1
PASS_MOVE: Final[tuple[int]] = (PASS,)
PLAYERS: Final = 4
#: COMBOS[n][k]: the k-sets of positions 0..n-1 in `combinations` order (n up to the suits).
COMBOS: Final = [[list(combinations(range(n), k)) for k in range(n + 1)] for n in range(9)]


def nth_bit(mask: int, n: int) -> int:
    """The n-th lowest set bit of a mask (from 0), as a mask."""
    for _ in range(n):
        mask &= mask - 1
    return mask & -mask


class PatternTable:
    """The patterns a holding of one colour allows, in categories (an n of a kind of one
    number and size, or a run from one number to another), sorted by value; ties keep the
    order they are made in: kinds by number and size, then runs by first and last number.
    `starts[k]` is how many patterns come before category k (the last entry: all of them)."""

    def __init__(self, numbers: list[int], counts: list[int]) -> None:
        found: list[tuple[int, bool, int, int, int]] = []
        for index, count in enumerate(counts):
            for size in range(1, count + 1):
                found.append((numbers[index] * size, False, index, size, comb(count, size)))
        for first in range(len(counts)):
            value, patterns = numbers[first], counts[first]
            for last in range(first + 1, len(counts)):
                if not counts[last] or numbers[last] != numbers[last - 1] + 1:
                    break
                value += numbers[last]
                patterns *= counts[last]
                if patterns:
                    found.append((value, True, first, last, patterns))
        found.sort(key=lambda entry: entry[0])
        self.values = [entry[0] for entry in found]
        self.runs = [entry[1] for entry in found]
        self.firsts = [entry[2] for entry in found]
        self.seconds = [entry[3] for entry in found]
        self.starts = [0]
        for entry in found:
            self.starts.append(self.starts[-1] + entry[4])
        self.total = self.starts[-1]
        #: Cards in each category's patterns; the categories of the most cards at the lowest
        #: value among them (an n of a kind and a run may tie: three 2s and 1-2-3).
        self.sizes = [second - first + 1 if run else second
                      for run, first, second in zip(self.runs, self.firsts, self.seconds)]
        most = max(self.sizes, default=0)
        lowest = min((v for v, size in zip(self.values, self.sizes) if size == most), default=0)
        self.longest = [k for k, size in enumerate(self.sizes) if size == most and self.values[k] == lowest]


def unrank(held: int, table: PatternTable, category: int, offset: int, number_masks: list[int]) -> int:
    """The offset-th pattern of `held` in one category of its table, as a mask: in
    `combinations` order for an n of a kind, `product` order for a run (as the move list)."""
    first, second = table.firsts[category], table.seconds[category]
    if table.runs[category]:
        mask = 0
        for step in range(second, first - 1, -1):
            group = held & number_masks[step]
            size = group.bit_count()
            mask |= nth_bit(group, offset % size)
            offset //= size
        return mask
    group = held & number_masks[first]
    size = group.bit_count()
    if second == size:
        return group
    if second == 1:
        return nth_bit(group, offset)
    cards = bits_of(group)
    mask = 0
    for position in COMBOS[size][second][offset]:
        mask |= 1 << cards[position]
    return mask
