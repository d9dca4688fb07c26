"""The random source of a simulated game: cheap to seed, so that every game of a run can have
sources of its own.

`random.Random` seeds its Mersenne Twister by mixing 624 words, which cost a tenth to a
quarter of a short game, twice a game. A game's sources are instead xoshiro128** generators
(Blackman and Vigna, 2018: 128 bits of state, period 2^128 - 1, passes BigCrush), each seeded,
as its authors advise, with two outputs of splitmix64 (Steele, Lea and Flood, 2014, the
generator of Java's SplittableRandom). A run draws on one splitmix64 sequence, started from
its seed, and game i's two sources take its outputs 4i to 4i+3: splitmix64's output n is a
bijective mix of its seed plus n times a fixed odd constant, computed from n directly, so a
game's sources depend on (seed, i) alone, whatever process plays it, and games never share a
state. Only words of 32 bits are mixed, so compiled code never leaves machine integers
(`i64` holds every intermediate value; nothing overflows) and interpreted code computes the
very same numbers.

`GameRandom` is a `random.Random`, so engines and bots keep its whole API: `random` and
`getrandbits` are the generator's, and the library's own methods (`randrange`, `choice`,
`shuffle`, `sample`, `gauss`...) draw through them.
"""

from __future__ import annotations

import os
import random
from typing import Any, Final

from mypy_extensions import i64, mypyc_attr

MASK32: Final = 0xFFFFFFFF
MASK64: Final = 0xFFFFFFFFFFFFFFFF
#: splitmix64's increment: 2^64 over the golden ratio, made odd.
GOLDEN_GAMMA: Final = 0x9E3779B97F4A7C15
#: Sources per game in a run's splitmix64 sequence (chance and bots), and its outputs per source.
SOURCES_PER_GAME: Final = 2
WORDS_PER_SOURCE: Final = 2
#: 2^-53: a 53-bit whole number times it is a float in [0, 1), as `random.random` returns.
FLOAT_STEP: Final = 1.0 / 9007199254740992.0
#: Tells a state of `GameRandom.getstate` from `random.Random`'s.
STATE_TAG: Final = "xoshiro128**"
#: The stream numbers of a game's two sources (`GameRandom.of_run`): its chance and its bots'.
CHANCE: Final = 0
BOTS: Final = 1


def splitmix64(state: int) -> int:
    """splitmix64's output for the 64-bit `state` (the state after its increment)."""
    z = state & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def run_origin(seed: int) -> int:
    """Where a run's splitmix64 sequence starts: seeds 64 bits at a time, each mixed into the
    origin as one splitmix64 step, so every seed under 2^63 in size (negative ones too) gets an
    origin of its own, and larger ones differ but by a 64-bit coincidence."""
    folded = 2 * seed if seed >= 0 else -2 * seed - 1
    origin = 0
    while True:
        origin = splitmix64((origin ^ (folded & MASK64)) + GOLDEN_GAMMA)
        folded >>= 64
        if not folded:
            return origin


def times_mod64(high: i64, low: i64, by_high: i64, by_low: i64) -> tuple[i64, i64]:
    """(high, low) times (by_high, by_low) modulo 2^64, numbers given as 32-bit halves: the
    products are taken 16 bits at a time, so none passes 2^49 (no bignum, no overflow)."""
    part: i64 = (low >> 16) * by_low
    low_product: i64 = (low & 0xFFFF) * by_low + ((part & 0xFFFF) << 16)
    carry: i64 = (low_product >> 32) + (part >> 16)
    return (carry + low_bits_of_product(high, by_low) + low_bits_of_product(low, by_high)) & MASK32, \
        low_product & MASK32


def low_bits_of_product(a: i64, b: i64) -> i64:
    """The low 32 bits of a x b, for 32-bit a and b."""
    return ((a & 0xFFFF) * b + ((((a >> 16) * b) & 0xFFFF) << 16)) & MASK32


def sequence_output(origin_high: i64, origin_low: i64, position: int) -> tuple[i64, i64]:
    """Output number `position` (from 0) of the splitmix64 sequence starting at the origin,
    as 32-bit halves: `splitmix64(origin + (position + 1) x GOLDEN_GAMMA)`, on halves."""
    count = (position + 1) & MASK64
    step_high, step_low = times_mod64(count >> 32, count & MASK32, GOLDEN_GAMMA >> 32, GOLDEN_GAMMA & MASK32)
    low: i64 = origin_low + step_low
    high: i64 = (origin_high + step_high + (low >> 32)) & MASK32
    low &= MASK32
    low ^= ((high << 2) | (low >> 30)) & MASK32
    high ^= high >> 30
    high, low = times_mod64(high, low, 0xBF58476D, 0x1CE4E5B9)
    low ^= ((high << 5) | (low >> 27)) & MASK32
    high ^= high >> 27
    high, low = times_mod64(high, low, 0x94D049BB, 0x133111EB)
    low ^= ((high << 1) | (low >> 31)) & MASK32
    high ^= high >> 31
    return high, low


