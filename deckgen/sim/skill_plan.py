"""How much `deckgen analyse` can play in a time budget: a pilot measures the game, a plan
picks games per match, the metrics run, the search budget and the ladder steps to fit.

A game's cost varies by four orders of magnitude across the shipped games (a random game of
Up and Down takes a third of a millisecond; one of search:100 in Mystique Energy, many
seconds), so fixed defaults either waste a quick game or never finish a slow one. The pilot
plays a few games of random bots and of the field bot (greedy where the game has it), traced
to count each seat's decisions, and one game of search:8 against the field to price a
playout; a search game then costs about its decisions times its budget times a playout. The
plan spends fixed shares of the budget, in order of what a designer needs first: does a
sensible bot beat random (the cheap matches), the design metrics, does search beat the field,
and then the ladder, as far as the rest reaches.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from deckgen.games.base import Game
from deckgen.sim.runner import play_range
from deckgen.sim.skill import LADDER_BUDGETS

#: Shares of the budget: the cheap matches, the metrics run, search against the field.
CHEAP_SHARE, METRICS_SHARE, SEARCH_SHARE = 0.25, 0.10, 0.35
#: Most and fewest games of a cheap match (random and greedy), of a search match or ladder step.
CHEAP_GAMES = (60, 400)
SEARCH_GAMES = (24, 200)
SEARCH_GAMES_FOR_MORE = 60
METRICS_GAMES = (100, 2000)
#: The smallest search budget analyse plays.
LEAST_SEARCH = 8
#: Share of the workers' time that goes into games (the machine is shared, pools start).
EFFICIENCY = 0.8
PILOT_GAMES = 4
#: One pilot game prices a playout: search's estimates get this margin (games vary in length).
SEARCH_MARGIN = 1.5


@dataclass(frozen=True)
class Costs:
    """What the pilot measured: seconds per game, a seat's decisions and a playout."""

    random_game: float
    field_game: float
    decisions: float
    playout: float
    workers: int

    def scaled(self, factor: float) -> Costs:
        """The same costs on a machine `factor` times slower (measured against the plan)."""
        return Costs(self.random_game * factor, self.field_game * factor, self.decisions, self.playout * factor,
                     self.workers)

    def seconds(self, bots: list[str], games: int) -> float:
        """Wall seconds for `games` games with these bots (one per seat), on the workers."""
        base = self.random_game if all(name == "random" for name in bots) else self.field_game
        playouts = sum(search_budget(name) for name in bots) * self.decisions
        return games * (base + playouts * self.playout) / (self.workers * EFFICIENCY)


def search_budget(name: str) -> int:
    """The playouts per decision of a `search:B` bot name (0 for other bots)."""
    head, _, rest = name.partition(":")
    return int(rest.partition(":")[0] or 100) if head == "search" else 0


def measure(game: Game, n_players: int, field_bot: str, options: dict[str, Any], seed: int,
            workers: int) -> Costs:
    """Time a few games of random bots, of the field bot (traced, for the decisions per
    seat) and one of search:8 against the field, in this process."""
    def timed(bots: tuple[str, ...], games: int, traced: int) -> tuple[float, list[Any]]:
        start = time.perf_counter()
        records = play_range(game, n_players, bots, options, seed, 0, games, traced)
        return (time.perf_counter() - start) / games, records

    timed((field_bot,) * n_players, 1, 0)  # the first game loads the bots: not timed
    random_game, _ = timed(("random",) * n_players, PILOT_GAMES, 0)
    field_game, records = timed((field_bot,) * n_players, PILOT_GAMES, PILOT_GAMES)
    decisions = sum(sum(r.trace.decisions) for r in records if r.trace) / (PILOT_GAMES * n_players)
    search_game, searched = timed((f"search:{LEAST_SEARCH}",) + (field_bot,) * (n_players - 1), 1, 1)
    search_decisions = searched[0].trace.decisions[0] if searched[0].trace else decisions
    playout = SEARCH_MARGIN * max(search_game - field_game, 0.0) / max(search_decisions * LEAST_SEARCH, 1.0)
    return Costs(random_game, field_game, max(decisions, 1.0), playout, workers)


@dataclass
class Plan:
    """What analyse will play, and the seconds it expects each part to take."""

    cheap_games: int
    metrics_games: int
    search_budget: int | None
    search_games: int
    ladder: list[int]
    ladder_games: int
    estimate: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        return sum(self.estimate.values())


def _fit(seconds_per_game: float, seconds: float, bounds: tuple[int, int]) -> int:
    """The most games that fit in `seconds`, within bounds (at least the fewest)."""
    fit = int(seconds / seconds_per_game) if seconds_per_game > 0 else bounds[1]
    return max(bounds[0], min(bounds[1], fit))


