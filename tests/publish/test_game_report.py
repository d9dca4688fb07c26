"""The design report page: every section from the result files, HTML that parses with every
link resolving, data text escaped, inline SVG charts, the same bytes for the same input, and
one line per problem for a bad result file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.errors import DataError
from deckgen.model.rules import load_rules
from deckgen.publish.game_report import write_game_report
from tests.html_check import parse_page

GAME = "zoomies"
DECK = "mirror"
HOSTILE = '<script>alert("x")</script>'


@pytest.fixture(scope="module")
def fairness_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real fairness report of Zoomies (4 players), small."""
    from deckgen.games.registry import get_game
    from deckgen.sim.fairness import write_fairness_report

    out = tmp_path_factory.mktemp("fairness")
    write_fairness_report(get_game(GAME), out, games=40, seed=3, jobs=1)
    return out


@pytest.fixture
def out(fairness_dir: Path, tmp_path: Path) -> Path:
    target = tmp_path / "out"
    shutil.copytree(fairness_dir, target)
    return target


def _rate(rate: float, half: float = 0.05) -> dict[str, Any]:
    return {"rate": rate, "ci95": [max(0.0, rate - half), min(1.0, rate + half)]}


def _match(challenger: str, field: str, rate: float, budget: int | None = None) -> dict[str, Any]:
    match = {"challenger": challenger, "field": field, "games": 200, "finished": 200, "win_rate": rate,
             "ci95": [rate - 0.06, rate + 0.06], "fair_share": 0.25, "verdict": "stronger" if rate > 0.31 else
             "no clear difference"}
    return match | ({"budget": budget} if budget else {})


def analysis_data() -> dict[str, Any]:
    """What `deckgen analyse --json` prints, in shape."""
    return {"game": GAME, "players": 4, "seed": 1, "games_per_match": 200,
            "skill": [_match("greedy", "random", 0.41), _match("search:100", "greedy", 0.33)],
            "ladder": [_match(f"search:{b}", f"search:{b // 2}", r, b) for b, r in ((8, 0.34), (16, 0.29), (32, 0.26))],
            "metrics": None, "metrics_bots": ["random"] * 4, "seat_win_rate": [_rate(0.25)] * 4}


def sweep_data(label: str = "aces_scoring=false") -> dict[str, Any]:
    """The agreed shape of `<game>-sweep.json` (written by `deckgen sweep`)."""
    def at_count(seat0: float, vs: dict[str, float] | None) -> dict[str, Any]:
        return {"games": 4000, "seat_win_rate": [_rate(seat0, 0.01)] + [_rate((1 - seat0) / 3, 0.01)] * 3,
                "balance": abs(seat0 - (1 - seat0) / 3), "length": {"mean": 41.5, "ci95": [40.9, 42.1]},
                "metrics": {"completion": _rate(0.99, 0.005)}, "vs_default": vs}

    return {"game": GAME, "seed": 1, "precision": 0.01, "max_games": 200000, "bots": "random",
            "options": {"aces_scoring": [True, False]}, "deck_variants": [],
            "variants": [
                {"label": "default", "options": {}, "deck": None, "by_players": {"4": at_count(0.26, None)}},
                {"label": label, "options": {"aces_scoring": False}, "deck": None,
                 "by_players": {"4": at_count(0.30, {"seat0_diff": 0.04, "seat0_p": 0.0001, "seat0_p_holm": 0.0002,
                                                     "length_diff": -1.5, "length_p": 0.2, "length_p_holm": 0.4,
                                                     "seat0_test": "McNemar (chi-square)",
                                                     "length_test": "paired t-test"})}}]}


