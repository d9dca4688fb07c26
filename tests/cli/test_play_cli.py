"""The games, play, replay and simulate commands, run through click's CliRunner on the toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deckgen.cli import main
from deckgen.games.base import Game
from tests.fresh_process import python_output
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_games_lists_id_name_deck_players_bots(toy_game: Game) -> None:
    result = run("games")
    assert result.exit_code == 0
    assert "toy-high-card" in result.stdout and "Toy High Card" in result.stdout and "2-4" in result.stdout
    listed = json.loads(run("games", "--json").stdout)
    assert listed == [{"id": "toy-high-card", "name": "Toy High Card", "deck": "mirror", "players": {"min": 2, "max": 4},
                       "bots": ["random", "greedy", "search"]}]


def test_games_lists_every_game_without_running_a_text_template() -> None:
    """The list reads each rule file for play (names, decks, player counts), its text left to
    the booklets: no template engine loads, in a fresh process."""
    script = ("import sys\n"
              "from click.testing import CliRunner\n"
              "from deckgen.cli import main\n"
              "result = CliRunner().invoke(main, ['games'])\n"
              "assert result.exit_code == 0 and 'mystique-chain' in result.stdout, result.output\n"
              "print('jinja2' in sys.modules)\n")
    assert python_output(script) == "False"


def test_play_of_a_cached_game_loads_no_schema_library(tmp_path: Path) -> None:
    """A game log's lines are checked for their shape without the data files' YAML reader and
    schemas: a second `deckgen play` of a game loads neither PyYAML nor pydantic."""
    script = ("import sys\n"
              "from click.testing import CliRunner\n"
              "from deckgen.cli import main\n"
              "result = CliRunner().invoke(main, ['play', 'mystique-chain', '--seed', '2'])\n"
              "assert result.exit_code == 0 and 'wins' in result.stdout, result.output\n"
              "print(sorted(name for name in ('pydantic', 'yaml') if name in sys.modules))\n")
    assert [python_output(script, tmp_path) for _ in range(2)] == ["['pydantic', 'yaml']", "[]"]


def test_play_prints_a_transcript_and_writes_a_log_that_replays(toy_game: Game, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = run("play", "toy", "--players", "3", "--seed", "9", "--bots", "greedy", "--log", str(log))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Toy High Card: 3 players, seed 9, game 0, bots greedy, greedy, greedy"
    assert "seat 0 plays" in lines[1]
    assert lines[-1].startswith("result: ")
    assert "log written" in result.stderr
    replayed = run("replay", str(log))
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout.splitlines()[-1] == lines[-1]


def test_play_game_index_is_the_simulated_game(toy_game: Game, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    run("play", "toy", "--players", "2", "--seed", "4", "--game-index", "17", "--log", str(log))
    header = json.loads(log.read_text().splitlines()[0])
    assert (header["seed"], header["index"]) == (4, 17)
    assert run("replay", str(log)).exit_code == 0


def test_transcript_names_the_seat_of_every_move(toy_game: Game) -> None:
    moves = run("play", "toy", "--players", "2", "--seed", "3").stdout.splitlines()[1:-1]
    assert moves and all(line.split()[1] == "seat" for line in moves)
    assert any(line.split()[3] == "passes" for line in moves)


def test_mirrorquest_transcript_says_what_each_draw_brought(tmp_path: Path) -> None:
    """Under its move, one line per card drawn, picked up or taken as a penalty, per call
    and per reshuffle: every chance event of the log but the deal."""
    log = tmp_path / "mirrorquest.jsonl"
    result = run("play", "mirrorquest", "--players", "4", "--seed", "2", "--option", "call_miss_rate=0.5",
                 "--log", str(log))
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in log.read_text().splitlines()]
    events = [r["event"] for r in records if r["type"] == "chance" and r["event"]["type"] != "deal"]
    shown = [line.strip() for line in result.stdout.splitlines() if line.startswith(" " * 9)]
    assert len(shown) == len(events)
    assert {e.get("reason", e["type"]) for e in events} >= {"draw", "pickup", "called", "penalty"}
    lines = result.stdout.splitlines()
    drawn = lines.index("   10  seat 2 draws a card")
    assert lines[drawn + 1] == "         it is Red Hare in Winterwoods"
    called = lines.index("         an opponent calls seat 3's name first")
    assert lines[called + 1].startswith("         seat 3 draws a penalty card: ")


def test_play_reports_unfinished_games(toy_game: Game) -> None:
    outcomes = {run("play", "toy", "--players", "4", "--seed", str(s)).stdout.splitlines()[-1].split()[1] for s in range(8)}
    assert "unfinished" in outcomes


def test_simulate_json(toy_game: Game) -> None:
    result = run("simulate", "toy", "--players", "2", "--games", "300", "--seed", "5", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    for key in ("game", "players", "games", "seed", "finished", "unfinished", "seat_wins", "seat_win_rate",
                "seat_p_value", "length", "counters"):
        assert key in summary
    assert summary["finished"] + summary["unfinished"] == 300
    assert result.stderr == ""  # no progress line when stderr is not a terminal
    assert sum(summary["seat_wins"]) == pytest.approx(summary["finished"])
    assert set(summary["length"]) == {"games", "mean", "sd", "median", "p90", "max"}
    assert summary["length"]["sd"] >= 0
    assert summary["counters"]["passes"]["total"] > 0


def test_simulate_gives_the_same_json_whatever_the_jobs(toy_game: Game) -> None:
    args = ("simulate", "toy", "--players", "2-3", "--games", "400", "--seed", "8", "--json")
    one, two = run(*args, "--jobs", "1"), run(*args, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    assert [s["players"] for s in json.loads(one.stdout)] == [2, 3]


def test_simulate_table_and_plot(toy_game: Game, tmp_path: Path) -> None:
    plot = tmp_path / "wins.png"
    result = run("simulate", "toy", "--players", "3", "--games", "200", "--bots", "greedy,random,random",
                 "--option", "low_wins=true", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout and "chi-square" in result.stdout and "low_wins=true" in result.stdout
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_progress_goes_to_stderr_only(toy_game: Game) -> None:
    result = run("simulate", "toy", "--players", "2", "--games", "300", "--json", "--progress")
    assert result.exit_code == 0
    json.loads(result.stdout)
    assert "300/300 games" in result.stderr and "#" in result.stderr
    assert "#" not in result.stdout and "\r" not in result.stdout
    quiet = run("simulate", "toy", "--players", "2", "--games", "50", "--no-progress")
    assert quiet.stderr == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess"), "unknown game 'chess'"),
        (("play", "toy", "--players", "7"), "7 players not allowed"),
        (("play", "toy", "--bots", "clever"), "unknown bot 'clever'"),
        (("play", "toy", "--bots", "random,random,random"), "3 names for 2 players"),
        (("play", "toy", "--option", "speed=2"), "unknown option 'speed'"),
        (("play", "toy", "--option", "low_wins=maybe"), "option low_wins"),
        (("play", "toy", "--option", "low_wins"), "expected key=value"),
        (("play", "toy", "--game-index", "-1"), "--game-index -1"),
        (("simulate", "chess"), "unknown game 'chess'"),
        (("simulate", "toy", "--players", "2-9"), "not allowed"),
        (("simulate", "toy", "--players", "two"), "expected a count"),
        (("simulate", "toy", "--players", "4-2"), "from low to high"),
        (("simulate", "toy", "--players", "2-3", "--bots", "random,greedy"), "2 names for 3 players"),
        (("simulate", "toy", "--bots", "clever"), "unknown bot 'clever'"),
        (("simulate", "toy", "--option", "x=1"), "unknown option 'x'"),
        (("simulate", "toy", "--jobs", "0"), "--jobs '0'"),
        (("simulate", "toy", "--games", "0"), "at least one game"),
        (("simulate", "toy", "--games", "10", "--plot", "/dev/null/x.png"), "x.png: cannot write (a part of the path is a file"),
        (("simulate", "toy", "--games", "10", "--plot", "wins.jpeg"), "give a file ending in .png, .pdf, .svg"),
    ],
)
def test_bad_input_exits_2_with_one_line(toy_game: Game, args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


def test_replay_errors_exit_2_with_one_line(toy_game: Game, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    run("play", "toy", "--players", "2", "--log", str(log))
    lines = log.read_text().splitlines()
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines[:-1] + [lines[-1].replace('"finished":true', '"finished":false')]) + "\n")
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text('{"type": "header", "format": "rlcard"}\n')
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text(lines[0] + "\n{not json\n")
    for path, message in (
        (tampered, "result differs: finished"),
        (foreign, "not a deckgen game log"),
        (corrupt, "line 2: not a deckgen game log (not JSON)"),
        (tmp_path / "missing.jsonl", "file not found"),
    ):
        result = run("replay", str(path))
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        assert result.stderr.splitlines() == [result.stderr.strip()] and message in result.stderr


def test_replay_show_prints_the_public_state_after_each_move(tmp_path: Path) -> None:
    """Boards for grid games, face-up cards and pile tops; hidden zones only by their size."""
    log = tmp_path / "clique.jsonl"
    assert run("play", "clique-mystique", "--seed", "4", "--log", str(log)).exit_code == 0
    shown = run("replay", str(log), "--show")
    assert shown.exit_code == 0, shown.output
    out = shown.stdout.splitlines()
    moves = [json.loads(line) for line in log.read_text().splitlines() if '"type":"move"' in line]
    assert [line[7:] for line in out if line[:5].strip().isdigit()] == [m["text"] for m in moves]
    assert out[1].split() == ["-1", "0", "1"]  # the board's column header after the first move
    hands = [line.strip() for line in out if line.strip().startswith("hand/")]
    assert hands and all(line.endswith(("card", "cards")) for line in hands)  # sizes, never the cards
    pillars = tmp_path / "pillars.jsonl"
    assert run("play", "mystique-pillars", "--seed", "3", "--log", str(pillars)).exit_code == 0
    tops = [line.strip() for line in run("replay", str(pillars), "--show").stdout.splitlines() if "pillar/0:" in line]
    assert tops and all(" on top of " in line for line in tops)


def test_play_moves_plays_the_given_notation_first_then_the_bots(tmp_path: Path) -> None:
    log = tmp_path / "pillars.jsonl"
    result = run("play", "mystique-pillars", "--seed", "2", "--moves", "take from pillar 1; take from pillar 3",
                 "--log", str(log))
    assert result.exit_code == 0, result.output
    moves = [json.loads(line) for line in log.read_text().splitlines() if '"type":"move"' in line]
    assert [m["notation"] for m in moves[:2]] == ["take from pillar 1", "take from pillar 3"] and len(moves) > 2
    assert [m["move"] for m in moves[:2]] == [[0, 1, -1], [0, 3, -1]]
    assert result.stdout.splitlines()[1].endswith("from pillar 1") and run("replay", str(log)).exit_code == 0
    illegal = run("play", "mystique-pillars", "--seed", "2", "--moves", "play red-suns-3 on pillar 0")
    assert illegal.exit_code == 2 and "is not a legal move" in illegal.stderr
    unreadable = run("play", "mystique-pillars", "--moves", "take from pillar x")
    assert unreadable.exit_code == 2 and "expected a whole number, found 'x'" in unreadable.stderr