@dataclass(frozen=True)
class Request:
    """What the command line fixed (None: the plan chooses) and the budget in seconds."""

    budget: float
    n_players: int
    cheap_bots: list[str]
    field_bot: str
    games: int | None = None
    metrics_games: int | None = None
    search_budget: int | None = None
    ladder: tuple[int, ...] | None = None


def plan(costs: Costs, request: Request) -> Plan:
    """Games and budgets that fit the request's budget, given what the pilot measured;
    whatever the request fixes is kept as given (and only estimated)."""
    n, field_bot = request.n_players, request.field_bot
    cheap_each = sum(costs.seconds([a] + [b] * (n - 1), 1) for a, b in cheap_pairs(request.cheap_bots))
    cheap = request.games or _fit(cheap_each, CHEAP_SHARE * request.budget, CHEAP_GAMES)
    metrics_each = costs.seconds([field_bot] * n, 1) * 1.5  # traced games cost more
    metrics = request.metrics_games or _fit(metrics_each, METRICS_SHARE * request.budget, METRICS_GAMES)
    result = Plan(cheap, metrics, None, 0, [], 0)
    result.estimate["matches without search"] = cheap * cheap_each
    result.estimate["design metrics"] = metrics * metrics_each
    plan_search(result, costs, request, request.budget - result.seconds)
    return result


def plan_search(result: Plan, costs: Costs, request: Request, seconds: float) -> None:
    """Choose (again) the search match and the ladder steps of `result` to fit `seconds`:
    search against the field takes its share, the ladder what is left, step by step."""
    n, field_bot = request.n_players, request.field_bot
    for key in [k for k in result.estimate if k.startswith("search") or k == "skill ladder"]:
        del result.estimate[key]
    result.search_budget, result.search_games, result.ladder, result.notes = None, 0, [], []

    def per_game(challenger: str, field_name: str) -> float:
        return costs.seconds([challenger] + [field_name] * (n - 1), 1)

    share = seconds * SEARCH_SHARE / (1 - CHEAP_SHARE - METRICS_SHARE)
    # The largest search budget whose games fit search's share, else the least that fits all the time left.
    budgets = [request.search_budget] if request.search_budget else [100, 64, 32, 16, LEAST_SEARCH]
    tries = [(b, share) for b in budgets]
    for b, room in tries + [(LEAST_SEARCH, seconds)] * (request.search_budget is None):
        each = per_game(f"search:{b}", field_bot)
        # A larger budget only with enough games to tell it from greedy; search:8 with the fewest.
        least = SEARCH_GAMES[0] if b == LEAST_SEARCH else SEARCH_GAMES_FOR_MORE
        games = request.games or _fit(each, room, (least, SEARCH_GAMES[1]))
        if request.search_budget or request.games or games * each <= room:
            result.search_budget, result.search_games = b, games
            result.estimate[f"search:{b} against {field_bot}"] = games * each
            seconds -= games * each
            break
    if result.search_budget is None:
        result.notes.append(f"search left out: even search:{LEAST_SEARCH} against {field_bot} would take "
                            f"{per_game(f'search:{LEAST_SEARCH}', field_bot) * SEARCH_GAMES[0]:.0f} s")
    steps = request.ladder if request.ladder is not None else LADDER_BUDGETS
    result.ladder_games = request.games or max(SEARCH_GAMES[0], min(result.search_games or SEARCH_GAMES[0], 100))
    spent = 0.0
    for step in steps:
        cost = result.ladder_games * per_game(f"search:{step}", f"search:{max(1, step // 2)}")
        if request.ladder is None and spent + cost > seconds:
            result.notes.append(f"ladder stops before {step}: that step would take about {cost:.0f} s more")
            break
        result.ladder.append(step)
        spent += cost
    if result.ladder:
        result.estimate["skill ladder"] = spent


def cheap_pairs(bots: list[str]) -> list[tuple[str, str]]:
    """Every (challenger, field) pair of the bots without search."""
    return [(a, b) for a in bots for b in bots if a != b]


def describe(result: Plan, budget: float | None) -> str:
    """The plan as one line for stderr, with its estimate."""
    parts = [f"{result.cheap_games} games per match without search", f"metrics {result.metrics_games} games"]
    if result.search_budget:
        parts.append(f"search:{result.search_budget} {result.search_games} games")
    if result.ladder:
        parts.append(f"ladder {','.join(map(str, result.ladder))} at {result.ladder_games} games")
    within = f" (budget {budget:g} s)" if budget is not None else ""
    notes = "".join(f"; {note}" for note in result.notes)
    return f"plan: {'; '.join(parts)}; estimated {result.seconds:.0f} s{within}{notes}"
