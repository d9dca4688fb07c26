"""Mystique Chain's greedy policy, the choice of the greedy bot (deckgen/bots/mystique_chain.py),
kept with the engine so that it is compiled with it: the bot looked two moves ahead through
copies of the state, some 15 ms a game in a build's fairness duel. Here the look-ahead reads
the pool masks directly, with no copy made; the bot hands it its random source, and an engine
never calls it itself.

Everything is public, so the policy reads the whole state.
"""

from __future__ import annotations

import random

from deckgen.games.base import Move
from deckgen.games.kit.chance import choice
from deckgen.games.mystique_chain.state import ChainState


def greedy_move(rng: random.Random, state: ChainState) -> Move:
    """A move after which no pool card matches (a win), the first in the legal moves' order;
    otherwise one that leaves the opponent the fewest matching pool cards, ties going to the
    one whose worst reply leaves this seat the most cards to follow with, then to one drawn
    from `rng` in the legal moves' order as `rng.choice` draws. The state comes last, so that
    a bot binds its source once (`functools.partial`)."""
    tables = state.game
    masks = tables.exact_masks if state.exactly_one else tables.match_masks
    pool = state.pool
    top = state.discard[-1]
    # A candidate is (card played or -1, attribute declared), in legal_moves' order: the
    # opener's declarations, or each matching card lowest first with its three declarations.
    candidates: list[tuple[int, int]] = []
    if state.declared < 0:
        candidates = [(-1, attribute) for attribute in range(3) if pool & masks[top][attribute]]
    else:
        matching = pool & masks[top][state.declared]
        while matching:
            low = matching & -matching
            matching ^= low
            card = low.bit_length() - 1
            candidates += [(card, 0), (card, 1), (card, 2)]
    best_left = 1 << 30
    best_worst = -1
    tied: list[Move] = []
    for card, attribute in candidates:
        pool_after = pool if card < 0 else pool ^ (1 << card)
        following = pool_after & masks[top if card < 0 else card][attribute]
        move: Move = (attribute,) if card < 0 else tables.plays[card][attribute]
        if not following:
            return move
        left = following.bit_count()
        worst = _fewest_after_reply(masks, pool_after, following)
        if left < best_left or (left == best_left and worst > best_worst):
            best_left, best_worst = left, worst
            tied = [move]
        elif left == best_left and worst == best_worst:
            tied.append(move)
    return choice(tied, rng)


def _fewest_after_reply(masks: list[list[int]], pool: int, replies: int) -> int:
    """Over every reply (a card of `replies` with any declaration), the fewest pool cards that
    would then match for this seat. A card's masks never hold the card itself, so the reply
    card's leaving the pool does not change what follows it."""
    worst = 1 << 30
    while replies:
        low = replies & -replies
        replies ^= low
        for follow in masks[low.bit_length() - 1]:
            worst = min(worst, (pool & follow).bit_count())
        if not worst:
            break
    return worst
