"""A game log as the lines `deckgen play` prints: a header, a line per move, the chance
events the engine puts in words, and the result. Golden transcripts in the tests are these
lines, so a changed game shows where it parts from the pinned one."""

from __future__ import annotations

from typing import Any, Iterator

from deckgen.games.base import Game

LogLine = dict[str, Any]


def describe_result(result: LogLine, turn_cap: int) -> str:
    """One line for a logged result: who won and the scores, or why the game did not finish."""
    scores = ", ".join(f"{s:g}" for s in result["scores"])
    if not result["finished"]:
        return f"result: unfinished after {result['turns']} turns (turn cap {turn_cap}); scores {scores}"
    winners = result["winners"]
    who = f"seat {winners[0]} wins" if len(winners) == 1 else "seats " + ", ".join(map(str, winners)) + " share the win"
    return f"result: {who} after {result['turns']} turns; scores {scores}"


def transcript(game: Game, lines: list[LogLine]) -> Iterator[str]:
    """The printed transcript of a recorded game (lines as `sim.log.record_game` returns them)."""
    header = lines[0]
    yield (
        f"{game.rules.name}: {header['players']} players, seed {header['seed']}, game {header['index']}, "
        f"bots {', '.join(header['bots'])}"
    )
    for line in lines[1:]:
        if line["type"] == "move":
            yield f"{line['turn']:>5}  {line['text']}"
        elif line["type"] == "chance" and (event := game.describe_event(line["event"])) is not None:
            yield f"{'':>5}    {event}"
        elif line["type"] == "result":
            yield describe_result(line, game.rules.turn_cap)
