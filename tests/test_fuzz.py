"""Fuzzing what a user or an attacker can hand deckgen (issue 15): deck and rule files, command
lines, game logs and output names. Whatever the input, the answer is either a result or
exit 2 with one clean line per problem: never a traceback, a hang, Python's or pydantic's
words, or a file outside the output folder.

About 2,900 generated cases, bounded to well under a minute; each case also has a time limit
so a hang fails the test instead of stalling the run.
"""

from __future__ import annotations

import copy
import json
import math
import os
import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.fileio import OutputError, check_output_dir, is_safe_id, output_file
from deckgen.model.deck import MAX_NAME_LENGTH, load_deck_file
from deckgen.model.rules import load_rules_file
from deckgen.paths import decks_dir
from deckgen.sim.log import record_game, replay_log, write_log
from tests.sim.toy_game import install_toy_game

#: Seconds one generated case may take before it counts as a hang.
CASE_LIMIT = 10

#: Words of Python or pydantic that must never reach the user (user values are drawn
#: from alphabets that cannot spell them).
INTERNALS = ("Traceback", "<root>", "Input should", "Value error", "[type=", "function-after", "errors.pydantic",
             "For further information", "Exceeds the limit", "invalid literal", "could not convert")


def fuzz(examples: int):  # type: ignore[no-untyped-def]
    return settings(max_examples=examples, deadline=None, database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: int = CASE_LIMIT) -> Iterator[None]:
    """Fail a case that runs longer than `seconds` (a hang) instead of waiting for it."""
    def stop(signum: int, frame: Any) -> None:
        raise Hang(f"a case ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def assert_clean(lines: list[str], prefix: str) -> None:
    """One problem per line, each naming its source, none in Python's words."""
    assert lines
    for line in lines:
        assert line.startswith(prefix), line
        assert "\n" not in line and "\r" not in line, line
        assert not any(word in line for word in INTERNALS), line


# Values an attacker or a careless designer writes: paths, template syntax, markup, controls,
# reserved names, huge and non-finite numbers.
HOSTILE_TEXT = st.sampled_from([
    "../x", "/etc/passwd", "a/b", "..", "x\ny", "x\x00y", "x\x07", "{", "}", "{id}", "{copy}", "{colour}",
    "{low}{high}", "{0}", "{a.b}", "{a!r}", "{a:>99999}", "{{x}}", "x" * 300, "back-default", "RED", "red",
    "", " ", "id", "name", "copy", "card_number", "readings", "\u2028", "é", "<b>&amp;</b>", "<img src='/x'/>",
    "C:\\x", "~", "null", "true", "1e9", "nan", "0x1f",
])
LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 120), st.sampled_from([10**30, -(10**30), 2**63]),
    st.floats(allow_nan=True, allow_infinity=True), HOSTILE_TEXT, st.text(max_size=8),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.one_of(HOSTILE_TEXT, st.text(max_size=6)), inner, max_size=4)),
    max_leaves=10,
)


def mutate(document: Any, data: st.DataObject) -> Any:
    """A copy of a document with one to three entries replaced, deleted, added or aliased."""
    document = copy.deepcopy(document)
    for _ in range(data.draw(st.integers(1, 3))):
        node = document
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = data.draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, (dict, list)) and child and data.draw(st.booleans()):
                node = child
                continue
            action = data.draw(st.sampled_from(["replace", "delete", "add", "alias"]))
            if action == "replace":
                node[key] = data.draw(VALUES)
            elif action == "delete":
                del node[key]
            elif action == "alias":
                node[key] = document  # dumped as an anchor and an alias of the whole file
            elif isinstance(node, dict):
                node[data.draw(st.one_of(HOSTILE_TEXT, st.text(max_size=6)))] = data.draw(VALUES)
            else:
                node.append(data.draw(VALUES))
            break
    return document


def dump(document: Any) -> str:
    try:
        return yaml.safe_dump(document, allow_unicode=True)
    except (yaml.YAMLError, RecursionError):
        return "id: [unclosed\n"


