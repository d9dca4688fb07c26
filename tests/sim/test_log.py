"""Game logs: write, read back, replay; every tampering or foreign file is caught."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from deckgen.games.base import Game
from deckgen.sim.log import FORMAT_NAME, LogError, read_log, record_game, replay_lines, replay_log, write_log
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


def write_game(game: Game, path: Path, seed: int = 3, index: int = 0, **options: object) -> list[dict]:
    state, lines = record_game(game, 2, ["random", "random"], seed, index, dict(options))
    write_log(path, lines)
    return lines


def rewrite(path: Path, change) -> None:
    """Apply `change` to the parsed lines of a log and write it back."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    change(lines)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def test_round_trip_reproduces_the_final_state(toy_game: Game, tmp_path: Path) -> None:
    for index in range(20):
        path = tmp_path / f"game{index}.jsonl"
        state, lines = record_game(toy_game, 3, ["random", "greedy", "random"], 5, index, {"low_wins": True})
        write_log(path, lines)
        header, _, replayed = replay_log(path)
        assert header["options"] == {"pass_allowed": True, "low_wins": True}
        assert replayed.result() == state.result()
        assert [replayed.observation(s) for s in range(3)] == [state.observation(s) for s in range(3)]


def test_log_contents(toy_game: Game, tmp_path: Path) -> None:
    lines = write_game(toy_game, tmp_path / "g.jsonl")
    header = lines[0]
    assert header["format"] == FORMAT_NAME and header["version"] == 1
    assert {k: header[k] for k in ("game", "players", "seed", "index", "bots")} == {
        "game": "toy-high-card", "players": 2, "seed": 3, "index": 0, "bots": ["random", "random"]}
    assert lines[1]["type"] == "chance" and lines[1]["event"]["type"] == "deal"
    moves = [line for line in lines if line["type"] == "move"]
    assert [m["turn"] for m in moves] == list(range(len(moves)))
    assert {m["text"].split(" ", 2)[2] for m in moves if m["move"] == [-1]} <= {"passes"}
    names = toy_game.cards.names
    assert all(m["text"] == f"seat {m['seat']} plays {names[m['move'][0]]}" for m in moves if m["move"] != [-1])
    assert lines[-1]["type"] == "result"


def first_line_of(path: Path, kind: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines()) if json.loads(line)["type"] == kind)


def test_an_illegal_move_fails_with_its_line(toy_game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(toy_game, path)
    position = first_line_of(path, "move")

    def play_a_card_not_in_hand(lines: list[dict]) -> None:
        lines[position]["move"] = [0]

    rewrite(path, play_a_card_not_in_hand)
    with pytest.raises(LogError, match=rf"line {position + 1}: seat 0 at turn 0: 'seat 0 plays .*' is not a legal move") as failure:
        replay_log(path)
    assert len(failure.value.problems) == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda lines, i: lines[i]["event"]["hands"].reverse(), "chance event differs"),
        (lambda lines, i: lines.pop(i), "chance event the log does not have"),
        (lambda lines, i: lines.insert(i + 1, dict(lines[i])), "the engine did not draw"),
    ],
    ids=["changed", "removed", "added"],
)
def test_a_tampered_chance_event_fails(toy_game: Game, tmp_path: Path, change, message: str) -> None:
    path = tmp_path / "g.jsonl"
    write_game(toy_game, path)
    position = first_line_of(path, "chance")
    rewrite(path, lambda lines: change(lines, position))
    with pytest.raises(LogError, match=message):
        replay_log(path)


