"""The search bot: its budget syntax, reproducible choices, and that more search pays in a
game where it must (the toy game: keeping high cards for the right trick)."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.registry import check_bot_names, make_bot
from deckgen.bots.search import SearchBot, clearly_better, parse_search_spec
from deckgen.bots.search_playout import PlayoutSettings
from deckgen.errors import UnknownName
from deckgen.games.base import Game, State
from deckgen.games.registry import get_game
from deckgen.sim.play import play_game
from deckgen.sim.runner import parse_options
from deckgen.sim.skill import rotated_match
from tests.sim.toy_game import HighestCardBot, toy_game  # noqa: F401  (fixture)


def test_budget_and_time_limit_are_read_from_the_name() -> None:
    assert parse_search_spec("search") == (100, None)
    assert parse_search_spec("search:200") == (200, None)
    assert parse_search_spec("search:50:0.5") == (50, 0.5)


@pytest.mark.parametrize("name", ["search:", "search:x", "search:0", "search:5:0", "search:1:2:3"])
def test_a_malformed_budget_is_one_clear_error(name: str) -> None:
    with pytest.raises(UnknownName, match="bot 'search"):
        check_bot_names("mirrorquest", [name])


def test_the_same_seed_makes_the_same_moves() -> None:
    game = get_game("mirrorquest")
    moves: list[list[object]] = []
    for _ in range(2):
        seen: list[object] = []
        play_game(game, 3, ["search:12", "random", "random"], 5, 0, on_move=lambda s, m: seen.append(m))
        moves.append(seen)
    assert moves[0] == moves[1] and len(moves[0]) > 5


def test_a_single_legal_move_costs_no_playouts(toy_game: Game) -> None:
    options = parse_options(("pass_allowed=false",), toy_game)
    state = toy_game.position({"hand/0": ["mirror-01"], "hand/1": ["mirror-02"]}, options=options)
    bot = make_bot(toy_game.rules.id, "search:50", random.Random(1), 0)
    assert isinstance(bot, SearchBot)
    assert bot.choose(state) == state.legal_moves()[0] and bot.playouts == 0


def test_search_beats_random_play_with_seats_rotated(toy_game: Game) -> None:
    """In the toy game a random player passes away turns and spends high cards on lost
    tricks; search sees both in its playouts."""
    options = parse_options((), toy_game)
    match = rotated_match(toy_game, 2, "search:64", "random", options, seed=2, games=400, jobs=1)
    assert match["verdict"] == "stronger", match


class SeatView:
    """A state seen only through what a seat may use: its legal moves, the player count and
    determinizations. Reading anything else (a hand, the draw pile) fails the test."""

    ALLOWED = frozenset({"legal_moves", "determinize", "n_players", "current_player", "is_over", "turns"})

    def __init__(self, state: object) -> None:
        self._state = state

    def __getattr__(self, name: str) -> object:
        if name not in self.ALLOWED:
            raise AssertionError(f"search read state.{name}")
        return getattr(self._state, name)


@pytest.mark.parametrize(("game_id", "n_players"), [("mirrorquest", 3), ("mystique-circle", 2), ("hearts", 3),
                                                    ("smoke-and-mirrors", 2), ("president", 3), ("crazy-eights", 2)])
def test_search_reads_the_state_only_through_legal_moves_and_determinizations(game_id: str, n_players: int) -> None:
    """Honesty: the bot never looks at hidden cards, because it never looks at the state
    itself; even the greedy move it starts from is judged on a world dealt again."""
    game = get_game(game_id)
    state = game.new_game(n_players, random.Random(4), game.rules.resolve_options())
    bot = make_bot(game_id, "search:12", random.Random(5), state.current_player)
    while len(state.legal_moves()) < 2:
        state.apply(state.legal_moves()[0])
    bot.seat = state.current_player
    assert bot.choose(SeatView(state)) in state.legal_moves() and bot.playouts > 0


class CountingGreedy:
    """The toy game's greedy bot, counting the decisions it is asked for."""

    calls = 0

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.bot = HighestCardBot(rng, seat)

    def choose(self, state: State) -> object:
        CountingGreedy.calls += 1
        return self.bot.choose(state)


def toy_position(toy_game: Game) -> State:
    """Two seats with three cards each, seat 0 to lead: a real choice."""
    options = parse_options((), toy_game)
    return toy_game.position({"hand/0": ["mirror-01", "mirror-05", "mirror-07"],
                              "hand/1": ["mirror-02", "mirror-06", "mirror-08"]}, options=options)


def test_greedy_replies_open_only_the_duel_playouts(toy_game: Game) -> None:
    """Halving rounds play random replies; the duel's playouts open with the greedy bot's."""
    state = toy_position(toy_game)
    CountingGreedy.calls = 0
    bot = SearchBot(random.Random(3), 0, 100, 60, prior_bot=CountingGreedy, settings=PlayoutSettings(greedy_moves=2))
    bot.choose(state)
    searched_calls = CountingGreedy.calls
    CountingGreedy.calls = 0
    SearchBot(random.Random(3), 0, 100, 60, prior_bot=CountingGreedy).choose(state)
    assert CountingGreedy.calls == 1  # the prior's own move, and no reply
    assert 1 < searched_calls - 1 <= 2 * bot.playouts


def test_the_challenger_must_beat_greedy_by_more_than_a_standard_error() -> None:
    """Ties and noisy gains keep the greedy move; a steady gain on the duel's samples wins."""
    tied = {sample: 0.5 for sample in range(15)}
    assert not clearly_better(dict(tied), tied)
    noisy = {sample: 0.5 + (0.4 if sample % 2 else -0.35) for sample in range(15)}
    assert not clearly_better(noisy, tied)
    assert clearly_better({sample: 0.5 + 0.1 * (sample % 3 > 0) for sample in range(15)}, tied)


def test_greedy_replies_start_afresh_in_every_playout() -> None:
    """Mystique Energy's greedy bot remembers the placements it has read; a reply bot kept from
    another world's playout would read this world's placements against that memory."""
    from deckgen.bots.mystique_energy import GreedyEnergyBot
    from deckgen.bots.search_energy import energy_value

    game = get_game("mystique-energy")
    state = game.new_game(2, random.Random(7), game.rules.resolve_options())
    settings = PlayoutSettings(greedy_moves=6, evaluate=energy_value)
    bots = [SearchBot(random.Random(seat), seat, game.rules.turn_cap, 24, prior_bot=GreedyEnergyBot,
                      settings=settings) for seat in range(2)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    assert sum(bot.searched for bot in bots) > 10
