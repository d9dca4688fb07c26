"""Does skill matter in a game? Bots against each other with seats rotated, and a ladder of
search budgets.

A match puts one bot (the challenger) in one seat and another bot in every other seat; the
challenger's seat turns with the game index (game i: seat i mod N), so no seat's advantage
counts for either bot. Its win rate is set against the fair share 1/N with a 95% Wilson
interval: above the interval's reach of 1/N, the challenger plays better. The ladder plays
search at budget b against search at b/2 for b = 8, 16, ...: where the win rate falls back
to the fair share, more thinking stops paying.
"""

from __future__ import annotations

from typing import Any, Callable

from deckgen.games.base import Game
from deckgen.sim.runner import GameRecord, Jobs, Progress, run_simulation
from deckgen.sim.stats import wilson_interval

#: Ladder budgets: search at each against search at half of it.
LADDER_BUDGETS = (8, 16, 32, 64, 128, 256)


def rotated_match(game: Game, n_players: int, challenger: str, field: str, options: dict[str, Any], seed: int,
                  games: int, jobs: Jobs, progress: Progress | None = None) -> dict[str, Any]:
    """`challenger` in one seat, turning with the game index, `field` in the others."""
    wins, finished, played = 0.0, 0, 0
    for seat in range(n_players):
        count = games // n_players + (1 if seat < games % n_players else 0)
        if count == 0:
            continue
        bots = [field] * n_players
        bots[seat] = challenger
        # Each seat plays its own seeded games, so a rotation is the same games for any --jobs.
        run = run_simulation(game, n_players, bots, options, seed * 1000 + seat, count, jobs, progress, traced=0)
        wins += sum(_share(record, seat) for record in run.records)
        finished += sum(1 for record in run.records if record.finished)
        played += count
    low, high = wilson_interval(wins, finished)
    fair = 1 / n_players
    return {
        "challenger": challenger,
        "field": field,
        "games": played,
        "finished": finished,
        "win_rate": wins / finished if finished else None,
        "ci95": [low, high],
        "fair_share": fair,
        "verdict": "stronger" if low > fair else "weaker" if high < fair else "no clear difference",
    }


def _share(record: GameRecord, seat: int) -> float:
    if not record.finished or seat not in record.winners:
        return 0.0
    return 1.0 / len(record.winners)


def skill_table(game: Game, n_players: int, bots: list[str], options: dict[str, Any], seed: int, games: int,
                jobs: Jobs, progress: Progress | None = None) -> list[dict[str, Any]]:
    """Every bot against every other, each as the challenger once."""
    return [rotated_match(game, n_players, a, b, options, seed, games, jobs, progress)
            for a in bots for b in bots if a != b]


def skill_ladder(game: Game, n_players: int, options: dict[str, Any], seed: int, games: int, jobs: Jobs,
                 budgets: tuple[int, ...] = LADDER_BUDGETS, progress: Progress | None = None,
                 on_step: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Search at each budget against search at half of it."""
    steps = []
    for budget in budgets:
        step = rotated_match(game, n_players, f"search:{budget}", f"search:{max(1, budget // 2)}", options, seed,
                             games, jobs, progress)
        step["budget"] = budget
        steps.append(step)
        if on_step is not None:
            on_step(step)
    return steps