def test_a_tampered_seat_turn_or_result_fails(toy_game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(toy_game, path)
    original = path.read_text()
    move = first_line_of(path, "move")
    cases = [
        (lambda lines: lines[move].update(seat=1), "seat 1 moves but it is seat 0's turn"),
        (lambda lines: lines[move].update(turn=5), "logged at turn 5"),
        (lambda lines: lines[-1].update(winners=[0] if lines[-1]["winners"] != [0] else [1]), "result differs: winners"),
        (lambda lines: lines[-1].update(scores=[9, 9]), "result differs: scores"),
        (lambda lines: lines.pop(), "ends without a result line"),
        (lambda lines: lines.append(lines[-1]), "lines after the result"),
        (lambda lines: lines.insert(1, {"type": "comment"}), "unexpected 'comment' line"),
        (lambda lines: lines[move].pop("move"), "field 'move' is missing"),
        (lambda lines: lines[move].update(move=None), r"move line: field 'move' is null \(expected the move as"),
        (lambda lines: lines[move].update(move="x"), 'move "x" cannot be read by the toy-high-card engine'),
        (lambda lines: lines[move].update(move=[99]), r"move \(99,\) is not a legal move"),
    ]
    for change, message in cases:
        path.write_text(original)
        rewrite(path, change)
        with pytest.raises(LogError, match=message):
            replay_log(path)


def test_moves_past_the_turn_cap_fail(toy_game: Game, tmp_path: Path) -> None:
    capped = next(
        lines for index in range(50)
        if not (lines := record_game(toy_game, 4, ["random"] * 4, 1, index, {})[1])[-1]["finished"]
    )
    extra = dict(next(line for line in capped if line["type"] == "move"), turn=capped[-1]["turns"])
    path = tmp_path / "g.jsonl"
    write_log(path, capped[:-1] + [extra, capped[-1]])
    with pytest.raises(LogError, match=r"move after the game reached its turn cap \(14\)"):
        replay_log(path)


def test_a_log_cut_before_the_end_fails(toy_game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = write_game(toy_game, path, seed=3)
    assert lines[-1]["finished"]
    moves = [i for i, line in enumerate(lines) if line["type"] == "move"]
    cut = lines[: moves[-1]] + [lines[-1]]
    write_log(path, cut)
    with pytest.raises(LogError, match="result differs|stops at turn"):
        replay_log(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty file"),
        (b"\xff\xfe\x00binary", "not a UTF-8 text file"),
        (b"hello world\n", "line 1: not a deckgen game log \\(not JSON\\)"),
        (b"[1, 2, 3]\n", "expected a JSON object"),
        (b'{"type": "header", "format": "other-log", "version": 1}\n', "not a deckgen game log"),
        (b'{"type": "move", "seat": 0}\n', "not a deckgen game log"),
        (b'{"type":"header","format":"deckgen-game-log","version":9}\n', "version 9 is newer"),
        (b'{"type":"header","format":"deckgen-game-log","version":1,"game":"chess","players":2,'
         b'"seed":1,"index":0,"options":{},"bots":[]}\n', "unknown game 'chess'"),
        (b'{"type":"header","format":"deckgen-game-log","version":1,"game":"toy","players":9,'
         b'"seed":1,"index":0,"options":{},"bots":[]}\n', "9 players not allowed"),
        (b'{"type":"header","format":"deckgen-game-log","version":1,"game":"toy","players":2,'
         b'"seed":"one","index":0,"options":{},"bots":[]}\n', "field 'seed'"),
        (b'{"type":"header","format":"deckgen-game-log","version":1,"game":"toy","players":2,'
         b'"seed":1,"index":0,"options":{"speed":1},"bots":[]}\n', "unknown option 'speed'"),
    ],
)
def test_foreign_or_corrupt_files_fail_with_one_line(
    toy_game: Game, tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "foreign.jsonl"
    path.write_bytes(content)
    with pytest.raises(LogError, match=message) as failure:
        replay_log(path)
    assert len(failure.value.problems) == 1 and "\n" not in failure.value.problems[0]


def test_a_missing_file_fails(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="file not found"):
        replay_log(tmp_path / "none.jsonl")


# Hostile or faulty logs (issue 15): each is one line, no RecursionError, no growth.


def header(**changes: object) -> bytes:
    line = {"type": "header", "format": "deckgen-game-log", "version": 1, "game": "toy", "players": 2,
            "seed": 1, "index": 0, "options": {}, "bots": []}
    line.update(changes)
    return (json.dumps(line) + "\n").encode()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (header(version=0), "line 1: log format version 0 does not exist (expected 1)"),
        (header(version=-3), "line 1: log format version -3 does not exist (expected 1)"),
        (header(version=True), "field 'version' is missing or of the wrong type"),
        (header(index=-1), "line 1: header line: game index -1 is negative (expected 0 or more)"),
        (b"[" * 5000 + b"]" * 5000 + b"\n", "line 1: nested too deeply (not a deckgen game log line)"),
        (b'{"type": "x", "a": ' + b"[" * 100 + b"]" * 100 + b"}\n",
         "line 1: nested more than 32 levels deep (not a deckgen game log line)"),
        (b'{"type": "header", "seed": NaN}\n', "line 1: NaN is not a JSON number (expected a deckgen game log line)"),
        (b'{"type": "header", "type": "move"}\n',
         "line 1: key \"type\" appears twice in one object (expected a deckgen game log line)"),
        (b'{"type": "' + b"x" * (1024 * 1024) + b'"}\n', "line 1: line longer than 1024 KiB"),
        (b'{"seed": ' + b"1" * 5000 + b"}\n", "line 1: not a deckgen game log (not JSON)"),
    ],
    ids=["version-0", "version-negative", "version-bool", "index", "5000-brackets", "deep", "nan", "dup-key",
         "long-line", "huge-int"],
)
def test_hostile_lines_fail_with_one_line(toy_game: Game, tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "hostile.jsonl"
    path.write_bytes(content)
    with pytest.raises(LogError) as failure:
        replay_log(path)
    (line,) = failure.value.problems
    assert line.startswith(f"{path}: ") and message in line and "\n" not in line


def test_devices_pipes_and_folders_are_refused(tmp_path: Path) -> None:
    for path in (Path("/dev/zero"), tmp_path):
        with pytest.raises(LogError, match="not a regular file|is a folder"):
            replay_log(path)
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(LogError, match="not a regular file"):
        replay_log(fifo)


def test_a_bom_log_replays_like_a_bom_deck_loads(toy_game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(toy_game, path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert replay_log(path)[0]["game"] == "toy-high-card"


def test_a_chance_line_at_the_wrong_turn_fails(toy_game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(toy_game, path)
    position = first_line_of(path, "chance")
    rewrite(path, lambda lines: lines[position].update(turn=3))
    with pytest.raises(LogError, match=rf"line {position + 1}: chance event logged at turn 3 but its move is at turn 0"):
        replay_log(path)
    rewrite(path, lambda lines: lines[position].pop("turn"))
    with pytest.raises(LogError, match="chance line: field 'turn' is missing"):
        replay_log(path)


def test_an_engine_that_cannot_read_a_move_is_one_line(toy_game: Game, tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "g.jsonl"
    write_game(toy_game, path)

    def fussy_reader(data: object) -> object:
        raise RuntimeError("engine internals")

    monkeypatch.setattr(toy_game, "move_from_json", fussy_reader)
    with pytest.raises(LogError, match="cannot be read by the toy-high-card engine") as failure:
        replay_lines(read_log(path), str(path), toy_game)
    assert "internals" not in str(failure.value)


def test_moves_carry_their_notation_which_must_name_the_same_move(toy_game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    lines = write_game(toy_game, path)
    moves = [line for line in lines if line["type"] == "move"]
    assert all(m["notation"] == " ".join(map(str, m["move"])) for m in moves)  # the toy's moves hold no card slots
    position = first_line_of(path, "move")
    other = "-2" if moves[0]["notation"] != "-2" else "-3"
    rewrite(path, lambda lines: lines[position].update(notation=other))
    with pytest.raises(LogError, match=rf"line {position + 1}: notation '{other}' is not the move"):
        replay_log(path)


def test_replay_from_text_plays_the_notation_not_the_json(toy_game: Game, tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    write_game(toy_game, path)
    rewrite(path, lambda lines: [line.update(move=[999]) for line in lines if line["type"] == "move"])
    with pytest.raises(LogError):
        replay_log(path)
    _, _, state = replay_log(path, from_text=True)
    assert state.is_over
    rewrite(path, lambda lines: [line.update(notation="no-such-card") for line in lines if line["type"] == "move"])
    with pytest.raises(LogError, match="'no-such-card' is neither a number nor a card"):
        replay_log(path, from_text=True)