YAML_TOKENS = st.sampled_from([
    "id: ", "name: ", "attributes: ", "groups: ", "backs: ", "copies: ", "product: ", "toy", "x", "\n", "  ",
    "- ", "[", "]", "{", "}", ", ", ": ", "&a ", "*a", "!!python/object:os.system ", "!!binary ", "!!set ",
    "<<: ", "'", '"', "# ", "\t", "\ufeff", "1e9", "0x10", ".nan", "~", "? ", "|\n", ">", "---\n", "...\n",
    "%YAML 1.1\n", "2001-01-01", "true", "1" * 50,
])
SHIPPED_DECKS = {p.parent.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in decks_dir().glob("*/deck.yaml")}
SHIPPED_RULES = {p: yaml.safe_load(p.read_text(encoding="utf-8")) for p in decks_dir().glob("*/games/*.yaml")}


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def check_deck_file(path: Path, text: str, root: Path) -> None:
    path.write_text(text, encoding="utf-8")
    try:
        with time_limit():
            deck = load_deck_file(path)
    except DeckgenError as exc:
        assert_clean(exc.problems, f"{path}")
        return
    assert deck.backs and len({b.id for b in deck.backs}) == len(deck.backs)
    for card in deck.cards:
        assert is_safe_id(card.id)
        assert len(card.name) <= MAX_NAME_LENGTH and "\n" not in card.name
        keys = ["id", "name", *card.attrs, *card.fields] + ([deck.number_field] if deck.number_field else [])
        assert len(keys) == len(set(keys)), keys  # nothing overwrites anything in the listing
        target = output_file(root, deck.id, "png", f"{card.id}.png")
        assert target.resolve().is_relative_to(root.resolve())


def test_fuzz_deck_files(work: Path) -> None:
    path = work / "fuzz" / "deck.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)

    @fuzz(500)
    @given(st.sampled_from(sorted(SHIPPED_DECKS)), st.data())
    def mutated(deck_id: str, data: st.DataObject) -> None:
        document = mutate(SHIPPED_DECKS[deck_id], data)
        if isinstance(document, dict):
            document["id"] = "fuzz"
        check_deck_file(path, dump(document), work)

    @fuzz(300)
    @given(st.lists(YAML_TOKENS, max_size=40).map("".join))
    def raw_text(text: str) -> None:
        check_deck_file(path, text, work)

    mutated()
    raw_text()


def test_fuzz_rule_files(work: Path) -> None:
    paths = sorted(SHIPPED_RULES)

    @fuzz(300)
    @given(st.sampled_from(paths), st.data())
    def mutated(source: Path, data: st.DataObject) -> None:
        target = work / source.parent.parent.name / "games" / source.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(dump(mutate(SHIPPED_RULES[source], data)), encoding="utf-8")
        try:
            with time_limit():
                load_rules_file(target)
        except DeckgenError as exc:
            assert_clean(exc.problems, f"{target}")

    mutated()


ARG_TEXT = st.one_of(HOSTILE_TEXT, st.text(max_size=6))
FIELDS = ["game", "players", "bots", "option", "seed", "index", "games", "jobs", "click"]


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command line that would run, with one field (or none) replaced by a hostile value:
    each failure is then the hostile field's, and the valid ones run whole games."""
    command = draw(st.sampled_from(["simulate", "play"]))
    bad = draw(st.sampled_from([None, *FIELDS]))

    def pick(field: str, valid: list[str], invalid: list[str]) -> str:
        if field != bad:
            return draw(st.sampled_from(valid))
        return draw(st.one_of(st.sampled_from(invalid), ARG_TEXT))

    args = [command, pick("game", ["toy", "toy-high-card"], ["chess", "", "../toy", "toy\n"])]
    counts = ["2", "3", "4"] + (["2-4", "2,3", " 3 ", "٣"] if command == "simulate" else [])
    args += ["--players", pick("players", counts, ["4-2", "x", "-1", "0", "999", "2-", "2,,3", "1e3", "5"])]
    args += ["--bots", pick("bots", ["random", "greedy"], ["random,", ",", "clever", "random," * 9])]
    args += ["--option", pick("option", ["low_wins=yes", "pass_allowed=0", "low_wins=off"],
                              ["low_wins=maybe", "low_wins=nan", "speed=1", "=", "low_wins", "low_wins=2"])]
    args += ["--seed", pick("seed", ["1", "7", "-3", "123456789"], ["x", "1e3", "99" * 3000, "", "nan"])]
    if command == "play":
        args += ["--game-index", pick("index", ["0", "5", "1000000"], ["-1", "x", "1.5"])]
    else:
        args += ["--games", pick("games", ["1", "3", "10"], ["0", "-1", "x", "99999999999", "1e3"])]
        args += ["--jobs", pick("jobs", ["1", "2", "auto", "1000"], ["0", "x", "-2", "1.5", "9" * 30])]
        if draw(st.booleans()):
            args.append("--json")
    if bad == "click":
        args.insert(draw(st.integers(0, len(args))), draw(st.sampled_from(["--bogus", "--players", "-h", "--", "x"])))
    return args


