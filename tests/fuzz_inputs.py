"""Hostile values for the fuzz suite (tests/test_fuzz.py) and how they are drawn: text and
numbers an attacker or a careless designer writes, document mutations, damaged files,
YAML tokens, command lines, tampered game logs, output names and CSV text."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

# Values an attacker or a careless designer writes: paths, template syntax, markup, controls,
# reserved names, huge and non-finite numbers.
HOSTILE_TEXT = st.sampled_from([
    "../x", "/etc/passwd", "a/b", "..", "x\ny", "x\x00y", "x\x07", "{", "}", "{id}", "{copy}", "{colour}",
    "{low}{high}", "{0}", "{a.b}", "{a!r}", "{a:>99999}", "{{x}}", "x" * 300, "back-default", "RED", "red",
    "", " ", "id", "name", "copy", "card_number", "readings", "\u2028", "é", "<b>&amp;</b>", "<img src='/x'/>",
    "C:\\x", "~", "null", "true", "1e9", "nan", "0x1f", "=cmd|' /C calc'!A0", "³", "0", "-1", "inf", "1e999",
])
LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 120), st.sampled_from([0, 10**30, -(10**30), 2**63, 5000]),
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


#: How a good file gets broken: (what, where as a fraction of the file, a byte, a count),
#: one to three times; cut short, a byte overwritten, a run zeroed or a run repeated. Drawn
#: as a recipe, so a failing case prints a few numbers, not the whole file.
DAMAGE = st.lists(st.tuples(st.sampled_from(["cut", "flip", "zero", "repeat"]), st.floats(0, 1), st.integers(0, 255),
                            st.integers(1, 20)), min_size=1, max_size=3)


def damage(data: bytes, recipe: list[tuple[str, float, int, int]]) -> bytes:
    """`data` broken as `recipe` says: what a broken download, a bad disk or a forger makes of it."""
    out = bytearray(data)
    for action, where, byte, count in recipe:
        at = int(where * max(0, len(out) - 1))
        if action == "cut":
            del out[at:]
        elif action == "flip" and out:
            out[at] = byte
        elif action == "zero":
            out[at:at + 8 * count] = bytes(len(out[at:at + 8 * count]))
        else:
            out[at:at] = out[at:at + 16 * count] * count
    return bytes(out)


YAML_TOKENS = st.sampled_from([
    "id: ", "name: ", "attributes: ", "groups: ", "backs: ", "copies: ", "product: ", "toy", "x", "\n", "  ",
    "- ", "[", "]", "{", "}", ", ", ": ", "&a ", "*a", "!!python/object:os.system ", "!!binary ", "!!set ",
    "<<: ", "'", '"', "# ", "\t", "\ufeff", "1e9", "0x10", ".nan", "~", "? ", "|\n", ">", "---\n", "...\n",
    "%YAML 1.1\n", "2001-01-01", "true", "1" * 50,
])


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
    args += ["--seed", pick("seed", ["1", "7", "-3", "123456789", str(2**63 - 1)],
                            ["x", "1e3", "99" * 3000, "", "nan", "999999999999999999999", str(-(2**63) - 1)])]
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
    names = [str(folder), str(folder / "pipe"), str(folder / "missing.yaml"), "/dev/zero", "/dev/null", "..",
             "/proc/self/status", str(folder / "empty"), str(folder / "junk.yaml")]
    paths = st.one_of(st.sampled_from(names), ARG_TEXT.filter(lambda text: "\0" not in text))
    return ["validate", *draw(st.lists(paths, min_size=1, max_size=3))]


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
    lines: list[Any] = [dict(line) for line in draw(st.sampled_from(logs))]
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["drop", "dup", "swap", "set", "del", "raw", "truncate", "option"]))
        i = draw(st.integers(0, len(lines) - 1))
        if action == "drop" and len(lines) > 1:
            lines.pop(i)
        elif action == "dup":
            lines.insert(i, lines[i])
        elif action == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif action == "set" and isinstance(lines[i], dict):
            lines[i] = {**lines[i], draw(LOG_KEYS): draw(JSON_VALUES)}
        elif action == "del" and isinstance(lines[i], dict) and lines[i]:
            lines[i] = dict(lines[i])
            lines[i].pop(draw(st.sampled_from(sorted(lines[i]))))
        elif action == "raw":
            lines.insert(i, draw(RAW_LINES))
        elif action == "truncate":
            lines = lines[: i + 1]
        elif action == "option" and isinstance(lines[0], dict) and isinstance(lines[0].get("options"), dict):
            options = {**lines[0]["options"], draw(st.sampled_from(["low_wins", "pass_allowed", "speed"])):
                       draw(JSON_VALUES)}
            lines[0] = {**lines[0], "options": options}
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


NAME_TEXT = st.one_of(HOSTILE_TEXT, st.text(max_size=12), st.text(alphabet="./\\\x00ab-", max_size=8))


CSV_CELLS = st.one_of(HOSTILE_TEXT, st.text(max_size=6), st.sampled_from(['"', '""', '"a,b"', "a\rb", "\ufeff", "5000"]))


@st.composite
def csv_texts(draw: st.DrawFn) -> str:
    """The deck's CSV with hostile headers, cells, quoting and line ends."""
    header = ["id", "name", "kind", "art"] + draw(st.lists(st.sampled_from(["copies", "kind", "id", "", "x y", "Id"]),
                                                            max_size=2))
    rows = [[draw(CSV_CELLS) if draw(st.integers(0, 3)) == 0 else value
             for value in ["c1", "One", "a", "pic.png", "2", "x"][:len(header)]] for _ in range(draw(st.integers(0, 4)))]
    end = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    return end.join(",".join(row) for row in [header, *rows]) + end