def write_json(out: Path, kind: str, data: Any) -> Path:
    path = out / DECK / f"{GAME}-{kind}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_report_with_every_section_parses_and_its_links_resolve(out: Path) -> None:
    write_json(out, "analysis", analysis_data())
    write_json(out, "sweep", sweep_data())
    page_path = write_game_report(load_rules(GAME).for_play(), out, index_link=False)
    assert page_path == out / DECK / f"{GAME}-report.html"
    page = parse_page(page_path)
    text = " ".join(page.text)
    for heading in ("Seats", "Design metrics", "Skill", "Skill ladder", "Variants", "4 players"):
        assert heading in text
    for metric in ("balance", "completion", "drawishness", "duration", "decision moves", "branching factor",
                   "timeouts", "lead change", "decisiveness", "winner's deficit"):
        assert metric in text
    assert "aces_scoring=false" in text and "+4.0 pts" in text
    assert "McNemar (chi-square)" in text and "paired t-test" in text  # the report names its tests
    # Charts: seats at 4 players, the ladder, the sweep at 4 players; all inline, nothing loaded.
    assert page.tags.count("svg") == 3
    assert "script" not in page.tags and "link" not in page.tags
    assert {link.split("#")[0] for link in page.links} >= {f"{GAME}-fairness.json", f"{GAME}-sweep.json"}
    assert "../index.html" not in page.links
    # The sweep's metrics per variant: completion at 99% for both rows.
    assert "Design metrics of each variant at 4 players" in text and text.count("99.0%") >= 2


def test_a_report_links_the_index_only_where_there_is_one(out: Path) -> None:
    page = parse_page(write_game_report(load_rules(GAME).for_play(), out))
    assert "../index.html" not in page.links  # a folder without an index (after a sweep, say)
    (out / "index.html").write_text("<!DOCTYPE html><title>index</title>", encoding="utf-8")
    assert "../index.html" in parse_page(write_game_report(load_rules(GAME).for_play(), out)).links


def test_without_results_the_page_says_what_to_run(tmp_path: Path) -> None:
    page_path = write_game_report(load_rules(GAME).for_play(), tmp_path, index_link=False)
    text = " ".join(parse_page(page_path).text)
    assert "No fairness simulation yet" in text and "No skill analysis yet" in text
    assert "Variants" not in text


def test_data_text_is_escaped(out: Path) -> None:
    write_json(out, "sweep", sweep_data(label=HOSTILE))
    html = write_game_report(load_rules(GAME).for_play(), out, index_link=False).read_text(encoding="utf-8")
    assert "<script" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html


def test_the_same_results_give_the_same_bytes(out: Path) -> None:
    write_json(out, "analysis", analysis_data())
    write_json(out, "sweep", sweep_data())
    first = write_game_report(load_rules(GAME).for_play(), out).read_bytes()
    assert write_game_report(load_rules(GAME).for_play(), out).read_bytes() == first


@pytest.mark.parametrize(("kind", "text", "expected"), [
    ("sweep", '{"game": "zoomies", "seed": 1, "variants": [', "not valid JSON"),
    ("sweep", json.dumps({**sweep_data(), "seed": "one"}), "zoomies-sweep.json: seed: found 'one'"),
    ("analysis", json.dumps({**analysis_data(), "game": "mirrorquest"}),
     "zoomies-analysis.json: game: found 'mirrorquest' (expected 'zoomies'"),
    ("analysis", json.dumps({**analysis_data(), "skill": [{"challenger": "greedy"}]}),
     "zoomies-analysis.json: skill.0.field: required key is missing"),
    ("fairness", "[1, 2]", "zoomies-fairness.json: found a list (expected a mapping of keys)"),
    ("fairness", "[" * 100_000, "zoomies-fairness.json:"),
])
def test_a_bad_result_file_is_one_line_naming_file_and_field(out: Path, kind: str, text: str, expected: str) -> None:
    (out / DECK / f"{GAME}-{kind}.json").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        write_game_report(load_rules(GAME).for_play(), out)
    assert any(expected in line for line in caught.value.problems), caught.value.problems
    assert all("\n" not in line for line in caught.value.problems)
    assert not (out / DECK / f"{GAME}-report.html").exists()


def test_deckgen_report_reports_a_bad_file_in_one_line(out: Path) -> None:
    write_json(out, "sweep", {**sweep_data(), "variants": "all"})
    result = CliRunner().invoke(main, ["report", GAME, "--output", str(out)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.splitlines() == [
        f"error: {out / DECK / (GAME + '-sweep.json')}: variants: found 'all' (expected a list)"]


def test_deckgen_report_writes_the_reports_and_the_index(out: Path) -> None:
    result = CliRunner().invoke(main, ["report", GAME, "--output", str(out)])
    assert result.exit_code == 0, result.output
    parse_page(out / "index.html")
    page = parse_page(out / DECK / f"{GAME}-report.html")
    assert "../index.html" in page.links
