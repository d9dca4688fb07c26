"""JSON-lines game logs: written while a game is played, replayed move by move through the engine.

A log holds a header, every chance event the engine recorded (the deal, draws, reshuffles),
every move and the result; docs/game-log.md describes the format. Replaying re-creates the
game from the header's seed and game index (so chance repeats), checks every move with
`state.play` and compares the events and the result, so a log proves what happened.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from deckgen import __version__
from deckgen.errors import DeckgenError, IllegalMove, NoLegalMove
from deckgen.fileio import read_limited, shown_path, write_atomic
from deckgen.games.base import Game, Move, State
from deckgen.games.registry import get_game
from deckgen.model.data_shape import shape_problem
from deckgen.sim.play import game_rngs, play_game

FORMAT_NAME = "deckgen-game-log"
FORMAT_VERSION = 1

#: Limits of a log read back: the whole file and one line. The longest shipped game
#: (turn cap 25,000) logs a few MiB; one line is at most a deal of a few hundred card ids.
MAX_LOG_BYTES = 64 * 1024 * 1024
MAX_LINE_BYTES = 1024 * 1024

LogLine = dict[str, Any]


class LogError(DeckgenError):
    """A game log that cannot be read, is not a deckgen log, or does not replay."""


def _jsonable(value: Any) -> Any:
    """The value as it reads back from JSON (tuples become lists), for comparisons."""
    return json.loads(json.dumps(value))


class GameRecorder:
    """Collects the lines of a log while a game is played (hook it into play_game's on_move)."""

    def __init__(self, game: Game, header: LogLine) -> None:
        self.game = game
        self.lines: list[LogLine] = [header]
        self._events_seen = 0
        #: The turn of the move whose events are not yet recorded (0 for the set-up).
        self._turn = 0

    def _flush_events(self, state: State) -> None:
        """Events carry the turn of the move that caused them, even one that ends a turn (a
        round's last trick), so that every event of a move reads as part of it."""
        events = state.events or []
        for event in events[self._events_seen :]:
            self.lines.append({"type": "chance", "turn": self._turn, "event": event})
        self._events_seen = len(events)

    def on_move(self, state: State, move: Move) -> None:
        """Record the events since the previous move, then this move (called before it is applied)."""
        self._flush_events(state)
        self._turn = state.log_turn()
        self.lines.append(
            {
                "type": "move",
                "turn": self._turn,
                "seat": state.current_player,
                "move": self.game.move_to_json(move),
                "notation": state.move_notation(move),
                "text": state.describe_move(move),
            }
        )

    def finish(self, state: State) -> None:
        """Record the last events and the result."""
        self._flush_events(state)
        self.lines.append({"type": "result", **_jsonable(state.result().to_json())})


def make_header(
    game: Game, n_players: int, bot_names: list[str], seed: int, index: int, options: dict[str, Any]
) -> LogLine:
    return {
        "type": "header",
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "game": game.rules.id,
        "players": n_players,
        "seed": seed,
        "index": index,
        "options": _jsonable(options),
        "bots": list(bot_names),
        "deckgen": __version__,
    }


def record_game(
    game: Game,
    n_players: int,
    bot_names: list[str],
    seed: int,
    index: int = 0,
    options: dict[str, Any] | None = None,
    on_move: Callable[[State, Move], None] | None = None,
    opening: Sequence[str] = (),
) -> tuple[State, list[LogLine]]:
    """Play game `index` of seed `seed` with bots, recording it; returns the final state and
    the log lines. The game is the same one the simulator plays for that seed and index
    (after the `opening` moves, given in their notation, when there are some)."""
    game.check_players(n_players)
    resolved = game.rules.resolve_options(options)
    recorder = GameRecorder(game, make_header(game, n_players, bot_names, seed, index, resolved))

    def hook(state: State, move: Move) -> None:
        if on_move is not None:
            on_move(state, move)
        recorder.on_move(state, move)

    try:
        state = play_game(game, n_players, bot_names, seed, index, resolved, record=True, on_move=hook,
                          opening=opening)
    except NoLegalMove as error:
        error.log = recorder.lines  # the moves up to the position without one, for the designer
        raise
    recorder.finish(state)
    return state, recorder.lines


def dump_line(line: LogLine) -> str:
    """One log line as compact JSON text (no newline)."""
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def write_log(path: Path, lines: Iterable[LogLine]) -> None:
    try:
        write_atomic(path, "".join(dump_line(line) + "\n" for line in lines))
    except OSError as exc:
        raise LogError(f"{shown_path(path)}: cannot write the log ({exc.strerror or exc.__class__.__name__})") from None


def read_log(path: Path) -> list[LogLine]:
    """The log's lines as dicts; a missing, binary, oversized or non-JSON-lines file (or
    anything but a regular file) is a LogError. A UTF-8 BOM is allowed, as in data files.
    The log is a file the user names on the command line: read wherever it lies."""
    text = read_limited(path, MAX_LOG_BYTES, "a deckgen game log", LogError, within=None)
    return parse_log(text.splitlines(), shown_path(path))


class _NotJson(ValueError):
    """JSON that Python would accept but the log format does not."""


def _no_constant(name: str) -> Any:
    raise _NotJson(f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        repeated = next(k for i, (k, _) in enumerate(pairs) if k in dict(pairs[:i]))
        raise _NotJson(f"key {json.dumps(repeated)} appears twice in one object")
    return out


def _decode(raw: str, where: str) -> Any:
    """One line as JSON, or a LogError: not JSON, NaN, a key given twice, too deep."""
    if len(raw) > MAX_LINE_BYTES:
        raise LogError(f"{where}: line longer than {MAX_LINE_BYTES // 1024} KiB (not a deckgen game log line)")
    try:
        value = json.loads(raw, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except _NotJson as exc:
        raise LogError(f"{where}: {exc} (expected a deckgen game log line)") from None
    except RecursionError:
        raise LogError(f"{where}: nested too deeply (not a deckgen game log line)") from None
    except ValueError:
        raise LogError(f"{where}: not a deckgen game log (not JSON)") from None
    wrong = shape_problem(value)
    if wrong:
        raise LogError(f"{where}: {wrong} (not a deckgen game log line)")
    return value


def parse_log(raw_lines: Iterable[str], source: str) -> list[LogLine]:
    """Decode JSON lines (blank lines are ignored), each of which must be an object with a type."""
    lines: list[LogLine] = []
    for number, raw in enumerate(raw_lines, start=1):
        if not raw.strip():
            continue
        value = _decode(raw, f"{source}: line {number}")
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise LogError(f"{source}: line {number}: expected a JSON object with a \"type\"")
        value["_line"] = number
        lines.append(value)
    if not lines:
        raise LogError(f"{source}: empty file, not a deckgen game log")
    return lines


class _Replay:
    """Walks the lines of a log against a live engine state, failing at the first difference."""

    def __init__(self, lines: list[LogLine], source: str, game: Game | None,
                 on_move: Callable[[Game, State, LogLine], None] | None = None, from_text: bool = False) -> None:
        self.lines = lines
        self.source = source
        self.position = 0
        self.game = game
        self.on_move = on_move
        #: Read each move from its `notation` instead of its JSON.
        self.from_text = from_text

    def fail(self, line: LogLine | None, message: str) -> LogError:
        where = f"line {line['_line']}: " if line is not None else ""
        return LogError(f"{self.source}: {where}{message}")

    def unreadable(self, line: LogLine, game: Game) -> LogError:
        return self.fail(line, f"move {_short(line['move'])} cannot be read by the {game.rules.id} engine")

    def field(self, line: LogLine, key: str, kind: type | tuple[type, ...]) -> Any:
        value = line.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(line, f"{line['type']} line: field {key!r} is missing or of the wrong type")
        return value

    def start(self) -> tuple[Game, State]:
        header = self.lines[0]
        if header.get("type") != "header" or header.get("format") != FORMAT_NAME:
            raise self.fail(header, f"not a deckgen game log (the first line is not a {FORMAT_NAME} header)")
        version = self.field(header, "version", int)
        if version > FORMAT_VERSION:
            raise self.fail(header, f"log format version {version} is newer than this deckgen reads ({FORMAT_VERSION})")
        if version < 1:
            raise self.fail(header, f"log format version {version} does not exist (expected {FORMAT_VERSION})")
        game_id = self.field(header, "game", str)
        n_players = self.field(header, "players", int)
        seed = self.field(header, "seed", int)
        index = self.field(header, "index", int)
        if index < 0:
            raise self.fail(header, f"header line: game index {index} is negative (expected 0 or more)")
        options = self.field(header, "options", dict)
        try:
            game = self.game if self.game is not None and self.game.rules.id == game_id else get_game(game_id)
            game.check_players(n_players)
            resolved = game.rules.resolve_options(options)
        except DeckgenError as exc:
            raise self.fail(header, "; ".join(exc.problems)) from None
        chance, _ = game_rngs(seed, index)
        state = game.new_game(n_players, chance, resolved, record=True)
        self.position = 1
        return game, state

    def check_events(self, state: State, seen: int, turn: int) -> int:
        """Compare the chance lines at the current position with the engine's new events,
        caused by the move of `turn` (0: the set-up)."""
        events = state.events or []
        for event in events[seen:]:
            line = self.next_line()
            if line is None or line["type"] != "chance":
                raise self.fail(line, f"the engine drew a chance event the log does not have ({_short(event)})")
            logged = self.field(line, "turn", int)
            if logged != turn:
                raise self.fail(line, f"chance event logged at turn {logged} but its move is at turn {turn}")
            # Direct equality is the fast path; tuples in engine events only match after a JSON round trip.
            if line.get("event") != event and line.get("event") != _jsonable(event):
                raise self.fail(
                    line, f"chance event differs from the engine's (log {_short(line.get('event'))}, engine {_short(event)})"
                )
            self.position += 1
        line = self.next_line()
        if line is not None and line["type"] == "chance":
            raise self.fail(line, "chance event in the log that the engine did not draw")
        return len(events)

    def move_from_notation(self, line: LogLine, state: State) -> Move:
        """The move the line's `notation` names."""
        text = self.field(line, "notation", str)
        try:
            return state.parse_move(text)
        except DeckgenError as exc:
            raise self.fail(line, "; ".join(exc.problems)) from None

    def next_line(self) -> LogLine | None:
        """The line at the current position (None at the end); a header or an unknown
        line type here is an error."""
        if self.position >= len(self.lines):
            return None
        line = self.lines[self.position]
        if line["type"] not in ("chance", "move", "result"):
            raise self.fail(line, f"unexpected {line['type']!r} line (expected a chance event, a move or the result)")
        return line

    def run(self) -> tuple[Game, State]:
        game, state = self.start()
        seen = self.check_events(state, 0, 0)
        while (line := self.next_line()) is not None and line["type"] == "move":
            seat = self.field(line, "seat", int)
            turn = self.field(line, "turn", int)
            if line.get("move") is None:
                raise self.fail(line, f"move line: field 'move' is {'null' if 'move' in line else 'missing'} "
                                "(expected the move as the engine logs it)")
            if not state.is_over and state.turns >= game.rules.turn_cap:
                raise self.fail(line, f"move after the game reached its turn cap ({game.rules.turn_cap})")
            if not state.is_over and seat != state.current_player:
                raise self.fail(line, f"seat {seat} moves but it is seat {state.current_player}'s turn")
            if turn != state.log_turn():
                raise self.fail(line, f"move logged at turn {turn} but the game is at turn {state.log_turn()}")
            if self.from_text:
                move = self.move_from_notation(line, state)
            else:
                try:
                    move = game.move_from_json(line["move"])
                except Exception:  # whatever an engine's reader raises on a foreign value
                    raise self.unreadable(line, game) from None
            # The notation is read in the position it was written in: moves that read alike are
            # told apart by which of them is legal there.
            noted = self.move_from_notation(line, state) if not self.from_text and "notation" in line else move
            try:
                state.play(move)
            except IllegalMove as exc:
                raise self.fail(line, "; ".join(exc.problems)) from None
            except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError):
                raise self.unreadable(line, game) from None
            if noted != move:
                raise self.fail(line, f"notation {line['notation']!r} is not the move {_short(line['move'])}")
            self.position += 1
            seen = self.check_events(state, seen, turn)
            if self.on_move is not None:
                self.on_move(game, state, line)
        if line is None:
            raise self.fail(self.lines[-1], "the log ends without a result line")
        logged = {k: v for k, v in line.items() if k not in ("type", "_line")}
        replayed = _jsonable(state.result().to_json())
        for key in sorted(set(logged) | set(replayed)):
            if logged.get(key) != replayed.get(key):
                raise self.fail(
                    line, f"result differs: {key} is {_short(logged.get(key))} in the log, {_short(replayed.get(key))} on replay"
                )
        if not state.is_over and state.turns < game.rules.turn_cap:
            raise self.fail(line, f"the log stops at turn {state.turns}, before the game ended or reached the turn cap")
        if self.position + 1 < len(self.lines):
            raise self.fail(self.lines[self.position + 1], "lines after the result")
        return game, state


def _short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def replay_lines(lines: list[LogLine], source: str = "<log>", game: Game | None = None) -> tuple[Game, State]:
    """Replay parsed log lines through the engine; returns the engine and the final state, or
    raises LogError. `game` is reused when the log is of that game (engines can be costly to build)."""
    return _Replay(lines, source, game).run()


def replay_log(path: Path, on_move: Callable[[Game, State, LogLine], None] | None = None,
               from_text: bool = False) -> tuple[LogLine, Game, State]:
    """Replay a log file; returns its header, the engine and the final state. `on_move` sees
    the engine and the state after each move (checked, with its events) and the move's line;
    `from_text` plays each move as its notation reads."""
    lines = read_log(path)
    game, state = _Replay(lines, shown_path(path), None, on_move, from_text).run()
    return lines[0], game, state
