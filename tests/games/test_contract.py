"""The engine contract, checked the same way for every registered game (after OpenSpiel's
game tests): at every player count with every bot, seeded games keep every card, play only
legal moves, end or reach the turn cap and replay from their logs; set-up positions round-trip
and refuse unknown or repeated cards; zones follow the one naming scheme; observations hide
what they must; the random move is uniform over the legal moves; rule parameters are typed.
Per-game test files keep only rule scenarios. The toy game of tests/sim runs here too: a new
game gets all of this by being registered."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any, Iterator

import pytest
from scipy.stats import chisquare

import deckgen.games
from deckgen.bots.registry import bots_for, make_bot
from deckgen.errors import BadPlayerCount, BadPosition, DataError, UnknownCard
from deckgen.games.building import build_engine
from deckgen.games.registry import game_classes, get_game
from deckgen.model.play_rules import PlayRules
from deckgen.model.rules import all_rules, load_play_rules
from deckgen.sim.contract import determinize_problems, fresh_state, playout_problems, positions_along_a_game
from deckgen.sim.play import play_game
from tests.sim.toy_game import TOY_RULES, install_toy_game

TOY = TOY_RULES.id
GAME_IDS = sorted(game_classes()) + [TOY]


def _rules(game_id: str) -> PlayRules:
    return TOY_RULES.for_play() if game_id == TOY else get_game(game_id).rules


def _bots(game_id: str) -> list[str]:
    """Every bot of the game; the search bot at a budget small enough for the contract."""
    bots = ["random", "greedy", "search"] if game_id == TOY else list(bots_for(game_id))
    return [SMALL_SEARCH if bot == "search" else bot for bot in bots]


SMALL_SEARCH = "search:3"


PLAYOUT_CASES = [
    (game_id, n, bot) for game_id in GAME_IDS for n in _rules(game_id).players.counts() for bot in _bots(game_id)
]
COUNT_CASES = [(game_id, n) for game_id in GAME_IDS for n in _rules(game_id).players.counts()]


@pytest.fixture
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Registers the toy game when the case is about it."""
    if request.node.callspec.params["game_id"] == TOY:
        install_toy_game(monkeypatch)
    yield


def _case_id(value: Any) -> str:
    return str(value)














@pytest.mark.parametrize(("game_id", "n_players", "bot"), PLAYOUT_CASES, ids=_case_id)
def test_seeded_games_keep_the_contract(engine: None, game_id: str, n_players: int, bot: str) -> None:
    """Cards kept, moves legal, the game ends or reaches its cap, the log replays; every move
    is described starting with its seat; zones and observations checked along the way."""
    # Search bots think for every seat at every move: one game of theirs checks as much rule
    # code as a greedy game, at many times its cost.
    games = 4 if bot == "random" else 1 if bot.startswith("search") else 2
    _, problems = playout_problems(get_game(game_id), n_players, [bot] * n_players, games, seed=n_players)
    assert not problems, "\n".join(line for _, line in problems)


@pytest.mark.parametrize(("game_id", "n_players"), COUNT_CASES, ids=_case_id)
def test_positions_round_trip_and_refuse_bad_cards(engine: None, game_id: str, n_players: int) -> None:
    game = get_game(game_id)
    state = fresh_state(game, n_players)
    zones = state.card_zones()
    rebuilt = game.position(zones, current_player=state.current_player)
    assert rebuilt.card_zones() == zones

    seat_zone = next(name for name in zones if name.endswith("/0"))  # hand/0, or deck/0...
    with pytest.raises(UnknownCard, match="no-such-card"):
        game.position({**zones, seat_zone: [*zones[seat_zone], "no-such-card"]})
    donor = next(name for name, cards in zones.items() if cards)
    taker = seat_zone if donor != seat_zone else next(name for name in zones if name != donor)
    with pytest.raises(BadPosition, match="placed"):
        game.position({**zones, taker: [*zones[taker], zones[donor][0]]})
    with pytest.raises(BadPosition):
        game.position({**zones, "no_such_zone": []})


