"""Mystique Pillars' greedy policy (MYSTIQUE-GAMES.md), the report bot's choice, kept with the
engine so that it is compiled with it: bots are interpreted, and this choice is most of the
cost of a greedy game. The bot (deckgen/bots/mystique_pillars.py) hands it its seat and its
random source; an engine never calls it itself.

It reads only what every seat sees: the open hands and the pillar tops.
"""

from __future__ import annotations

import random

from deckgen.games.base import Move
from deckgen.games.kit.chance import choice
from deckgen.games.mystique_pillars.moves import BUILD, BUILDING
from deckgen.games.mystique_pillars.state import PillarsState


def greedy_move(seat: int, rng: random.Random, state: PillarsState) -> Move:
    """Build whenever possible, preferring a card the next seat could not build on in turn;
    otherwise draw the top card that could be built on the most other tops, then the one the
    next seat could build on the most. Ties are drawn from `rng` in the legal moves' order, as
    `rng.choice` draws: one draw for the build, or one for the pillar and one for its split. The
    state comes last, so that a bot binds its seat and source once (`functools.partial`) and the
    play loop calls the compiled function with the state alone."""
    can_build_on = state.game.can_build_on
    following = state.hands[state.next_seat[seat]]
    pillars = state.pillars
    if state.phase == BUILDING:
        hand = state.hands[seat]
        builds: list[Move] = []
        safe: list[Move] = []
        for p, pillar in enumerate(pillars):  # legal_moves' order: pillar by pillar, cards lowest first
            if not pillar:
                continue
            fitting = hand & can_build_on[pillar[-1]]
            while fitting:
                low = fitting & -fitting
                fitting ^= low
                card = low.bit_length() - 1
                move = (BUILD, card, p)
                builds.append(move)
                if not following & can_build_on[card]:
                    safe.append(move)
        if safe:
            return choice(safe, rng)
        if builds:
            return choice(builds, rng)
    tops = [pillar[-1] if pillar else -1 for pillar in pillars]
    # a rating is (tops it builds on, next-seat cards that build on it) as one number: the
    # second part is under 64 (a hand of one deck's cards)
    best = -1
    tied: list[int] = []
    for p, top in enumerate(tops):
        if top < 0:
            continue
        rating = 0
        for q, other in enumerate(tops):
            if q != p and other >= 0 and can_build_on[other] >> top & 1:
                rating += 64
        takers = following & can_build_on[top]
        while takers:
            takers &= takers - 1
            rating += 1
        if rating > best:
            best = rating
            tied = [p]
        elif rating == best:
            tied.append(p)
    return choice(state.draws_from(choice(tied, rng)), rng)
