"""The greedy Clique Mystique bot, as MYSTIQUE-GAMES.md's greedy policy describes it.

With a legal placement it plays the one that turns the most cards (every card of each turned
stack) to it, then the one covering the fewest of its own stacks (leaving the most earlier
stacks uncovered); ties keep the engine's move order. Without one it passes when it leads
and the opponent has just passed (which ends the game with its win), or when the deck is
empty or it has replaced on each of its last three turns; otherwise it replaces the hand
cards that fit no candidate line (a line holding a stack of each player and at most three
empty cells, where the card on one of its empty cells or own stacks could still belong to a
Group), and passes when every card fits one.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.clique_mystique import PASS_MOVE, REPLACE, CliqueState
from deckgen.games.clique_mystique.board import could_complete
from deckgen.games.kit.cards import bits_of

#: Replacing this many turns in a row makes the bot pass instead.
REPLACE_LIMIT = 3


def fitting_cards(state: CliqueState, seat: int) -> int:
    """The mask of `seat`'s hand cards that fit some candidate line."""
    game, geo = state.game, state.game.geometry
    mine, theirs = state.own[seat], state.own[1 - seat]
    occupied = mine | theirs
    hand = bits_of(state.hands[seat])
    colours, suits = game.colours, game.suits
    akey, top = game.akey, state.top
    fit = 0
    for number, mask in enumerate(geo.line_masks):
        if not (mask & mine and mask & theirs) or (mask & ~occupied).bit_count() > game.params.max_cards_placed:
            continue
        cells = geo.lines[number]
        own_count = (mask & mine).bit_count()
        for spot in cells:
            if occupied >> spot & 1 and not (mine >> spot & 1 and own_count > 1):
                continue
            key, count = 0, 1
            for c in cells:
                if c != spot and occupied >> c & 1:
                    key |= akey[top[c]]
                    count += 1
            for card in hand:
                if not fit >> card & 1 and could_complete(len(cells), key | akey[card], count, colours, suits):
                    fit |= 1 << card
    return fit


class GreedyCliqueBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat

    def choose(self, state: CliqueState) -> Move:
        me = self.seat
        placements = state.placements()
        if placements:
            mine = state.own[me]
            best: Move = placements[0]
            best_key = (-1, 0)
            for move, turned in zip(placements, state.placement_gains()):
                if turned < best_key[0]:
                    continue  # cannot beat the best, whatever it covers
                covered = sum(1 for j in range(1, len(move), 2) if mine >> move[j] & 1)
                key = (turned, -covered)
                if key > best_key:
                    best, best_key = move, key
            return best
        scores = state.scores()
        if state.passes and scores[me] > scores[1 - me]:
            return PASS_MOVE
        if not state.draw or state.replace_streak[me] >= REPLACE_LIMIT:
            return PASS_MOVE
        unfit = state.hands[me] & ~fitting_cards(state, me)
        if not unfit:
            return PASS_MOVE
        return (REPLACE, *bits_of(unfit))


register_bot("clique-mystique", "greedy", GreedyCliqueBot)
