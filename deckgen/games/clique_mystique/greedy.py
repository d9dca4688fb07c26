"""Clique Mystique's greedy policy (MYSTIQUE-GAMES.md), the choice of the greedy bot
(deckgen/bots/clique_mystique.py), which is also the game's report bot: kept with the engine
so that it is compiled with it, since the build's fairness report plays some 3,400 greedy
games. The bot hands it its seat; an engine never calls it itself.
"""

from __future__ import annotations

from typing import Final

from deckgen.games.base import Move
from deckgen.games.clique_mystique.board import could_complete
from deckgen.games.clique_mystique.moves import PASS_MOVE, REPLACE
from deckgen.games.clique_mystique.state import CliqueState
from deckgen.games.kit.cards import bits_of

#: Replacing this many turns in a row makes the bot pass instead.
REPLACE_LIMIT: Final = 3


def greedy_move(seat: int, state: CliqueState) -> Move:
    """The placement turning the most cards, then covering the fewest of this seat's stacks,
    the first in the engine's order; without one, a pass when leading after the opponent's
    pass, when the deck is empty or after REPLACE_LIMIT replacements in a row; else the
    replacement of every hand card that fits no candidate line, or a pass when all fit. The
    state comes last, so that a bot binds its seat once (`functools.partial`)."""
    placements = state.placements()
    if placements:
        mine = state.own[seat]
        best: Move = placements[0]
        best_turned, best_covered = -1, 0
        for move, turned in zip(placements, state.placement_gains()):
            if turned < best_turned:
                continue  # cannot beat the best, whatever it covers
            covered = 0
            for j in range(1, len(move), 2):
                covered += mine >> move[j] & 1
            if turned > best_turned or covered < best_covered:
                best, best_turned, best_covered = move, turned, covered
        return best
    scores = state.scores()
    if state.passes and scores[seat] > scores[1 - seat]:
        return PASS_MOVE
    if not state.draw or state.replace_streak[seat] >= REPLACE_LIMIT:
        return PASS_MOVE
    unfit = state.hands[seat] & ~fitting_cards(state, seat)
    if not unfit:
        return PASS_MOVE
    return (REPLACE, *bits_of(unfit))


def fitting_cards(state: CliqueState, seat: int) -> int:
    """The mask of `seat`'s hand cards that fit some candidate line: a line holding a stack of
    each player and at most the most cards placed empty, where the card on one of its empty
    cells or own stacks (one of several) could still complete a Group."""
    game, geo = state.game, state.game.geometry
    mine, theirs = state.own[seat], state.own[1 - seat]
    occupied = mine | theirs
    hand = bits_of(state.hands[seat])
    colours, suits = game.colours, game.suits
    akey, top = game.akey, state.top
    fit = 0
    for number, mask in enumerate(geo.line_masks):
        if not (mask & mine and mask & theirs) or (mask & ~occupied).bit_count() > game.max_placed:
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