@st.composite
def validate_lines(draw: st.DrawFn, folder: Path) -> list[str]:
    """`validate` of paths that are not deck or rule files, or not files at all. (No NUL
    characters: a real command line cannot hold them, and click itself stumbles on them.)"""
    names = [str(folder), str(folder / "pipe"), str(folder / "missing.yaml"), "/dev/zero", "/dev/null", "/",
             "/proc/self/status", str(folder / "empty"), str(folder / "junk.yaml")]
    paths = st.one_of(st.sampled_from(names), ARG_TEXT.filter(lambda text: "\0" not in text))
    return ["validate", *draw(st.lists(paths, min_size=1, max_size=3))]


def test_fuzz_command_lines(work: Path) -> None:
    runner = CliRunner()
    folder = work / "paths"
    (folder / "empty").mkdir(parents=True, exist_ok=True)
    (folder / "junk.yaml").write_text("- [unclosed", encoding="utf-8")
    if not (folder / "pipe").exists():
        os.mkfifo(folder / "pipe")
    with pytest.MonkeyPatch.context() as patch:
        install_toy_game(patch)

        @fuzz(400)
        @given(st.one_of(command_lines(), command_lines(), validate_lines(folder)))
        def command_line(args: list[str]) -> None:
            with time_limit():
                result = runner.invoke(main, args)
            assert result.exit_code in (0, 2), (args, result.output, result.exception)
            assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exc_info)
            if result.exit_code == 2:
                assert result.stdout == ""
                assert_clean([line for line in result.stderr.splitlines() if not line.startswith("note: ")], "error: ")

        command_line()


def recorded_logs() -> list[list[dict[str, Any]]]:
    from deckgen.games.base import get_game

    game = get_game("toy-high-card")
    return [record_game(game, n, ["random"] * n, seed, 0, {})[1] for n, seed in ((2, 1), (3, 2), (4, 3))]


LOG_KEYS = st.sampled_from(["type", "turn", "seat", "move", "event", "version", "game", "players", "seed", "index",
                            "options", "format", "finished", "winners", "scores", "text", "hands"])
JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from([10**30, -1, 2**63]),
                        st.floats(allow_nan=False, allow_infinity=False), HOSTILE_TEXT, st.text(max_size=8))
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=10,
)
RAW_LINES = st.sampled_from([
    "", "   ", "\ufeff", "[" * 5000, "[" * 40 + "]" * 40, "NaN", '{"type": NaN}', "{", "\x00", "x" * 2000,
    '{"type": "move"}', '{"type": "header"}', '{"type": "chance", "turn": 0}', '{"type": "result"}',
    '{"type": "move", "type": "chance"}', '{"type": "x", "a": 1e999}', "1" * 5000,
])


@st.composite
def tampered(draw: st.DrawFn, logs: list[list[dict[str, Any]]]) -> bytes:
    lines: list[Any] = copy.deepcopy(draw(st.sampled_from(logs)))
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["drop", "dup", "swap", "set", "del", "raw", "truncate", "option"]))
        i = draw(st.integers(0, len(lines) - 1))
        if action == "drop" and len(lines) > 1:
            lines.pop(i)
        elif action == "dup":
            lines.insert(i, copy.deepcopy(lines[i]))
        elif action == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif action == "set" and isinstance(lines[i], dict):
            lines[i][draw(LOG_KEYS)] = draw(JSON_VALUES)
        elif action == "del" and isinstance(lines[i], dict) and lines[i]:
            lines[i].pop(draw(st.sampled_from(sorted(lines[i]))))
        elif action == "raw":
            lines.insert(i, draw(RAW_LINES))
        elif action == "truncate":
            lines = lines[: i + 1]
        elif action == "option" and isinstance(lines[0], dict) and isinstance(lines[0].get("options"), dict):
            lines[0]["options"][draw(st.sampled_from(["low_wins", "pass_allowed", "speed"]))] = draw(JSON_VALUES)
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    if draw(st.integers(0, 4)) == 3:
        text = "\ufeff" + text
    if draw(st.integers(0, 4)) == 3:
        text = text.replace("\n", "\r\n")
    data = text.encode("utf-8")
    if draw(st.integers(0, 9)) == 7:
        cut = draw(st.integers(0, len(data)))
        data = data[:cut] + b"\xff" + data[cut:]
    return data


