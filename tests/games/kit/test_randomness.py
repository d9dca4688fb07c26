"""A simulated game's random source: xoshiro128** seeded from a run's splitmix64 sequence."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest

from deckgen.games.kit.chance import shuffle_in_place, shuffled, shuffled_order
from deckgen.games.kit.randomness import (
    GOLDEN_GAMMA,
    MASK32,
    GameRandom,
    Xoshiro128,
    copied,
    run_origin,
    sequence_output,
    splitmix64,
)


def test_splitmix64_gives_its_published_outputs_for_seed_0() -> None:
    outputs = [sequence_output(0, 0, n) for n in range(3)]
    assert [high << 32 | low for high, low in outputs] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_the_sequence_on_32_bit_halves_is_splitmix64_on_whole_numbers() -> None:
    draw = random.Random(3)
    for _ in range(2000):
        origin, position = draw.getrandbits(64), draw.choice([0, 1, draw.getrandbits(20), 2**64 - 1])
        high, low = sequence_output(origin >> 32, origin & MASK32, position)
        assert high << 32 | low == splitmix64(origin + (position + 1) * GOLDEN_GAMMA)


def test_xoshiro128_steps_as_the_reference_does() -> None:
    source = Xoshiro128(1, 2, 3, 4)
    # rotl(2 * 5, 7) * 9 = 11520; the state then moves as the reference's xor and shift steps say.
    assert source.next32() == 11520 and source.words() == (7, 0, 1026, 12288)
    with pytest.raises(ValueError):
        Xoshiro128(0, 0, 0, 0)


def test_runs_and_games_get_sources_of_their_own() -> None:
    origins = {run_origin(seed) for seed in (-2, -1, 0, 1, 2, 2**64, 2**64 + 1)}
    assert len(origins) == 7
    origin = run_origin(5)
    firsts = {GameRandom.of_run(origin, game, stream).random() for game in range(200) for stream in (0, 1)}
    assert len(firsts) == 400
    assert GameRandom.of_run(origin, 7, 1).getstate() == GameRandom.of_run(origin, 7, 1).getstate()


def test_draws_are_uniform() -> None:
    rng = GameRandom(11)
    floats = [rng.random() for _ in range(20000)]
    assert all(0 <= x < 1 for x in floats) and abs(sum(floats) / len(floats) - 0.5) < 0.01
    bits = Counter(rng.getrandbits(3) for _ in range(16000))
    assert set(bits) == set(range(8)) and all(1800 < count < 2200 for count in bits.values())
    wide = [rng.getrandbits(70) for _ in range(2000)]
    assert max(wide) < 2**70 and max(wide) > 2**69
    assert rng.getrandbits(0) == 0


def test_shuffles_are_permutations_each_order_equally_likely() -> None:
    rng = GameRandom(4)
    orders = Counter(tuple(shuffled_order(3, rng)) for _ in range(12000))
    assert len(orders) == 6 and all(1800 < count < 2200 for count in orders.values())
    cards = list(range(40))
    again = copy.copy(rng)
    shuffle_in_place(cards, rng)
    assert sorted(cards) == list(range(40)) and cards == shuffled(list(range(40)), again)


def test_it_keeps_the_random_api_and_its_state() -> None:
    rng = GameRandom(9)
    assert isinstance(rng, random.Random)
    state = rng.getstate()
    draws = [rng.randrange(10), rng.choice("abcdef"), rng.sample(range(20), 3), rng.gauss(0, 1), rng.uniform(1, 2)]
    rng.setstate(state)
    assert [rng.randrange(10), rng.choice("abcdef"), rng.sample(range(20), 3), rng.gauss(0, 1),
            rng.uniform(1, 2)] == draws
    for make in (copy.copy, copied, lambda source: pickle.loads(pickle.dumps(source))):
        twin = make(rng)
        ahead = [twin.random() for _ in range(3)]
        assert twin is not rng and [rng.random() for _ in range(3)] == ahead
    rng.seed(9)
    assert rng.getstate() == GameRandom(9).getstate()
    with pytest.raises(ValueError):
        rng.setstate(random.Random(1).getstate())


def test_copied_copies_a_mersenne_twister_too() -> None:
    twister = random.Random(3)
    twin = copied(twister)
    assert type(twin) is random.Random and [twin.random() for _ in range(3)] == [twister.random() for _ in range(3)]
