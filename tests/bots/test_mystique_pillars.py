"""The greedy Mystique Pillars bot against the policy as MYSTIQUE-GAMES.md words it, worked out
here from the cards' attributes and the legal moves: at every decision of whole games it
makes one of the moves the policy allows, and a tie is broken as `rng.choice` breaks it."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.mystique_pillars import GreedyPillarsBot
from deckgen.games.base import Move
from deckgen.games.mystique_pillars import BUILD, MystiquePillars, PillarsState
from deckgen.games.registry import get_game
from deckgen.sim.play import play_game


@pytest.fixture(scope="module")
def game() -> MystiquePillars:
    found = get_game("mystique-pillars")
    assert isinstance(found, MystiquePillars)
    return found


def fits(game: MystiquePillars, card: int, top: int) -> bool:
    """Whether `card` may be built on `top`: exactly two shared attributes (ruling 2)."""
    a, b = game.deck.cards[card].attrs, game.deck.cards[top].attrs
    return sum(a[name] == b[name] for name in ("colour", "suit", "number")) == 2


def allowed(game: MystiquePillars, state: PillarsState) -> set[Move]:
    """The moves the greedy policy may make here, before its random tie-break."""
    seat = state.current_player
    following = [c for c in range(60) if state.hands[(seat + 1) % state.n_players] >> c & 1]
    moves = state.legal_moves()
    builds = [m for m in moves if m[0] == BUILD]
    if builds:
        safe = [m for m in builds if not any(fits(game, card, m[1]) for card in following)]
        return set(safe or builds)
    tops = {p: pillar[-1] for p, pillar in enumerate(state.pillars) if pillar}
    rating = {p: (sum(fits(game, top, other) for q, other in tops.items() if q != p),
                  sum(fits(game, card, top) for card in following)) for p, top in tops.items()}
    best = max(rating.values())
    return {m for m in moves if rating[m[1]] == best}


@pytest.mark.parametrize("split", ["choose", "largest"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_every_move_of_greedy_games_is_one_the_policy_allows(game: MystiquePillars, players: int, split: str) -> None:
    checked = 0

    def check(state: PillarsState, move: Move) -> None:
        nonlocal checked
        assert move in allowed(game, state), (state.describe_move(move), sorted(allowed(game, state)))
        checked += 1

    for index in range(4):
        play_game(game, players, ["greedy"] * players, seed=11, index=index, options={"split": split}, on_move=check)
    assert checked > 4 * 8 * players


def test_a_draw_takes_the_top_that_builds_on_most_other_tops(game: MystiquePillars) -> None:
    """Building phase, nothing to build: the 2 of red suns fits on two other tops (2 red moons,
    2 yellow suns), the others on one or none, so every seed draws from pillar 0."""
    zones = {"hand/0": ["yellow-moons-5"], "hand/1": ["yellow-arms-4"],
             "pillar/0": ["blue-arms-1", "red-suns-2"], "pillar/1": ["red-moons-2"],
             "pillar/2": ["yellow-suns-2"], "pillar/3": ["blue-crowns-3"]}
    for seed in range(10):
        state = game.position(zones, phase="building")  # type: ignore[arg-type]
        assert GreedyPillarsBot(random.Random(seed), 0).choose(state) == (0, 0, -1)


def test_ties_are_broken_as_random_choice_breaks_them(game: MystiquePillars) -> None:
    """Four equally good builds (none leaves the next seat a build): the bot makes the one
    `rng.choice` picks from them in the legal moves' order, and leaves its source where
    that call leaves it."""
    zones = {"hand/0": ["red-suns-1", "red-suns-3", "blue-moons-1", "blue-moons-3"], "hand/1": ["yellow-arms-5"],
             "pillar/0": ["red-suns-2"], "pillar/1": ["blue-moons-2"], "pillar/2": [], "pillar/3": []}
    for seed in range(20):
        state = game.position(zones, phase="building")  # type: ignore[arg-type]
        builds = [m for m in state.legal_moves() if m[0] == BUILD]
        assert len(builds) == 4
        ours, theirs = random.Random(seed), random.Random(seed)
        assert GreedyPillarsBot(ours, 0).choose(state) == theirs.choice(builds)
        assert ours.getstate() == theirs.getstate()