def test_fuzz_replay_logs(work: Path) -> None:
    path = work / "tampered.jsonl"
    with pytest.MonkeyPatch.context() as patch:
        install_toy_game(patch)
        logs = recorded_logs()
        write_log(path, logs[0])
        assert replay_log(path)[0]["game"] == "toy-high-card"

        @fuzz(600)
        @given(tampered(logs))
        def replay(data: bytes) -> None:
            path.write_bytes(data)
            try:
                with time_limit():
                    header, _, state = replay_log(path)
            except DeckgenError as exc:
                assert len(exc.problems) == 1
                assert_clean(exc.problems, f"{path}: ")
                return
            assert header["type"] == "header" and state.turns >= 0

        replay()


NAME_TEXT = st.one_of(HOSTILE_TEXT, st.text(max_size=12), st.text(alphabet="./\\\x00ab-", max_size=8))


def test_fuzz_output_names(work: Path) -> None:
    root = work / "out"
    (root / "mirror").mkdir(parents=True, exist_ok=True)
    outside = work / "elsewhere"
    outside.mkdir(exist_ok=True)
    link = root / "escape"
    if not link.is_symlink():
        link.symlink_to(outside)

    @fuzz(300)
    @given(st.lists(NAME_TEXT, min_size=1, max_size=3))
    def names(parts: list[str]) -> None:
        try:
            target = output_file(root, *parts)
        except OutputError as exc:
            assert_clean(exc.problems, f"{root}: ")
            return
        assert target.resolve().is_relative_to(root.resolve())

    @fuzz(200)
    @given(st.lists(NAME_TEXT.filter(lambda text: "\0" not in text), min_size=1, max_size=2))
    def folders(parts: list[str]) -> None:
        before = sorted(work.rglob("*"))
        try:
            check_output_dir(work.joinpath(*parts))
        except OutputError as exc:
            assert_clean(exc.problems, "")
        assert sorted(work.rglob("*")) == before  # checking a folder creates nothing

    names()
    folders()


def test_fuzz_option_values() -> None:
    from deckgen.errors import BadOption
    from deckgen.model.rules import GameRules

    rules = GameRules.model_validate({
        "id": "fuzz", "name": "Fuzz", "deck": "mirror", "players": {"min": 2, "max": 2},
        "metadata": {"minutes": "1", "complexity": 1, "designer": "tests"}, "setup": {2: {}}, "turn_cap": 10,
        "options": {
            "rate": {"type": "float", "default": 0.5, "min": 0, "max": 1, "description": "A rate."},
            "rounds": {"type": "int", "default": 3, "min": 1, "max": 9, "description": "Rounds."},
            "fast": {"type": "bool", "default": False, "description": "Fast."},
            "size": {"type": "choice", "default": "s", "choices": ["s", "l"], "description": "Size."},
        },
    })

    @fuzz(300)
    @given(st.dictionaries(st.sampled_from(["rate", "rounds", "fast", "size", "x"]),
                           st.one_of(ARG_TEXT, JSON_VALUES, st.sampled_from(["1e9", "nan", "-inf", "0.5", "7", "1" * 5000])),
                           max_size=3))
    def resolve(given: dict[str, Any]) -> None:
        try:
            resolved = rules.resolve_options(given)
        except BadOption as exc:
            assert_clean(exc.problems, "game fuzz: ")
            return
        assert 0 <= resolved["rate"] <= 1 and math.isfinite(resolved["rate"]) and 1 <= resolved["rounds"] <= 9

    resolve()
