"""The deck commands as a user runs them: decks, cards, check, validate, --version, --help."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from deckgen import __version__
from deckgen.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and __version__ in result.output


def _command_paths(group: click.Group, prefix: list[str]) -> list[list[str]]:
    """Every command under group, as the words a user types to reach it (the group itself too)."""
    found = [prefix]
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            found.extend(_command_paths(command, [*prefix, name]))
        else:
            found.append([*prefix, name])
    return found


@pytest.mark.parametrize("command", _command_paths(main, []), ids=lambda words: " ".join(words) or "deckgen")
def test_every_help_has_an_example_and_reads_as_printed(command: list[str]):
    """Option help is not %-formatted by click, so a doubled percent sign shows as typed."""
    result = run(*command, "--help")
    assert result.exit_code == 0, result.output
    assert "Example" in result.output
    assert "%%" not in result.output and "DIR/" not in result.output


def test_decks_lists_all_six():
    result = run("decks", "--json")
    assert result.exit_code == 0
    assert {d["id"]: d["cards"] for d in json.loads(result.output)} == {
        "mirror": 54, "mirrorquest": 76, "mismatch": 208, "mystique": 60, "smoke-and-mirrors": 18,
        "standard": 52,
    }


def test_cards_json_mystique():
    cards = json.loads(run("cards", "mystique", "--json").output)
    assert len(cards) == 60
    by_number = {c["card_number"]: c for c in cards}
    assert (by_number[53]["colour"], by_number[53]["suit"], by_number[53]["number"]) == ("red", "crowns", 3)
    assert (by_number[26]["colour"], by_number[26]["suit"], by_number[26]["number"]) == ("blue", "suns", 1)
    assert (by_number[35]["colour"], by_number[35]["suit"], by_number[35]["number"]) == ("yellow", "arms", 5)
    assert all({"id", "colour", "suit", "number", "card_number"} <= set(c) for c in cards)


def test_cards_of_two_decks_list_the_ids_two_deck_games_log():
    cards = json.loads(run("cards", "mystique", "--decks", "2", "--json").output)
    assert [c["index"] for c in cards] == list(range(120))
    assert (cards[0]["id"], cards[60]["id"]) == ("gold:yellow-moons-1", "silver:yellow-moons-1")
    assert run("cards", "mirror", "--decks", "2").exit_code == 2  # one back: no second copy


def test_cards_json_mirror():
    cards = json.loads(run("cards", "mirror", "--json").output)
    assert len(cards) == 54
    assert sorted(r for c in cards for r in c["readings"]) == list(range(1, 100))
    assert sum(c["special"] for c in cards) == 9


def test_cards_table_is_readable():
    result = run("cards", "mirrorquest")
    assert result.exit_code == 0
    assert "Yellow Deer in Winterwoods" in result.output


def test_check_mystique_text():
    result = run("check", "mystique")
    assert result.exit_code == 0, result.output
    assert "by colour: yellow 20, red 20, blue 20" in result.output
    assert "by suit: moons 15, suns 15, arms 15, crowns 15" in result.output
    assert "by number: 1 12, 2 12, 3 12, 4 12, 5 12" in result.output
    assert "splits evenly for: 2, 3, 4, 5, 6 players" in result.output


def test_check_json():
    data = json.loads(run("check", "mystique", "--json").output)
    assert data["even_splits"] == [2, 3, 4, 5, 6] and data["problems"] == []


def test_unknown_deck_exit_2_one_line():
    result = run("cards", "mystiq")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: unknown deck 'mystiq' (known decks: mirror, mirrorquest, mismatch, mystique, smoke-and-mirrors, standard)"
    ]


def test_validate_shipped_data():
    result = run("validate")
    assert result.exit_code == 0 and result.output.startswith("ok:")


def test_validate_reports_every_problem_in_every_file(tmp_path: Path):
    bad = tmp_path / "bad" / "deck.yaml"
    bad.parent.mkdir()
    bad.write_text("id: bad\nname: Bad\nattributes: {c: [a]}\ngroups: [{product: [c], id: '{c}'}]\nexpected_total: 2\nextra: 1\n")
    broken = tmp_path / "broken" / "deck.yaml"
    broken.parent.mkdir()
    broken.write_text("id: [\n")
    result = run("validate", str(bad), str(broken), str(tmp_path / "missing.yaml"))
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert f"error: {bad}: extra: unknown key (not part of the schema)" in lines
    assert any(line.startswith(f"error: {broken}: line ") for line in lines)
    assert f"error: {tmp_path / 'missing.yaml'}: file not found" in lines
    assert "Traceback" not in result.output


def test_validate_checks_what_the_engine_would_refuse_at_play_time(tmp_path: Path):
    """Typed params and setups the deck cannot deal are `validate` problems, not play-time errors."""
    import yaml

    source = Path(__file__).parents[2] / "decks" / "mirror" / "games" / "zoomies.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data["params"]["round_hand_sizes"] = "five"
    data["params"]["surprise"] = 1
    data["setup"][4]["hand_size"] = 20
    bad = tmp_path / "mirror" / "games" / "zoomies.yaml"
    bad.parent.mkdir(parents=True)
    bad.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert any(line.startswith(f"error: {bad}: params.round_hand_sizes: ") for line in lines), lines
    assert f"error: {bad}: params.surprise: unknown key (not part of the schema)" in lines
    data["params"] = yaml.safe_load(source.read_text(encoding="utf-8"))["params"]
    bad.write_text(yaml.safe_dump(data), encoding="utf-8")
    lines = run("validate", str(bad)).output.strip().splitlines()
    assert any(line.startswith(f"error: {bad}: setup.4") for line in lines), lines


def test_validate_refuses_a_report_bot_the_game_lacks(tmp_path: Path):
    import yaml

    source = Path(__file__).parents[2] / "decks" / "mirror" / "games" / "zoomies.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data["report_bot"] = "clever"
    bad = tmp_path / "mirror" / "games" / "zoomies.yaml"
    bad.parent.mkdir(parents=True)
    bad.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 2
    assert f"error: {bad}: report_bot: 'clever' is not a bot of the game (bots: random, greedy, search)" in result.output