def xoshiro_step(s0: i64, s1: i64, s2: i64, s3: i64) -> tuple[i64, i64, i64, i64, i64]:
    """One step of xoshiro128** on its four 32-bit words: the output and the next words (a
    tuple of machine integers, returned compiled without an object made)."""
    scaled: i64 = (s1 * 5) & MASK32
    result: i64 = ((((scaled << 7) | (scaled >> 25)) & MASK32) * 9) & MASK32
    shifted: i64 = (s1 << 9) & MASK32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= shifted
    return result, s0, s1, s2, ((s3 << 11) | (s3 >> 21)) & MASK32


class Xoshiro128:
    """xoshiro128**: four 32-bit words of state, not all 0."""

    def __init__(self, s0: int, s1: int, s2: int, s3: int) -> None:
        self.s0: i64 = 0
        self.s1: i64 = 0
        self.s2: i64 = 0
        self.s3: i64 = 0
        self.set_words(s0, s1, s2, s3)

    @staticmethod
    def of_sequence(origin: int, source: int) -> Xoshiro128:
        """Source number `source` of the splitmix64 sequence starting at `origin`."""
        generator = Xoshiro128(1, 0, 0, 0)
        generator.start_at(origin >> 32, origin & MASK32, source)
        return generator

    def start_at(self, high: i64, low: i64, source: int) -> None:
        """Become source number `source` of the splitmix64 sequence starting at the origin
        whose 32-bit halves are `high` and `low` (split once: a 64-bit origin is a bignum to
        compiled code): its state is the sequence's outputs 2 x source and 2 x source + 1,
        lowest halves first."""
        first_high, first_low = sequence_output(high, low, WORDS_PER_SOURCE * source)
        second_high, second_low = sequence_output(high, low, WORDS_PER_SOURCE * source + 1)
        self.set_words(first_low, first_high, second_low, second_high)

    def set_words(self, s0: int, s1: int, s2: int, s3: int) -> None:
        """Set the state; all four words 0 (the one state the generator never leaves) is refused."""
        if not (s0 | s1 | s2 | s3):
            raise ValueError("xoshiro128** cannot start from an all-zero state")
        self.s0, self.s1, self.s2, self.s3 = s0 & MASK32, s1 & MASK32, s2 & MASK32, s3 & MASK32

    def words(self) -> tuple[int, int, int, int]:
        return (self.s0, self.s1, self.s2, self.s3)

    def next32(self) -> i64:
        """The next 32-bit output (the reference implementation's `next`)."""
        result, self.s0, self.s1, self.s2, self.s3 = xoshiro_step(self.s0, self.s1, self.s2, self.s3)
        return result

    def random(self) -> float:
        """A float in [0, 1) from 53 bits of two outputs, as `random.Random.random` makes it."""
        high, s0, s1, s2, s3 = xoshiro_step(self.s0, self.s1, self.s2, self.s3)
        low, self.s0, self.s1, self.s2, self.s3 = xoshiro_step(s0, s1, s2, s3)
        return float((high >> 5) * 67108864 + (low >> 6)) * FLOAT_STEP

    def getrandbits(self, k: int) -> int:
        """A whole number of `k` random bits: whole outputs from the lowest bits up, the last
        one cut to the bits left, as `random.Random.getrandbits` assembles them."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k <= 32:
            return int(self.next32() >> (32 - k)) if k else 0
        bits, shift = 0, 0
        while k > 0:
            word = int(self.next32())
            if k < 32:
                word >>= 32 - k
            bits |= word << shift
            shift += 32
            k -= 32
        return bits

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle `items` where they are, each order equally likely (Fisher-Yates), the swap
        with place i drawn in [0, i] by Lemire's method: an output times i + 1, its high word
        kept, rare low words rejected. The words stay in local variables and the items are
        moved as objects (`Any`): compiled, a `list[int]`'s were unboxed and boxed again."""
        s0, s1, s2, s3 = self.s0, self.s1, self.s2, self.s3
        i: i64 = len(items) - 1
        while i > 0:
            n: i64 = i + 1
            word, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
            product: i64 = word * n
            if product & MASK32 < n:
                floor: i64 = (4294967296 - n) % n
                while product & MASK32 < floor:
                    word, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
                    product = word * n
            j: i64 = product >> 32
            swapped = items[j]
            items[j] = items[i]
            items[i] = swapped
            i -= 1
        self.s0, self.s1, self.s2, self.s3 = s0, s1, s2, s3


