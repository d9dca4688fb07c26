"""Does skill matter in a game? Bots against each other with seats rotated, and a ladder of
search budgets.

A match puts one bot (the challenger) in one seat and another bot in every other seat; the
challenger's seat turns with the game index (game i: seat i mod N), so no seat's advantage
counts for either bot. Its win rate is set against the fair share with a 95% Wilson
interval: 1/N of the games somebody won (a drawn game is nobody's: in Chain of Restraints
greedy players draw nearly every game: against 1/N any bot there would look weaker). The ladder plays
search at budget b against search at b/2 for b = 8, 16, ...: where the win rate falls back
to the fair share, more thinking stops paying.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from deckgen.games.base import Game
from deckgen.sim.report_data import fair_share
from deckgen.sim.runner import GameRecord, Jobs, Progress, run_simulation
from deckgen.sim.stats import wilson_interval

#: Ladder budgets: search at each against search at half of it.
LADDER_BUDGETS = (8, 16, 32, 64, 128, 256)


#: A match with a deadline plays in at least this many rounds, so it stops at most a round late.
ROUNDS = 4


class _PlayedSoFar:
    """A seat's games a match has played so far (the runner's chunk cache): the next round
    of the match plays only the games after them."""

    def __init__(self) -> None:
        self.chunks: list[tuple[int, list[GameRecord]]] = []

    def load(self, start: int, stop: int) -> list[tuple[int, list[GameRecord]]]:
        return [(first, records) for first, records in self.chunks if first >= start and first + len(records) <= stop]

    def save(self, start: int, records: list[GameRecord]) -> None:
        self.chunks.append((start, records))


def _new_games_only(progress: Progress | None, resumed: bool) -> Progress | None:
    """The progress callback of a later round: the runner first reports the games kept from
    earlier rounds, which were counted when they were played."""
    if progress is None or not resumed:
        return progress
    first = [True]

    def advance(games: int) -> None:
        if first[0]:
            first[0] = False
            return
        progress(games)

    return advance


def rotated_match(game: Game, n_players: int, challenger: str, field: str, options: dict[str, Any], seed: int,
                  games: int, jobs: Jobs, progress: Progress | None = None,
                  deadline: float | None = None) -> dict[str, Any]:
    """`challenger` in one seat, turning with the game index, `field` in the others. With a
    `deadline` (a `time.perf_counter()` value) the match plays in rounds and stops after the
    round that passes it: each seat has then played its first games, the same games a match
    of that many (`games` in the result) plays."""
    counts = [games // n_players + (1 if seat < games % n_players else 0) for seat in range(n_players)]
    per_round = max(counts) if deadline is None else max(1, -(-max(counts) // ROUNDS))
    kept = [_PlayedSoFar() for _ in range(n_players)]
    played_by_seat: list[list[GameRecord]] = [[] for _ in range(n_players)]
    target = 0
    while target < max(counts):
        target = min(max(counts), target + per_round)
        for seat in range(n_players):
            count = min(counts[seat], target)
            if count <= len(played_by_seat[seat]):
                continue
            bots = [field] * n_players
            bots[seat] = challenger
            # Each seat plays its own seeded games, so a rotation is the same games for any --jobs.
            run = run_simulation(game, n_players, bots, options, seed * 1000 + seat, count, jobs,
                                 _new_games_only(progress, bool(played_by_seat[seat])), traced=0, cache=kept[seat])
            played_by_seat[seat] = run.records
        if deadline is not None and time.perf_counter() > deadline:
            break
    wins = sum(_share(record, seat) for seat, records in enumerate(played_by_seat) for record in records)
    finished = sum(1 for records in played_by_seat for record in records if record.finished)
    played = sum(len(records) for records in played_by_seat)
    low, high = wilson_interval(wins, finished)
    drawn = sum(1 for records in played_by_seat for record in records if record.finished and not record.winners)
    fair = fair_share(finished, drawn, n_players)
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


def skill_table(game: Game, n_players: int, pairs: list[tuple[str, str]], options: dict[str, Any], seed: int,
                games: int, jobs: Jobs, progress: Callable[[str, int], Progress | None] | None = None,
                deadline: float | None = None) -> list[dict[str, Any]]:
    """Each (challenger, field) pair as a seat-rotated match; `progress(label, games)` gives
    each match its progress callback."""
    return [rotated_match(game, n_players, a, b, options, seed, games, jobs,
                          progress(f"{a} vs {b}", games) if progress else None, deadline) for a, b in pairs]


def skill_ladder(game: Game, n_players: int, options: dict[str, Any], seed: int, games: int, jobs: Jobs,
                 budgets: tuple[int, ...] = LADDER_BUDGETS,
                 progress: Callable[[str, int], Progress | None] | None = None,
                 on_step: Callable[[dict[str, Any]], None] | None = None,
                 go_on: Callable[[int], bool] | None = None, deadline: float | None = None) -> list[dict[str, Any]]:
    """Search at each budget against search at half of it, while `go_on(budget)` allows (each
    step stopping after the round that passes `deadline`)."""
    steps = []
    for budget in budgets:
        if go_on is not None and not go_on(budget):
            break
        challenger, field_bot = f"search:{budget}", f"search:{max(1, budget // 2)}"
        step = rotated_match(game, n_players, challenger, field_bot, options, seed, games, jobs,
                             progress(f"{challenger} vs {field_bot}", games) if progress else None, deadline)
        step["budget"] = budget
        steps.append(step)
        if on_step is not None:
            on_step(step)
    return steps


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f} %"


def _said(match: dict[str, Any]) -> str:
    """A match's win rate with its interval and games, as a sentence's tail."""
    return (f"{_pct(match['win_rate'])} of its games (95 % interval {_pct(match['ci95'][0])} to "
            f"{_pct(match['ci95'][1])}, {match['games']} games, fair share {_pct(match['fair_share'])})")


def verdict(matches: list[dict[str, Any]], ladder: list[dict[str, Any]]) -> str:
    """One paragraph a designer can read: does a sensible bot beat random, does search beat
    it, and how far more thinking pays."""
    sentences = []
    beats_random = next((m for m in matches if m["field"] == "random" and not m["challenger"].startswith("search")),
                        None)
    if beats_random is not None:
        who, fair, rate = beats_random["challenger"], beats_random["fair_share"], beats_random["win_rate"] or 0.0
        if beats_random["verdict"] == "stronger":
            lift = (rate - fair) / (1 - fair) if fair < 1 else 0.0
            amount = "a lot" if lift >= 0.5 else "clearly" if lift >= 0.15 else "a little"
            sentences.append(f"Skill matters {amount}: one {who} player among random ones wins {_said(beats_random)}.")
        elif beats_random["verdict"] == "weaker":
            sentences.append(f"The {who} bot loses to random play: it wins {_said(beats_random)}, so its rule of "
                             "thumb misreads this game.")
        else:
            sentences.append(f"Skill hardly shows against random play: one {who} player wins {_said(beats_random)}, "
                             "no clear difference from chance.")
    searched = next((m for m in matches if m["challenger"].startswith("search")), None)
    if searched is not None:
        word = {"stronger": "is stronger than", "weaker": "is weaker than"}.get(searched["verdict"],
                                                                              "shows no clear difference from")
        sentences.append(f"Search ({searched['challenger']}) {word} {searched['field']}: it wins {_said(searched)}.")
    if ladder:
        paying = [step["budget"] for step in ladder if step["verdict"] == "stronger"]
        if len(paying) == len(ladder):
            sentences.append(f"More thinking still pays at every ladder step up to {ladder[-1]['budget']} playouts.")
        elif not paying:
            sentences.append(f"More thinking does not clearly pay from {ladder[0]['budget']} playouts on "
                             f"(up to {ladder[-1]['budget']}).")
        else:
            flat = next(step["budget"] for step in ladder if step["verdict"] != "stronger")
            sentences.append(f"More thinking pays up to {paying[-1]} playouts a decision; "
                             f"{flat} against {flat // 2} shows no clear gain.")
    return " ".join(sentences) or "No matches were played."
