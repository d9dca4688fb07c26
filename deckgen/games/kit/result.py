"""The outcome every game reports: the simulator's unit of record."""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each string annotation
# at import, some 10 us a field at the start of every command.

from typing import Any, NamedTuple


class Result(NamedTuple):
    """How a game ended. Unfinished games (turn cap) have no winners. A named tuple: the
    simulator makes one per game, and it is the quickest immutable record to build."""

    finished: bool
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    turns: int
    counters: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "turns": self.turns,
            "counters": dict(self.counters),
        }


def result_of(finished: bool, winners: tuple[int, ...], scores: tuple[float, ...], ranking: tuple[int, ...],
              turns: int, counters: dict[str, int]) -> Result:
    """`Result(...)` made by `tuple.__new__`, as the named tuple's own constructor makes it,
    but without that constructor's interpreted call: compiled engines make one a game."""
    return tuple.__new__(Result, (finished, winners, scores, ranking, turns, counters))
