#!/usr/bin/env python3
"""Plain-Python simulations of Mystique Pillars, Mystique Maze and Clique Mystique played by
their greedy bots: the peer that `reference_greedy_bench` times deckgen's greedy play against.

Written from the rules (MYSTIQUE-GAMES.md: each game's rules, rulings and "Greedy policy"),
not from deckgen's engines or bots, on the standard library alone, as one would write a quick
simulation: cards are (colour, suit, number) tuples, hands are lists, and every seat plays the
greedy policy the rules reference gives, with its ties broken uniformly at random. Usage:
`reference_greedy_games.py GAME GAMES [SEED]`; prints the same JSON line as reference_games.py
(wins per seat, finished games, mean length), so that a reader can see both sides play the
same game.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import sys
from typing import Any, Callable

from reference_games import MYSTIQUE, Outcome

Card = tuple[int, int, int]


# --- Mystique Pillars (2 players): draft from four pillars, then build every card back on

PILLARS, DRAFT_CARDS, PILLARS_CAP = 4, 8, 300


def builds_on(card: Card, top: Card) -> bool:
    """A card may go on a top card sharing exactly two of colour, suit and number with it."""
    return (card[0] == top[0]) + (card[1] == top[1]) + (card[2] == top[2]) == 2


def mystique_pillars(rng: random.Random, players: int = 2) -> Outcome:
    deck = MYSTIQUE[:]
    rng.shuffle(deck)
    height = len(deck) // PILLARS
    pillars = [deck[p * height:(p + 1) * height] for p in range(PILLARS)]  # top card last
    hands: list[list[Card]] = [[] for _ in range(players)]

    def draw(seat: int) -> None:
        """Take the top card other tops could take most, then the one the next seat wants most."""
        following = hands[(seat + 1) % players]
        standing = [p for p in range(PILLARS) if pillars[p]]
        ratings = {}
        for p in standing:
            top = pillars[p][-1]
            ratings[p] = (sum(1 for q in standing if q != p and builds_on(top, pillars[q][-1])),
                          sum(1 for card in following if builds_on(card, top)))
        best = max(ratings.values())
        p = rng.choice([q for q in standing if ratings[q] == best])
        hands[seat].append(pillars[p].pop())
        if not pillars[p]:
            tall = [q for q in range(PILLARS) if len(pillars[q]) >= 2]
            if tall:  # split: the top half of a pillar, order kept, fills the emptied place
                source = pillars[rng.choice(tall)]
                lifted = len(source) // 2
                pillars[p] = source[len(source) - lifted:]
                del source[len(source) - lifted:]

    for turn in range(DRAFT_CARDS * players):
        draw(turn % players)
    seat, turns = 0, 0
    while turns < PILLARS_CAP:
        if not any(pillars):
            return [], turns, True  # nobody can move: finished, no winner
        turns += 1
        hand, following = hands[seat], hands[(seat + 1) % players]
        builds = [(card, p) for p in range(PILLARS) if pillars[p] for card in hand if builds_on(card, pillars[p][-1])]
        if builds:
            safe = [build for build in builds if not any(builds_on(card, build[0]) for card in following)]
            card, p = rng.choice(safe or builds)
            hand.remove(card)
            pillars[p].append(card)
            if not hand:
                return [seat], turns, True
        else:
            draw(seat)
        seat = (seat + 1) % players
    return [], turns, False


# --- Mystique Maze (2 players): collect a chain of connected cards between your two corners

#: Where each value stands on its line: colour yellow-red-blue, suit suns-moons-crowns-arms
#: (the deck's suit order is moons, suns, arms, crowns), number 1-5.
COLOUR_LINE, SUIT_LINE, NUMBER_LINE = (0, 1, 2), (1, 0, 3, 2), (1, 2, 3, 4, 5)
#: Each seat's corners as (colour, suit, number) in the deck's order, seat 0 first.
MAZE_CORNERS = (((0, 1, 1), (2, 2, 5)), ((2, 1, 1), (0, 2, 5)), ((2, 2, 1), (0, 1, 5)), ((0, 2, 1), (2, 1, 5)))
MAZE_HAND, MAZE_CAP = 8, 1000


@functools.cache
def maze_paths(seat: int, players: int) -> list[frozenset[int]]:
    """The inner cards (MYSTIQUE indices) of every shortest path between the seat's corners that
    steps on no corner of another seat in play: each step moves one attribute one place along
    its line."""
    lines = (COLOUR_LINE, SUIT_LINE, NUMBER_LINE)
    start, end = ([line.index(value) for line, value in zip(lines, corner)] for corner in MAZE_CORNERS[seat])
    blocked = {card for other in range(players) if other != seat for card in MAZE_CORNERS[other]}
    paths: list[frozenset[int]] = []

    def walk(place: list[int], inner: list[Card]) -> None:
        if place == end:
            if not blocked & set(inner[:-1]):
                paths.append(frozenset(MYSTIQUE.index(card) for card in inner[:-1]))
            return
        for a in range(3):
            if place[a] != end[a]:
                step = place[:]
                step[a] += 1 if end[a] > place[a] else -1
                walk(step, inner + [(COLOUR_LINE[step[0]], SUIT_LINE[step[1]], NUMBER_LINE[step[2]])])

    walk(start, [])
    return paths


def mystique_maze(rng: random.Random, players: int = 2) -> Outcome:
    paths = [maze_paths(seat, players) for seat in range(players)]
    corners = {MYSTIQUE.index(card) for seat in range(players) for card in MAZE_CORNERS[seat]}
    deck = [card for card in range(len(MYSTIQUE)) if card not in corners]
    rng.shuffle(deck)
    hands = [{deck.pop() for _ in range(MAZE_HAND)} for _ in range(players)]
    discards: list[int] = []
    seat, turns = 0, 0
    while turns < MAZE_CAP:
        turns += 1
        hand, own = hands[seat], paths[seat]
        counts = [len(path & hand) for path in own]
        score = max(counts)
        # take the top discard when it raises the score: when it lies on a best path
        if discards and (not deck or any(discards[-1] in path for path, n in zip(own, counts) if n == score)):
            hand.add(discards.pop())
        else:
            hand.add(deck.pop())
        counts = [len(path & hand) for path in own]
        score = max(counts)
        best = [path for path, n in zip(own, counts) if n == score]
        held = sorted(hand)
        on = [sum(card in path for path in best) for card in held]
        card = rng.choice([card for card, n in zip(held, on) if n == min(on)])
        hand.remove(card)
        discards.append(card)
        if not deck:  # the discards but the top one make a new deck
            deck = discards[:-1]
            rng.shuffle(deck)
            del discards[:-1]
        if max(len(path & hand) for path in own) == MAZE_HAND:
            return [seat], turns, True
        seat = (seat - 1) % players
    return [], turns, False


# --- Clique Mystique (2 players): place cards to form Groups across the opponent's stacks

CLIQUE_RADIUS, CLIQUE_HAND, CLIQUE_MOST_PLACED, CLIQUE_CAP, REPLACE_LIMIT = 3, 7, 3, 300, 3
Cell = tuple[int, int]
#: Every line a Group may stand in: 3, 4 or 5 consecutive cells in a row, column or diagonal.
CLIQUE_LINES = [
    tuple((r + dr * j, c + dc * j) for j in range(k))
    for k in (3, 4, 5) for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1))
    for r in range(-CLIQUE_RADIUS, CLIQUE_RADIUS + 1) for c in range(-CLIQUE_RADIUS, CLIQUE_RADIUS + 1)
    if abs(r + dr * (k - 1)) <= CLIQUE_RADIUS and abs(c + dc * (k - 1)) <= CLIQUE_RADIUS]
LINES_THROUGH: dict[Cell, list[tuple[Cell, ...]]] = {}
for _line in CLIQUE_LINES:
    for _cell in _line:
        LINES_THROUGH.setdefault(_cell, []).append(_line)


def group_weight(tops: list[Card], size: int) -> int:
    """0 unless `tops` (the cards so far of a line of `size`) can still form a Group; for a
    whole line, the Group's tie-break weight (a Clique's constant attributes; 1 a Motley Crew)."""
    colours, suits, numbers = (len({card[a] for card in tops}) for a in range(3))
    count = len(tops)
    if size == 3:
        if colours != count:
            return 0
        constant = (suits == 1) + (numbers == 1)
        return constant or int(suits == count and numbers == count)
    if size == 4:
        return (suits == count) * ((colours == 1) + (numbers == 1))
    return (numbers == count) * ((colours == 1) + (suits == 1))


def clique_mystique(rng: random.Random, players: int = 2) -> Outcome:
    deck = MYSTIQUE[:]
    rng.shuffle(deck)
    # a cell holds [owner, cards bottom first]; the 3x3 start is a checkerboard, seat 1 on the corners
    board: dict[Cell, list[Any]] = {(r, c): [1 if (r + c) % 2 == 0 else 0, [deck.pop()]] for r in (-1, 0, 1) for c in (-1, 0, 1)}
    hands = [[deck.pop() for _ in range(CLIQUE_HAND)] for _ in range(players)]
    streaks, passes, turns, seat = [0, 0], 0, 0, 0

    def top(cell: Cell, placed: dict[Cell, Card]) -> Card:
        return placed[cell] if cell in placed else board[cell][1][-1]

    def turned(placed: dict[Cell, Card], me: int) -> set[Cell]:
        """The opponent stacks of every Group through a placed cell that also holds a stack the
        mover owned and did not cover."""
        found: set[Cell] = set()
        for line in {line for cell in placed for line in LINES_THROUGH[cell]}:
            if all(cell in board or cell in placed for cell in line) \
                    and any(cell in board and board[cell][0] == me and cell not in placed for cell in line) \
                    and group_weight([top(cell, placed) for cell in line], len(line)):
                found.update(cell for cell in line if cell in board and board[cell][0] != me)
        return found

    def placements(me: int) -> list[dict[Cell, Card]]:
        """Every legal placement once: a Group's line with an own stack left uncovered and an
        opponent stack, its empty cells filled and perhaps some own stacks covered."""
        found: dict[frozenset[tuple[Cell, Card]], dict[Cell, Card]] = {}
        for line in CLIQUE_LINES:
            owners = [board[cell][0] if cell in board else -1 for cell in line]
            empty = [cell for cell, owner in zip(line, owners) if owner < 0]
            own = [cell for cell, owner in zip(line, owners) if owner == me]
            if len(empty) > CLIQUE_MOST_PLACED or not own or 1 - me not in owners:
                continue
            for extra in range(min(CLIQUE_MOST_PLACED - len(empty), len(own) - 1) + 1):
                for covered in itertools.combinations(own, extra):
                    cells = empty + list(covered)
                    if not cells:
                        continue
                    kept = [board[cell][1][-1] for cell in line if cell not in cells]

                    def fill(i: int, chosen: list[Card]) -> None:
                        if not group_weight(kept + chosen, len(line)):
                            return
                        if i == len(cells):
                            found.setdefault(frozenset(zip(cells, chosen)), dict(zip(cells, chosen)))
                            return
                        for card in hands[me]:
                            if card not in chosen:
                                fill(i + 1, chosen + [card])

                    fill(0, [])
        return list(found.values())

    def scores() -> list[int]:
        return [sum(len(cards) for owner, cards in board.values() if owner == s) - len(hands[s]) for s in range(players)]

    def fits(card: Card, me: int) -> bool:
        """Whether a hand card could still be part of a Group in a line holding a stack of each
        player and few enough empty cells, on an empty cell or an own stack it may cover."""
        for line in CLIQUE_LINES:
            owners = [board[cell][0] if cell in board else -1 for cell in line]
            if owners.count(-1) > CLIQUE_MOST_PLACED or me not in owners or 1 - me not in owners:
                continue
            for spot, owner in zip(line, owners):
                if owner == 1 - me or (owner == me and owners.count(me) == 1):
                    continue
                others = [board[cell][1][-1] for cell in line if cell != spot and cell in board]
                if group_weight(others + [card], len(line)):
                    return True
        return False

    while turns < CLIQUE_CAP:
        turns += 1
        me, hand = seat, hands[seat]
        options = placements(me)
        if options:
            best = max(options, key=lambda placed: (sum(len(board[c][1]) for c in turned(placed, me)),
                                                    -sum(cell in board for cell in placed)))
            for cell in turned(best, me):
                board[cell][0] = me
            for cell, card in best.items():
                board.setdefault(cell, [me, []])[1].append(card)
                hand.remove(card)
            while len(hand) < CLIQUE_HAND and deck:
                hand.append(deck.pop())
            passes, streaks[me] = 0, 0
        else:
            score = scores()
            unfit = [card for card in hand if not fits(card, me)]
            if (passes and score[me] > score[1 - me]) or not deck or streaks[me] >= REPLACE_LIMIT or not unfit:
                passes, streaks[me] = passes + 1, 0
                if passes == 2:
                    break
            else:  # set the unfit cards aside, draw as many, shuffle them into the deck
                for card in unfit:
                    hand.remove(card)
                hand.extend(deck.pop() for _ in range(min(len(unfit), len(deck))))
                deck.extend(unfit)
                rng.shuffle(deck)
                passes, streaks[me] = 0, streaks[me] + 1
        seat = 1 - seat
    else:
        return [], turns, False
    score = scores()
    if score[0] != score[1]:
        return [score.index(max(score))], turns, True
    ties = [0, 0]  # intact Groups all of one player's stacks: their cards, twice for two constants
    for line in CLIQUE_LINES:
        if all(cell in board for cell in line) and len({board[cell][0] for cell in line}) == 1:
            weight = group_weight([board[cell][1][-1] for cell in line], len(line))
            ties[board[line[0]][0]] += weight * sum(len(board[cell][1]) for cell in line)
    return [s for s in range(players) if ties[s] == max(ties)], turns, True


#: The games by id, each played by two players (its default count, as deckgen simulates it).
GAMES: dict[str, Callable[[random.Random, int], Outcome]] = {
    "mystique-pillars": mystique_pillars, "mystique-maze": mystique_maze, "clique-mystique": clique_mystique}
PLAYERS = 2


def simulate(game: str, games: int, seed: int = 1) -> dict[str, object]:
    """Play `games` games with one random source; the same summary as reference_games.py's."""
    rng = random.Random(seed)
    outcomes = [GAMES[game](rng, PLAYERS) for _ in range(games)]
    done = [(winners, length) for winners, length, finished in outcomes if finished]
    return {"game": game, "players": PLAYERS, "games": games, "finished": len(done),
            "seat_wins": [sum(1 / len(winners) for winners, _ in done if seat in winners) for seat in range(PLAYERS)],
            "mean_turns": sum(length for _, length in done) / len(done) if done else None}


if __name__ == "__main__":
    print(json.dumps(simulate(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1)))
