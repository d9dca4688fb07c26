"""The `search` bot, for every game: determinized Monte Carlo with sequential halving.

A seat cannot see the other hands, so search plays from determinizations: worlds in which
the cards it cannot know are dealt again at random (`State.determinize`). It reads the real
state only through its legal moves and those worlds, so nothing hidden can sway it (the
greedy move it starts from is judged on a world too). Where the game has an `OpponentModel`
(its own, or its greedy bot) it deals the worlds: dealt at random, then kept only where the
others' moves on the table are those it would have made in their place (Smoke and Mirrors: a
claim), or dealt again within what their turns showed (Crazy Eights: a player who drew held
nothing it could play, `search_shedding`).
Each sample is one world: every candidate move is played in a copy of it and then played
out (`search_playout`, shaped per game by `search_settings`: a few rounds, greedy replies
first where the game affords them, then the game's standing, or its own estimate, judges
the position, or the result where the game ended), and every
candidate meets the same world and the same dice (common random numbers), so that their
differences are the moves' and not the luck's.

The budget is the number of playouts per decision. With many legal moves a flat split would
give each move a playout or two, so the budget is spent by sequential halving (Karnin, Koren
and Somekh 2013): every candidate gets an equal share, the better half goes on to the next
round, until one is left. Where the game has a greedy bot its move (or, where the game's
settings name one, a better policy's: Crazy Eights' keeps its 8s, `search_shedding_policy`) is
always a candidate and stays to the end, and the last round is a duel between it and the best
other candidate on fresh worlds: the challenger is left standing because it did well on the
earlier samples, which therefore flatter it (the winner's curse), so only the duel's samples
judge it, and it replaces the greedy move only if it beats it there by more than a standard
error of their paired differences. Moves are tried in the order the engine lists them and ties
keep the earlier move, so one seed gives one game.

`search:200` sets the budget; `search:200:0.5` also stops a decision after 0.5 seconds
(then the game depends on the machine's speed, and is no longer reproducible).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Sequence

from deckgen.bots.search_playout import Chooser, MoveObserver, OpponentModel, PlayoutSettings, play_out
from deckgen.errors import UnknownName
from deckgen.games.base import Move, State

#: Makes a seat's bot from a random source (the registry's factories).
BotMaker = Callable[[random.Random, int], Any]

DEFAULT_BUDGET = 100
#: A decision considers at most this share of its budget as first-round candidates, so
#: each candidate gets at least a few playouts (others are dropped at random, seeded).
PLAYOUTS_PER_CANDIDATE = 4
#: Search leaves the greedy move only for a move whose paired playouts on fresh worlds beat it
#: by more than this many standard errors: a few lucky playouts do not unseat a sensible move.
DEPART_Z = 1.0


def parse_search_spec(spec: str) -> tuple[int, float | None]:
    """`search`, `search:200` or `search:200:0.5` as (budget, seconds or None)."""
    parts = spec.split(":")
    if parts[0] != "search" or len(parts) > 3:
        raise UnknownName(f"bot {spec!r}: expected search, search:BUDGET or search:BUDGET:SECONDS")
    try:
        budget = int(parts[1]) if len(parts) > 1 else DEFAULT_BUDGET
        seconds = float(parts[2]) if len(parts) > 2 else None
    except ValueError:
        raise UnknownName(f"bot {spec!r}: the budget is a whole number of playouts and the limit seconds") from None
    if not 1 <= budget <= 1_000_000:
        raise UnknownName(f"bot {spec!r}: the budget must be 1 to 1000000 playouts per decision")
    if seconds is not None and not 0 < seconds <= 3600:
        raise UnknownName(f"bot {spec!r}: the time limit must be more than 0 and at most 3600 seconds")
    return budget, seconds


class SearchBot:
    """Determinized Monte Carlo over the legal moves, budget spent by sequential halving."""

    def __init__(self, rng: random.Random, seat: int, turn_cap: int, budget: int = DEFAULT_BUDGET,
                 seconds: float | None = None, prior_bot: BotMaker | None = None,
                 settings: PlayoutSettings = PlayoutSettings()) -> None:
        self.rng = rng
        self.seat = seat
        self.turn_cap = turn_cap
        self.budget = budget
        self.seconds = seconds
        greedy = prior_bot(rng, seat) if prior_bot is not None else None
        #: The game's greedy bot (or the better policy its settings name), whose move is always a
        #: candidate and is kept unless another beats it clearly: search departs from a sensible
        #: player only where its playouts say so.
        self.prior = settings.prior(rng, seat) if settings.prior is not None and greedy is not None else greedy
        self.settings = settings
        #: Where the game has a model of the others' play (its own, or its greedy bot), it deals
        #: the worlds search plays from; one that reads their turns is told this seat's moves.
        self.model: OpponentModel | None = (settings.model(rng, seat) if settings.model is not None else
                                            greedy if isinstance(greedy, OpponentModel) else None)
        self.observer = self.model if isinstance(self.model, MoveObserver) else None
        #: Makes the greedy bots that open a duel's playouts: a fresh one per seat in every
        #: playout, since a greedy bot may remember what it read of its game (Mystique Energy's).
        self.reply = settings.reply or prior_bot
        #: Playouts made, decisions taken and those with a choice, for decisions-per-second figures.
        self.playouts = 0
        self.decisions = 0
        self.searched = 0

    def choose(self, state: State) -> Move:
        move = self.search(state)
        if self.observer is not None:
            self.observer.observe(state, move, self.rng)
        return move

    def search(self, state: State) -> Move:
        """The move search picks (the only one where there is no choice)."""
        moves = state.legal_moves()
        self.decisions += 1
        if len(moves) == 1:
            return moves[0]
        self.searched += 1
        rng = self.rng
        # The bot reads the state only through its legal moves and determinizations: even the
        # greedy prior judges a world dealt again, so nothing hidden can sway the choice.
        world = self.sample_world(state)
        preferred = moves.index(self.prior.choose(world)) if self.prior is not None else -1
        candidates = list(range(len(moves)))
        most = max(2, self.budget // PLAYOUTS_PER_CANDIDATE)
        if len(candidates) > most:
            candidates = sorted(rng.sample(candidates, most))
            if preferred >= 0 and preferred not in candidates:
                candidates = sorted(candidates[1:] + [preferred])
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        #: Per candidate, its playouts' values by sample: candidates met on a sample shared its
        #: world and dice, so two candidates compare on the samples both played.
        values: list[dict[int, float]] = [{} for _ in moves]
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        left, sample, duel_start = self.budget, 0, 0
        for round_number in range(rounds):
            if len(candidates) == 1:
                break
            duel_start = sample
            share = max(1, left // ((rounds - round_number) * len(candidates)))
            # The duel's playouts open with the game's greedy replies where it affords them:
            # dearer, but they show what a sensible opponent answers, which random replies hide.
            last = round_number == rounds - 1 or self.settings.greedy_always
            greedy_moves = self.settings.greedy_moves if preferred >= 0 and last else 0
            for _ in range(share):
                if sample:
                    world = self.sample_world(state)
                self.play_sample(world, moves, candidates, sample, values, greedy_moves)
                left -= len(candidates)
                sample += 1
                if deadline is not None and time.perf_counter() > deadline:
                    break
            ranked = sorted(candidates, key=lambda i: (-_mean(values[i]), i != preferred, i))
            if preferred >= 0 and round_number == rounds - 2:
                # The last round is a duel of the best challenger and the greedy move on fresh
                # worlds: the challenger was picked for doing well on the earlier samples, which
                # flatter it, so only the duel's samples judge whether it beats greedy.
                kept = sorted({preferred, next(i for i in ranked if i != preferred)})
            else:
                kept = ranked[: max(1, (len(ranked) + 1) // 2)]
                if preferred >= 0 and preferred not in kept:
                    kept.append(preferred)  # the prior stays to the end, the yardstick of the last test
            candidates = sorted(kept)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = min(candidates, key=lambda i: (-_mean(values[i]), i != preferred, i))
        if preferred < 0 or best == preferred:
            return moves[best]
        duel = [{s: v for s, v in values[i].items() if s >= duel_start} for i in (best, preferred)]
        return moves[best] if clearly_better(duel[0], duel[1]) else moves[preferred]

    def sample_world(self, state: State) -> State:
        """A world for this seat: dealt by the opponent model where the game has one, else the
        plain determinization (the unseen cards dealt again at random)."""
        if self.model is not None:
            return self.model.sample_world(state, self.rng)
        return state.determinize(self.seat, self.rng)

    def play_sample(self, world: State, moves: list[Move], candidates: Sequence[int], sample: int,
                    values: list[dict[int, float]], greedy_moves: int) -> None:
        """Play every candidate once in `world` and record its value under `sample`. Common
        random numbers: every candidate meets the same world and the same dice, so their
        difference is the move's, not the luck's."""
        rng, n_players = self.rng, world.n_players
        depth = self.settings.depth(n_players)
        reply = self.reply if greedy_moves else None
        #: Per seat, what makes its bot for the playouts' greedy moves (the searcher's own, where
        #: the settings give it a better policy than the others').
        makers = [] if reply is None else [(self.settings.own_reply or reply) if other == self.seat else reply
                                           for other in range(n_players)]
        start = rng.getstate()
        for index in candidates:
            rng.setstate(start)
            trial = world.clone_reseeded(rng)
            trial.apply(moves[index])
            replies: list[Chooser] = [make(rng, other) for other, make in enumerate(makers)]
            values[index][sample] = play_out(trial, self.seat, rng, depth, self.turn_cap, replies, greedy_moves,
                                             self.settings.evaluate, self.settings.stop)
        self.playouts += len(candidates)


def _mean(values: dict[int, float]) -> float:
    return sum(values.values()) / len(values) if values else -1.0


def clearly_better(challenger: dict[int, float], prior: dict[int, float]) -> bool:
    """Whether the challenger's playouts beat the prior's on the samples both played by more
    than `DEPART_Z` standard errors of their paired differences."""
    shared = [challenger[s] - prior[s] for s in challenger if s in prior]
    if len(shared) < 2:
        return False
    mean = sum(shared) / len(shared)
    variance = sum((d - mean) ** 2 for d in shared) / (len(shared) - 1)
    return mean > 0 and mean > DEPART_Z * math.sqrt(variance / len(shared))