@mypyc_attr(native_class=False)
class GameRandom(random.Random):
    """A `random.Random` drawing on xoshiro128**: `random()` and `getrandbits()` are the
    generator's own (compiled) methods, bound on the instance, so a call costs what the
    Mersenne Twister's does; seeding costs a few mixes instead of 624 words."""

    def __init__(self, seed: int = 0) -> None:
        """The source of a run of seed `seed`'s first game's chance (so any whole number seeds it)."""
        self._start(Xoshiro128.of_sequence(run_origin(seed), 0))

    @classmethod
    def of_run(cls, origin: int, game: int, stream: int) -> GameRandom:
        """Source `stream` (0 chance, 1 bots) of game `game` of the run whose splitmix64
        sequence starts at `origin` (`run_origin`)."""
        rng = cls.__new__(cls)
        rng._start(Xoshiro128.of_sequence(origin, game * SOURCES_PER_GAME + stream))
        return rng

    def _start(self, source: Xoshiro128) -> None:
        self.source = source
        # Bound on the instance rather than defined on the class: a method defined here would
        # add an interpreted call to every draw.
        self.random = self.source.random  # type: ignore[method-assign]
        self.getrandbits = self.source.getrandbits  # type: ignore[method-assign]
        self.gauss_next: float | None = None

    def copy(self) -> GameRandom:
        """An independent source in the same state (what `copy.copy` makes, without a seeding)."""
        twin = GameRandom.__new__(GameRandom)
        twin._start(Xoshiro128(1, 0, 0, 0))
        twin.setstate(self.getstate())
        return twin

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start again from the whole number `a` (None: from the operating system)."""
        if a is not None and not isinstance(a, int):
            raise TypeError("GameRandom is seeded by a whole number (or None)")
        number = int.from_bytes(os.urandom(8), "little") if a is None else a
        self.source.set_words(*Xoshiro128.of_sequence(run_origin(number), 0).words())
        self.gauss_next = None

    def getstate(self) -> tuple[Any, ...]:
        return (STATE_TAG, self.source.words(), self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        if len(state) != 3 or state[0] != STATE_TAG:
            raise ValueError("not a state of GameRandom.getstate")
        self.source.set_words(*state[1])
        self.gauss_next = state[2]

    def shuffle_ints(self, items: list[int]) -> None:
        """`shuffle` for a list of whole numbers, in the generator's compiled loop."""
        self.source.shuffle(items)


class RunSources:
    """The chance and bot sources of a run's games, one game after another: two objects
    restarted in place for each game (two new ones a game cost a sixth of a short game). A
    game's state keeps its chance source, so a caller moves on to the next game only when
    done with the last one's state."""

    def __init__(self, seed: int) -> None:
        origin = run_origin(seed)
        self.origin_high: i64 = origin >> 32
        self.origin_low: i64 = origin & MASK32
        self.chance = GameRandom.of_run(origin, 0, CHANCE)
        self.bots = GameRandom.of_run(origin, 0, BOTS)
        # Their generators, restarted by native calls (GameRandom's methods are Python-level).
        self.chance_source: Xoshiro128 = self.chance.source
        self.bots_source: Xoshiro128 = self.bots.source

    def of_game(self, index: int) -> tuple[GameRandom, GameRandom]:
        """The sources of game `index`, restarted in place into the state `GameRandom.of_run`
        makes them (no pending normal value kept from the last game)."""
        self.chance_source.start_at(self.origin_high, self.origin_low, index * SOURCES_PER_GAME + CHANCE)
        self.chance.gauss_next = None
        self.bots_source.start_at(self.origin_high, self.origin_low, index * SOURCES_PER_GAME + BOTS)
        self.bots.gauss_next = None
        return self.chance, self.bots


class UnitDraws:
    """`rng.random()` for an engine's play loop, the same numbers: from a game's own source
    (`GameRandom`) by a direct compiled call to its generator, from any other through its
    method. The method bound on a `GameRandom` costs a Python-level call a draw, several
    times the draw itself."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.source: Xoshiro128 | None = rng.source if isinstance(rng, GameRandom) else None

    def next(self) -> float:
        """The next `rng.random()`."""
        source = self.source
        if source is not None:
            return source.random()
        return self.rng.random()


def copied(rng: random.Random) -> random.Random:
    """An independent copy of `rng` in the same state, for a cloned game's chance. A Mersenne
    Twister is made without seeding it (`setstate` replaces the whole state): `copy.copy` and
    `random.Random()` seed it from the system first, for nothing."""
    if isinstance(rng, GameRandom):
        return rng.copy()
    twin = random.Random.__new__(type(rng))
    twin.setstate(rng.getstate())
    return twin
