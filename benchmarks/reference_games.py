#!/usr/bin/env python3
"""Plain-Python simulations of five shipped games with random players: the peer that
`reference_bench` times deckgen against.

Written from the rules (MYSTIQUE-GAMES.md, RULINGS.md and the games' rule files), not from
deckgen's engines, and on the standard library alone, the way one would write a quick
simulation of one game: one function per game plays one game with a uniformly random
choice among the legal moves (each game's "one move" is the rules reference's) and returns
the winners and the turns. Usage: `reference_games.py GAME GAMES [SEED]`; prints one JSON
line with the wins per seat, the finished games and the mean length, so that a reader can
see the two simulate the same game.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Callable

Outcome = tuple[list[int], int, bool]
"""The winners, the turns played and whether the game finished (rather than hit the cap)."""

# --- the Mystique deck: colour (3) x suit (4) x number (1-5); card number 15 suit + 5 colour + number

MYSTIQUE = [(colour, suit, number) for suit in range(4) for colour in range(3) for number in range(1, 6)]
BLUE, SUNS = 2, 1


def card_number(card: tuple[int, int, int]) -> int:
    colour, suit, number = card
    return 15 * suit + 5 * colour + number


# --- Zoomies (Mirror Deck, 4 players): three rounds of tricks, second place wins

MIRROR = [(10 * a + b, 10 * b + a) for a in range(10) for b in range(a + 1, 10)] + [(11 * d, 11 * d) for d in range(1, 10)]


def zoomies(rng: random.Random, players: int = 4) -> Outcome:
    deck = MIRROR[:]
    rng.shuffle(deck)
    del deck[:2]  # two cards set aside unseen
    leader = rng.randrange(players)
    points = [0] * players
    turns = 0
    for hand_size, trick_points in ((5, 1), (4, 2), (4, 3)):
        hands = [[deck.pop() for _ in range(hand_size)] for _ in range(players)]
        for _ in range(hand_size):
            shown: list[int] = []
            high = True
            for offset in range(players):
                seat = (leader + offset) % players
                hand = hands[seat]
                # One move per card and number; a double has one number, and led it sets the goal.
                moves = [(card, n) for card in hand for n in ((0, 1) if offset == 0 or card[0] != card[1] else (0,))]
                card, n = moves[rng.randrange(len(moves))]
                hand.remove(card)
                if offset == 0:
                    high = n == 1
                elif card[0] == card[1]:
                    high = not high
                shown.append(max(card) if n == 1 else min(card))
                turns += 1
            best = max(shown) if high else min(shown)
            leader = (leader + shown.index(best)) % players
            points[leader] += trick_points
    top = max(points)
    rest = [p for p in points if p != top]
    if not rest:
        return list(range(players)), turns, True
    return [seat for seat in range(players) if points[seat] == max(rest)], turns, True


# --- Mystique Chain (2 players): extend the chain on the declared attribute or lose

def mystique_chain(rng: random.Random, players: int = 2) -> Outcome:
    deck = MYSTIQUE[:]
    rng.shuffle(deck)
    pool, drawn = deck[:30], deck[30:32]
    opener = 0 if card_number(drawn[0]) > card_number(drawn[1]) else 1
    top = drawn[opener]
    declarable = [a for a in range(3) if any(card[a] == top[a] for card in pool)]
    declared = declarable[rng.randrange(len(declarable))]
    mover, turns = 1 - opener, 1
    while True:
        matching = [card for card in pool if card[declared] == top[declared]]
        if not matching:
            return [1 - mover], turns, True
        pick = rng.randrange(3 * len(matching))
        top, declared = matching[pick // 3], pick % 3
        pool.remove(top)
        mover, turns = 1 - mover, turns + 1


# --- Up and Down (2 players, one deck): play on the centre pile uphill or downhill

def up_and_down(rng: random.Random, players: int = 2) -> Outcome:
    deck = MYSTIQUE[:]
    rng.shuffle(deck)
    size = len(deck) // players
    piles = [deck[seat * size:(seat + 1) * size] for seat in range(players)]
    hands = [[pile.pop() for _ in range(4)] for pile in piles]
    centre: list[tuple[int, int, int]] = []

    def play(seat: int, card: tuple[int, int, int]) -> bool:
        """Play a card and refill; True when the pile was empty (the seat wins)."""
        hands[seat].remove(card)
        centre.append(card)
        if not piles[seat]:
            return True
        hands[seat].append(piles[seat].pop())
        return False

    def start() -> tuple[int, bool]:
        seat, card = max(((s, c) for s in range(players) for c in hands[s]), key=lambda sc: card_number(sc[1]))
        return seat, play(seat, card)

    starter, won = start()
    if won:
        return [starter], 0, True
    seat, uphill, passes, flipped, turns = (starter + 1) % players, True, 0, False, 0
    while turns < 1000:
        colour, suit, number = centre[-1]
        legal = [c for c in hands[seat] if (c[0] == colour or c[1] == suit) and (c[2] >= number if uphill else c[2] <= number)]
        turns += 1
        if legal:
            passes, flipped = 0, False
            if play(seat, legal[rng.randrange(len(legal))]):
                return [seat], turns, True
        else:
            passes += 1
            if passes == players:
                passes = 0
                if flipped:
                    flipped, uphill = False, True
                    seat, won = start()
                    if won:
                        return [seat], turns, True
                else:
                    flipped, uphill = True, not uphill
        seat = (seat + 1) % players
    return [], turns, False


# --- Mystique Guilds (2 players): draw or buy; control colour-suit guilds by their numbers

def mystique_guilds(rng: random.Random, players: int = 2) -> Outcome:
    deck = MYSTIQUE[:]
    rng.shuffle(deck)
    hands: list[list[tuple[int, int, int]]] = [[] for _ in range(players)]
    discard: list[tuple[int, int, int]] = []
    seat, turns = 0, 0
    while deck and turns < 500:
        hand = hands[seat]
        # The moves: draw from the deck, take the discard's top, or buy with a hand card for k cards.
        buys = [(card, k) for card in hand for k in range(min(card[2], len(deck)) + 1)]
        pick = rng.randrange(1 + bool(discard) + len(buys))
        if pick == 0:
            hand.append(deck.pop())
        elif pick == 1 and discard:
            hand.append(discard.pop())
        else:
            card, k = buys[pick - 1 - bool(discard)]
            hand.remove(card)
            hand.extend(deck.pop() for _ in range(k))
            discard.append(card)
        seat, turns = (seat - 1) % players, turns + 1
    if deck:
        return [], turns, False
    points = [0] * players
    for colour in range(3):
        for suit in range(4):
            totals = [sum(c[2] for c in hand if c[0] == colour and c[1] == suit) for hand in hands]
            if totals.count(max(totals)) == 1:
                points[totals.index(max(totals))] += 2 if (colour, suit) == (BLUE, SUNS) else 1
    best = max((points[s], -len(hands[s])) for s in range(players))
    return [s for s in range(players) if (points[s], -len(hands[s])) == best], turns, True


# --- Mismatch (2 players, short game): duels of the top cards, colour bonus, ties add to the pot

MISMATCH = [(value, colour) for colour in range(4) for value in (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 11, 12, 13)]


def mismatch(rng: random.Random, players: int = 2) -> Outcome:
    cards = MISMATCH[:]
    rng.shuffle(cards)
    decks = [cards[seat::players] for seat in range(players)]  # top card last
    won: list[list[tuple[int, int]]] = [[] for _ in range(players)]

    def strength(card: tuple[int, int], other: tuple[int, int]) -> int:
        """A card's value, plus one against the next colour of red, blue, yellow, green."""
        return card[0] + ((card[1] + 1) % 4 == other[1])

    def draw(seat: int) -> tuple[int, int]:
        if not decks[seat]:
            rng.shuffle(won[seat])
            decks[seat], won[seat] = won[seat], []
        return decks[seat].pop()

    a, turns = 0, 0
    while turns < 25000:
        b = 1 - a
        put = [[draw(a)], [draw(b)]]
        turns += 1
        while True:
            gap = strength(put[0][-1], put[1][-1]) - strength(put[1][-1], put[0][-1])
            if gap:
                winner = a if gap > 0 else b
                won[winner] += put[0] + put[1]
                break
            left = [len(decks[s]) + len(won[s]) for s in (a, b)]
            if not left[0] or not left[1]:
                if left[0] or left[1]:
                    won[a if left[0] else b] += put[0] + put[1]
                else:  # both ran dry: each takes back what it put in
                    won[a] += put[0]
                    won[b] += put[1]
                break
            for side, seat in enumerate((a, b)):
                put[side] += [draw(seat) for _ in range(min(left[side], 3))]
        out = [seat for seat in range(players) if not decks[seat] and not won[seat]]
        if out:
            return [seat for seat in range(players) if seat not in out], turns, True
        a = b
    return [], turns, False


GAMES: dict[str, tuple[Callable[[random.Random, int], Outcome], int]] = {
    "zoomies": (zoomies, 4),
    "mystique-chain": (mystique_chain, 2),
    "up-and-down": (up_and_down, 2),
    "mystique-guilds": (mystique_guilds, 2),
    "mismatch": (mismatch, 2),
}


def simulate(game: str, games: int, seed: int = 1) -> dict[str, object]:
    """Play `games` games with one random source and sum up what both simulators report."""
    play, players = GAMES[game]
    rng = random.Random(seed)
    wins, finished, turns = [0.0] * players, 0, 0
    for _ in range(games):
        winners, length, done = play(rng, players)
        if done:
            finished += 1
            turns += length
            for seat in winners:
                wins[seat] += 1 / len(winners)
    return {"game": game, "players": players, "games": games, "finished": finished, "seat_wins": wins,
            "mean_turns": turns / finished if finished else None}


if __name__ == "__main__":
    print(json.dumps(simulate(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1)))
