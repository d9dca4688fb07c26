"""Each seat's own paths between its corners, and how many of a hand's cards lie on each, as
bit planes over the paths (`path_counts`, `best_paths`): what the win test and the greedy bot
read."""

from __future__ import annotations

from deckgen.games.kit.cards import bits_of


class SeatPaths:
    """One seat's own paths: the shortest paths between its corners whose inner cards include
    no corner card of another seat in play. `paths[i]` is the mask of path i's inner cards,
    `member[card]` the mask (over path numbers) of the paths through `card`."""

    def __init__(self, corners: tuple[int, int], paths: list[int], n_cards: int) -> None:
        self.corners = corners
        self.paths = paths
        self.wins: frozenset[int] = frozenset(paths)
        self.full = (1 << len(paths)) - 1
        member = [0] * n_cards
        for number, mask in enumerate(paths):
            bit = 1 << number
            for card in bits_of(mask):
                member[card] |= bit
        self.member = member


def path_counts(member: list[int], cards: list[int]) -> tuple[int, int, int, int]:
    """How many of `cards` lie on each path, as four bit planes over the paths (a bit-sliced
    counter: path i holds p0_i + 2 p1_i + 4 p2_i + 8 p3_i of the cards)."""
    p0 = p1 = p2 = p3 = 0
    for card in cards:
        m = member[card]
        c0 = p0 & m
        p0 ^= m
        c1 = p1 & c0
        p1 ^= c0
        p3 |= p2 & c1
        p2 ^= c1
    return p0, p1, p2, p3


def best_paths(p0: int, p1: int, p2: int, p3: int, full: int) -> tuple[int, int]:
    """The highest count of the planes and the mask of the paths that reach it."""
    best, score = full, 0
    t = best & p3
    if t:
        best, score = t, 8
    t = best & p2
    if t:
        best, score = t, score + 4
    t = best & p1
    if t:
        best, score = t, score + 2
    t = best & p0
    if t:
        best, score = t, score + 1
    return score, best
