"""Crazy Eights' search plays its own moves by a policy that keeps its 8s: the policy's choices in
set positions, that it beats greedy on the same deals, and that search uses it for its own seat
only (the move it starts from, its own later moves in playouts) while the others play greedily."""

from __future__ import annotations

import random
from dataclasses import replace

from deckgen.bots.described import GreedyDescribedBot
from deckgen.bots.registry import make_bot
from deckgen.bots.search import SearchBot
from deckgen.bots.search_settings import playout_settings
from deckgen.bots.search_shedding import SheddingReply
from deckgen.bots.search_shedding_policy import DRAW_ABOVE, WildsLastPolicy
from deckgen.games.base import Move
from deckgen.games.described.state import DescribedState
from deckgen.games.registry import get_game
from deckgen.sim.play import game_rngs

GAME = "crazy-eights"


def position(hand: list[str], top: str) -> DescribedState:
    """Seat 0 to play `hand` on `top`, seat 1 holding a card, a card left to draw."""
    game = get_game(GAME)
    state = game.position({"hand/0": hand, "hand/1": ["spades-king"], "discard": [top], "stock": ["diamonds-queen"]},
                          options=game.rules.resolve_options())
    assert isinstance(state, DescribedState)
    return state


def policy_move(state: DescribedState) -> str:
    return state.describe_move(WildsLastPolicy(random.Random(1), 0).choose(state))


def test_a_plain_card_plays_before_an_eight_and_into_the_suit_most_held() -> None:
    """On the 3 of clubs: the 9 of clubs (greedy's, worth most) or the 3 of hearts (three hearts
    held) or the 8; the policy keeps the 8 and turns the play into hearts."""
    state = position(["clubs-8", "clubs-9", "hearts-3", "hearts-5", "hearts-9"], "clubs-3")
    assert policy_move(state) == "seat 0 plays the 3 of Hearts"


def test_with_only_an_eight_to_play_a_long_hand_draws_and_a_short_one_names_its_suit() -> None:
    short = ["diamonds-8", "hearts-2", "hearts-5", "spades-4"]
    assert len(short) == DRAW_ABOVE
    assert policy_move(position(short, "clubs-10")) == "seat 0 plays the 8 of Diamonds and declares hearts"
    assert policy_move(position([*short, "spades-6"], "clubs-10")) == "seat 0 draws from stock"


def paired_share(challenger: type, deals: int) -> float:
    """The challenger's win share minus greedy's, in one seat against greedy, on the same deals."""
    game = get_game(GAME)
    gained = 0.0
    for index in range(deals):
        seat = index % 2
        for sign, bot in ((1, challenger), (-1, GreedyDescribedBot)):
            chance, bot_rng = game_rngs(5, index)
            state = game.new_game(2, chance, game.rules.resolve_options())
            assert isinstance(state, DescribedState)
            bots = [bot(bot_rng, 0) if seat == 0 else GreedyDescribedBot(bot_rng, 0),
                    bot(bot_rng, 1) if seat == 1 else GreedyDescribedBot(bot_rng, 1)]
            while not state.is_over and state.turns < game.rules.turn_cap:
                state.apply(bots[state.current_player].choose(state))
            result = state.result()
            gained += sign * (seat in result.winners) / max(1, len(result.winners))
    return gained / deals


def test_the_policy_wins_more_than_greedy_on_the_same_deals() -> None:
    assert paired_share(WildsLastPolicy, 600) > 0.02


class CountingPolicy(WildsLastPolicy):
    seats: list[int] = []

    def choose(self, world: DescribedState) -> Move:
        CountingPolicy.seats.append(self.seat)
        return super().choose(world)


class CountingReply(SheddingReply):
    seats: list[int] = []

    def choose(self, world: DescribedState) -> Move:
        CountingReply.seats.append(self.seat)
        return super().choose(world)


def test_search_plays_its_own_later_moves_by_the_policy_and_the_others_greedily() -> None:
    registered = make_bot(GAME, "search:12", random.Random(0), 1)
    assert isinstance(registered, SearchBot) and isinstance(registered.prior, WildsLastPolicy)
    game = get_game(GAME)
    settings = replace(playout_settings(GAME), own_reply=CountingPolicy, reply=CountingReply)
    CountingPolicy.seats, CountingReply.seats = [], []
    state = game.new_game(2, random.Random(4), game.rules.resolve_options())
    assert isinstance(state, DescribedState)
    searcher = SearchBot(random.Random(4), 0, game.rules.turn_cap, 12, prior_bot=GreedyDescribedBot, settings=settings)
    greedy = GreedyDescribedBot(random.Random(4), 1)
    while not state.is_over and searcher.searched < 3:
        state.apply((searcher if state.current_player == 0 else greedy).choose(state))
    assert searcher.searched == 3
    assert set(CountingPolicy.seats) == {0} and set(CountingReply.seats) == {1}
