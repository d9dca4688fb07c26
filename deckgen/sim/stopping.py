"""When an experiment's games at one player count end: after a number of games, or once every
seat's 95% interval is narrow enough. Light to import: the command line checks its options
with it before any engine loads."""

from __future__ import annotations

#: Games per player count one simulation may ask for (more: run several seeds).
MAX_GAMES = 10_000_000


class Stop:
    """After `games`, or with a `precision` once every seat's 95% interval is at most
    +/- precision wide (at most `games`). A plain class, as `experiment.Backend`."""

    __slots__ = ("games", "precision")

    def __init__(self, games: int, precision: float | None = None) -> None:
        self.games = games
        self.precision = precision


def checked_stop(games: int | None, precision: float | None, max_games: int) -> Stop:
    """The stopping rule of `--games`, `--precision` and `--max-games`, checked for range;
    without `--games` (None), `--max-games` is also the number of games without a precision."""
    from deckgen.sim.runner import SimulationError

    if games is not None and games < 1:
        raise SimulationError(f"--games {games}: play at least one game")
    if games is not None and games > MAX_GAMES:
        raise SimulationError(f"--games {games}: more than {MAX_GAMES} games per player count "
                              "(run several seeds instead)")
    if not 1 <= max_games <= MAX_GAMES:
        raise SimulationError(f"--max-games {max_games}: give 1 to {MAX_GAMES}")
    if precision is not None and not 0 < precision < 0.5:
        raise SimulationError(f"--precision {precision}: give a half-width between 0 and 0.5 (0.01 is one point)")
    return Stop(max_games, precision) if precision is not None or games is None else Stop(games)