@pytest.mark.parametrize(("game_id", "n_players"), COUNT_CASES, ids=_case_id)
def test_random_move_is_uniform_over_the_legal_moves(engine: None, game_id: str, n_players: int) -> None:
    game = get_game(game_id)
    rng = random.Random(5)
    checked = 0
    for index in range(6):
        state = fresh_state(game, n_players, index)
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            state.apply(state.random_move(rng))
        if state.is_over:
            continue
        legal = state.legal_moves()
        assert len(set(map(repr, legal))) == len(legal), "legal_moves lists a move twice"
        if len(legal) > 200:  # 60 draws a move: enough for chi-square, and quick
            continue
        draws = 60 * len(legal)
        position = {repr(m): i for i, m in enumerate(legal)}
        counts = [0] * len(legal)
        for _ in range(draws):
            move = state.random_move(rng)
            assert repr(move) in position, f"random_move drew {move!r}, not a legal move"
            counts[position[repr(move)]] += 1
        assert min(counts) > 0, "random_move never drew some legal moves"
        if len(legal) > 1:
            assert chisquare(counts).pvalue > 1e-5, f"random_move is not uniform: {counts}"
        checked += 1
    assert checked, "no position with few enough moves to test"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_wrong_player_count_reads_the_same_everywhere(engine: None, game_id: str) -> None:
    game = get_game(game_id)
    players = game.rules.players
    wording = rf"game {game_id}: {players.max + 1} players not allowed \(allowed: "
    with pytest.raises(BadPlayerCount, match=wording):
        play_game(game, players.max + 1, ["random"] * (players.max + 1), 1)
    with pytest.raises(BadPlayerCount, match=wording):
        game.rules.setup_for(players.max + 1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_params_are_typed(engine: None, game_id: str) -> None:
    """An unknown or mistyped parameter is a `file: params.x: ...` line when the engine is built.
    A described game's params are the designer's own numbers: any name, and a type checked
    where the description reads them."""
    rules = load_play_rules(game_id)
    cls = type(get_game(game_id))
    if rules.play is not None:
        used = [key for key in rules.params if f"params.{key}" in rules.play.model_dump_json()]
        for key in used:
            with pytest.raises(DataError, match=rf"params\.{key}\b"):
                build_engine(cls, rules.model_copy(update={"params": {**rules.params, key: {"not": "this"}}}))
        return
    with pytest.raises(DataError, match=r"params\.no_such_param: unknown key"):
        build_engine(cls, rules.model_copy(update={"params": {**rules.params, "no_such_param": 1}}))
    for key in rules.params:
        with pytest.raises(DataError, match=rf"params\.{key}\b"):
            build_engine(cls, rules.model_copy(update={"params": {**rules.params, key: {"not": "this"}}}))


def _imports(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield node.module or ""


def test_engines_never_import_bots() -> None:
    games_dir = Path(deckgen.games.__file__).parent
    offenders = sorted(
        str(path.relative_to(games_dir))
        for path in games_dir.rglob("*.py")
        if any(name.startswith("deckgen.bots") for name in _imports(path))
    )
    assert not offenders, f"engines importing bots: {offenders}"


def test_the_registry_holds_every_engine_module() -> None:
    """Importing one engine first (as its own test file does) must not hide the others; every
    rule file that describes play is a game too."""
    games_dir = Path(deckgen.games.__file__).parent
    not_engines = ("base", "registry", "project_code", "building", "engine_cache", "random_runs")
    modules = {path.stem for path in games_dir.glob("[!_]*.py") if path.stem not in not_engines}
    modules |= {path.name for path in games_dir.iterdir()  # kit, notation, described: not engines of their own
                if path.is_dir() and path.name not in ("kit", "notation", "described") and not path.name.startswith("_")}
    described = [rules.id for rules in all_rules().values() if rules.play is not None]
    assert len(game_classes()) == len(modules) + len(described) >= 10
    assert described


@pytest.mark.parametrize(("game_id", "n_players"), COUNT_CASES, ids=_case_id)
def test_clones_and_determinizations_keep_what_each_seat_saw(engine: None, game_id: str, n_players: int) -> None:
    """A clone is the same game and independent of it; a determinization for a seat keeps that
    seat's observation and legal moves, keeps every card, every zone it may see and, in a
    covered pile, the top, the size and the cards it remembers; it deals the cards the seat
    does not know again (some determinization differs where there are two to deal); and
    playing either to the end leaves the original untouched."""
    problems = determinize_problems(get_game(game_id), n_players)
    assert not problems, "\n".join(line for _, line in problems)


RULE_BOT_CASES = [(game_id, n, bot) for game_id, n, bot in PLAYOUT_CASES if bot not in ("random", SMALL_SEARCH)]


@pytest.mark.parametrize(("game_id", "n_players", "bot"), RULE_BOT_CASES, ids=_case_id)
def test_bots_decide_on_what_their_seat_may_see(engine: None, game_id: str, n_players: int, bot: str) -> None:
    """A bot is handed the whole state, so it could read hidden or covered cards: with the
    same dice it must choose the same move in any determinization for its seat."""
    game = get_game(game_id)
    for number, state in enumerate(positions_along_a_game(game, n_players)):
        seat = state.current_player
        world = state.determinize(seat, random.Random(number))
        chosen = make_bot(game_id, bot, random.Random(number), seat).choose(state)
        assert repr(make_bot(game_id, bot, random.Random(number), seat).choose(world)) == repr(chosen), (
            f"seat {seat}'s {bot} bot chose otherwise when only cards it cannot see were dealt again")


@pytest.mark.parametrize(("game_id", "n_players"), COUNT_CASES, ids=_case_id)
def test_standing_scores_every_seat_and_ranks_a_finished_winner_first(engine: None, game_id: str, n_players: int) -> None:
    game = get_game(game_id)
    for index in range(3):
        state = fresh_state(game, n_players, index)
        assert len(state.standing()) == n_players
        state.play_randomly(random.Random(index), game.rules.turn_cap)
        standing = state.standing()
        assert len(standing) == n_players and all(isinstance(v, float | int) for v in standing)
        result = state.result()
        if result.finished and len(result.winners) == 1:
            winner = result.winners[0]
            assert standing[winner] >= max(standing), f"seat {winner} won but stands below {standing}"
