"""Mirrorquest's `random_move`: it must draw uniformly from exactly `legal_moves()`.

The random bot plays through this sampler, so these tests prove it three ways on states
reached in seeded playouts: every drawn move is legal, the number of moves it counts is
the length of the move list, and on states with short lists a chi-square test accepts the
drawn frequencies as uniform. Each kind of set-play block (recipe, card by card, covered
subsets, restricted last card, capped size) is also checked against `set_moves` directly.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from deckgen.games.registry import get_game
from deckgen.sim.play import play_game
from deckgen.games.mirrorquest import (
    FORCED,
    NO_LIMIT,
    NORMAL,
    PICTURE,
    PLAY,
    Mirrorquest,
    MirrorquestState,
    sample_set,
    set_count,
)


@pytest.fixture(scope="module")
def game() -> Mirrorquest:
    engine = get_game("mirrorquest")
    assert isinstance(engine, Mirrorquest)
    return engine


def snapshot(state: MirrorquestState) -> MirrorquestState:
    """A copy that later moves of the game do not change."""
    copied = copy.copy(state)
    copied.hands = list(state.hands)
    copied.counts = list(state.counts)
    copied.pile = list(state.pile)
    copied.discard = list(state.discard)
    return copied


def reached_states(
    game: Mirrorquest, players: int, games: int, seed: int, reshuffled: bool = False, **options: object
) -> list[MirrorquestState]:
    """Every state met in seeded random games; with `reshuffled`, as if the pile had been
    reshuffled already (colour sets unlocked), the case with the most overlapping plays."""
    states: list[MirrorquestState] = []

    def keep(state: MirrorquestState, move: object) -> None:
        copied = snapshot(state)
        copied.reshuffled = copied.reshuffled or reshuffled
        states.append(copied)

    for index in range(games):
        play_game(game, players, ["random"] * players, seed=seed, index=index, options=options, on_move=keep)  # type: ignore[arg-type]
    return states


@pytest.mark.parametrize(
    ("players", "reshuffled", "options"),
    [(2, False, {}), (4, False, {}), (4, True, {}), (6, False, {"call_miss_rate": 0.5}), (8, True, {})],
)
def test_counts_match_and_every_drawn_move_is_legal(
    game: Mirrorquest, players: int, reshuffled: bool, options: dict[str, object]
) -> None:
    rng = random.Random(players)
    states = reached_states(game, players, 40, seed=31 + players, reshuffled=reshuffled, **options)
    assert len(states) > 800
    phases: Counter = Counter()
    for state in states:
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        assert state.move_count() == len(moves), f"phase {state.phase}: counted {state.move_count()} of {len(moves)}"
        legal = set(moves)
        for _ in range(4):
            assert state.random_move(rng) in legal
        phases[state.phase] += 1
    assert phases[NORMAL] and phases[FORCED]


#: Draws per legal move in the uniformity tests.
PER_MOVE = 200


def uniformity_p_value(state: MirrorquestState, rng: random.Random) -> float:
    moves = state.legal_moves()
    drawn = Counter(state.random_move(rng) for _ in range(PER_MOVE * len(moves)))
    assert set(drawn) <= set(moves)
    return float(chisquare([drawn[m] for m in moves]).pvalue)


def multi_card_plays(state: MirrorquestState) -> bool:
    return any(m[0] == PLAY and len(m) > 4 for m in state.legal_moves())  # type: ignore[index]


@pytest.mark.parametrize("reshuffled", [False, True])
def test_draws_are_uniform_on_short_move_lists(game: Mirrorquest, reshuffled: bool) -> None:
    """States whose lists hold 3-60 moves, favouring those with multi-card plays (drawn by
    rejection inside a set) and forced answers (catch-up sets with covered subsets)."""
    states = [s for s in reached_states(game, 4, 60, seed=5, reshuffled=reshuffled) if 3 <= len(s.legal_moves()) <= 60]
    chosen = [s for s in states if multi_card_plays(s)][:25]
    chosen += [s for s in states if s.phase == FORCED and multi_card_plays(s)][:10]
    chosen += [s for s in states if not multi_card_plays(s)][:10]
    assert len(chosen) >= 35
    rng = random.Random(99)
    # Seeded, so the outcome is fixed; a threshold of 1e-4 over some 45 tests leaves a fair
    # sampler a small chance of failing for any seed, while a biased one fails at once.
    low = [(i, p) for i, state in enumerate(chosen) if (p := uniformity_p_value(state, rng)) < 1e-4]
    assert not low, f"non-uniform draws (state, p-value): {low}"


def test_a_biased_sampler_would_be_caught(game: Mirrorquest) -> None:
    """The uniformity check has teeth: with as many draws, a list with one move doubled fails it."""
    state = next(s for s in reached_states(game, 4, 10, seed=5) if 10 <= len(s.legal_moves()) <= 40)
    moves = state.legal_moves()
    rng = random.Random(3)
    biased = moves + [moves[-1]]
    drawn = Counter(biased[int(rng.random() * len(biased))] for _ in range(PER_MOVE * len(moves)))
    assert chisquare([drawn[m] for m in moves]).pvalue < 1e-4


@pytest.mark.parametrize(
    ("size", "lasts", "min_size", "max_size", "covered", "effects"),
    [
        (3, 3, 1, NO_LIMIT, (), True),  # a location match: drawn from the cached recipe
        (7, 7, 1, NO_LIMIT, (), False),  # a symbol match too big for a recipe: a last card and a subset
        (4, 4, 1, NO_LIMIT, (0b0011,), False),  # a symbol match partly inside the location match
        (5, 2, 2, NO_LIMIT, (0b00111,), False),  # a catch-up set: the last card of the declared colour
        (5, 5, 1, NO_LIMIT, (0b00011, 0b01100), False),  # colour sets after a reshuffle
        (5, 5, 1, 3, (0b00110, 0b00011), False),  # capped sets, covered masks overlapping: card by card
    ],
)
def test_sample_set_is_uniform_over_exactly_set_moves(
    game: Mirrorquest,
    size: int,
    lasts: int,
    min_size: int,
    max_size: int,
    covered: tuple[int, ...],
    effects: bool,
) -> None:
    """Each block kind the sampler draws from, against the move list set_moves builds:
    the same count, every list move drawn and nothing else, uniformly."""
    t = game.table
    pictures = [c for c in range(len(t.ids)) if t.kind[c] == PICTURE][5 : 5 + 2 * size : 2]

    def mask_of(pattern: int) -> int:
        return sum(1 << c for j, c in enumerate(pictures) if pattern >> j & 1)

    mask, last_mask = mask_of((1 << size) - 1), mask_of((1 << lasts) - 1)
    cover_masks = tuple(mask_of(p) for p in covered)
    moves = t.set_moves(mask, min_size, max_size, last_mask, cover_masks, effects)
    assert len(set(moves)) == len(moves) == set_count(mask, last_mask, min_size, max_size, cover_masks, effects)
    rng = random.Random(size)
    drawn = Counter(
        sample_set(rng.random, mask, last_mask, min_size, max_size, cover_masks, effects)
        for _ in range(PER_MOVE * len(moves))
    )
    assert set(drawn) == set(moves)
    assert chisquare([drawn[m] for m in moves]).pvalue > 1e-4
