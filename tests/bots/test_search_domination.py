"""Mystique Domination's playouts: the reply plays exactly the greedy bot's moves, a
playout stops where its round ends and is judged by the game's win chances from its scores."""

from __future__ import annotations

import random

import pytest

from deckgen.bots import mystique_domination
from deckgen.bots.mystique_domination import GreedyDominationBot
from deckgen.bots.search_playout import play_out
from deckgen.bots.search_domination import (
    KEPT_KIND_NUMBER,
    KEPT_KIND_SIZE,
    VALUABLE_PILE,
    DominationReply,
    DominationWorlds,
    domination_value,
    round_ended,
    win_chance,
)
from deckgen.games.mystique_domination import DominationState, MystiqueDomination
from deckgen.games.registry import get_game


def engine() -> MystiqueDomination:
    game = get_game("mystique-domination")
    assert isinstance(game, MystiqueDomination)
    return game


def new_game(seed: int) -> DominationState:
    game = engine()
    return game.new_game(4, random.Random(seed), game.rules.resolve_options())


def test_the_reply_plays_the_greedy_bots_move_in_every_phase() -> None:
    """On positions of greedy games, random games and games mixing both (passes, leads,
    follows, the partner's tricks), round after round."""
    phases: set[str] = set()
    for seed in range(12):
        state = new_game(seed)
        greedy = [GreedyDominationBot(random.Random(seed), seat) for seat in range(4)]
        replies = [DominationReply(random.Random(seed), seat) for seat in range(4)]
        rng = random.Random(seed + 100)
        while not state.is_over and state.turns < 6:
            seat = state.current_player
            world = state.clone()
            world.round_points = [0, 0]  # as DominationWorlds deals it: the round searched goes on
            move = greedy[seat].choose(state)
            assert replies[seat].choose(world) == move
            phases.add("pass" if state.passing else "lead" if state.last == 0 else "follow")
            state.apply(move if seed % 3 == 0 or (seed % 3 == 2 and rng.random() < 0.5) else state.random_move(rng))
    assert phases == {"pass", "lead", "follow"}


def test_the_reply_keeps_the_greedy_bots_numbers() -> None:
    assert (KEPT_KIND_SIZE, KEPT_KIND_NUMBER, VALUABLE_PILE) == (
        mystique_domination.KEPT_KIND_SIZE, mystique_domination.KEPT_KIND_NUMBER, mystique_domination.VALUABLE_PILE)


def test_a_playout_stops_where_the_round_searched_ends() -> None:
    for seed in range(6):
        state = new_game(seed)
        rng = random.Random(seed)
        for _ in range(10 * seed):
            state.apply(state.random_move(rng))
        world = DominationWorlds(rng, 0).sample_world(state, rng)
        assert not round_ended(world)
        searched, scores = world.turns, list(world.scores)
        replies = [DominationReply(rng, seat) for seat in range(4)]
        value = play_out(world, 0, rng, 1000, 100, replies, 1000, domination_value, round_ended)
        assert world.turns == searched + 1 and sum(world.round_points) == 50
        assert [new - old for new, old in zip(world.scores, scores)] == world.round_points
        assert value == domination_value(world, 0)


def test_the_win_chance_favours_the_leader_and_is_even_when_level() -> None:
    assert win_chance(0, 0, 100, 10) == 0.5 and win_chance(100, 100, 100, 10) == 0.5
    assert win_chance(60, 40, 100, 10) + win_chance(40, 60, 100, 10) == 1
    assert 0.5 < win_chance(30, 20, 100, 10) < win_chance(60, 40, 100, 10) < win_chance(90, 60, 100, 10) < 1


def test_a_playout_is_judged_by_its_teams_chances_and_majorities_already_won() -> None:
    world = DominationWorlds(random.Random(0), 0).sample_world(new_game(1), random.Random(0))
    assert [domination_value(world, seat) for seat in range(4)] == pytest.approx([0.25] * 4)
    game = world.game
    world.won = [game.suit_masks[0] | game.suit_masks[1], 0]  # two suits won, no card majority yet
    ahead = domination_value(world, 0)
    assert ahead > 0.25 and abs(ahead + domination_value(world, 1) - 0.5) < 1e-12
    world.round_points = [30, 20]
    world.scores = [30, 20]
    assert domination_value(world, 2) == 0.5 * win_chance(30, 20, 100, 10)


def test_a_candidates_clone_draws_from_the_rng_it_is_given_and_plays_as_a_clone() -> None:
    state = new_game(4)
    rng = random.Random(9)
    for _ in range(80):
        state.apply(state.random_move(rng))
    twin = state.clone_reseeded(random.Random(5))
    other = state.clone()
    other.rng = random.Random(5)
    assert twin.rng is not state.rng
    for step in range(300):
        if twin.is_over:
            break
        moves = twin.legal_moves()
        assert other.legal_moves() == moves
        twin.apply(moves[step % len(moves)])
        other.apply(moves[step % len(moves)])
    assert twin.turns > state.turns  # a round was dealt from the rng given
    assert twin.card_zones() == other.card_zones() and twin.scores == other.scores


def test_a_pattern_tables_longest_categories_have_the_most_cards_at_the_lowest_value() -> None:
    game = engine()
    for seed in range(20):
        hand = new_game(seed).hands[0]
        for colour in range(3):
            table = game.table(hand, colour)
            moves = game.pattern_moves(hand & game.colour_masks[colour], table, 0)
            if not moves:
                assert table.longest == []
                continue
            most = max(len(move) for move in moves)
            lowest = min(sum(game.number[card] for card in move) for move in moves if len(move) == most)
            assert table.longest and all(table.sizes[k] == most and table.values[k] == lowest for k in table.longest)
            assert len(table.longest) == sum(1 for k, size in enumerate(table.sizes)
                                             if size == most and table.values[k] == lowest)
