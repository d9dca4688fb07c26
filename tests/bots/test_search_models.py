"""The search bot's game knowledge: Smoke and Mirrors' worlds dealt by the greedy bot's opponent
model (a claim says what that policy makes it say) and President's race evaluation."""

from __future__ import annotations

import random

from deckgen.bots.described import GreedyDescribedBot
from deckgen.bots.search_climbing import ClimbingReply, climbing_value
from deckgen.bots.smoke_and_mirrors import GreedyBot
from deckgen.games.described.state import DescribedState
from deckgen.games.registry import get_game
from deckgen.games.smoke_and_mirrors import SmokeAndMirrors, SmokeState


def opening_position() -> SmokeState:
    """Seat 1 opened (one card claiming 1) and seat 0 may challenge it."""
    game = get_game("smoke-and-mirrors")
    assert isinstance(game, SmokeAndMirrors)
    zones = {"hand/0": ["star-1-1", "swirl-3", "skull-5-1"], "hand/1": ["star-1-2", "skull-5-2"],
             "act/1": ["swirl-1"], "out": []}
    return game.position(zones, current_player=0, claim=1, standing=1)


def honest_share(worlds: list[SmokeState]) -> float:
    return sum(world.act_honest for world in worlds) / len(worlds)


def test_modelled_worlds_lay_the_standing_act_as_greedy_would_and_believe_its_claim_more() -> None:
    """Greedy opens honestly whenever one of its cards makes 1, so an opening it made is honest
    far more often than a card drawn at random from that player's three."""
    state = opening_position()
    model = GreedyBot(random.Random(1), 0)
    modelled = [model.sample_world(state, random.Random(seed)) for seed in range(200)]
    plain = [state.determinize(0, random.Random(seed)) for seed in range(200)]
    for world in modelled:
        assert world.hands[0] == state.hands[0] and world.acts[1].bit_count() == 1
        assert world.acts[1] == model.modelled_act(world, 1)
        assert (world.hands[1] | world.acts[1]).bit_count() == 3
    assert honest_share(modelled) > honest_share(plain) + 0.2


def test_placing_an_act_keeps_the_cards_and_judges_the_claim_again() -> None:
    state = opening_position()
    game = state.game
    held = state.hands[1] | state.acts[1]
    skull = 1 << game.cards.index["skull-5-2"]
    state.place_act(1, skull)
    assert state.acts[1] == skull and state.hands[1] | state.acts[1] == held and not state.act_honest
    state.place_act(1, 1 << game.cards.index["star-1-2"])
    assert state.act_honest


def test_a_president_playout_is_won_by_the_first_out_and_else_judged_by_the_race() -> None:
    game = get_game("president")
    world = game.new_game(3, random.Random(2), game.rules.resolve_options())
    assert isinstance(world, DescribedState)
    values = [climbing_value(world, seat) for seat in range(3)]
    assert abs(sum(values) - 1) < 1e-9 and all(0 < value < 1 for value in values)
    rng = random.Random(3)
    while all(world.zones[world.layout.zone_index[f"hand/{seat}"]] for seat in range(3)):
        world.apply(world.random_move(rng))
    first = next(seat for seat in range(3) if not world.zones[world.layout.zone_index[f"hand/{seat}"]])
    assert [climbing_value(world, seat) for seat in range(3)] == [1.0 if seat == first else 0.0 for seat in range(3)]


def test_the_playouts_greedy_policy_makes_a_play_the_greedy_bot_could_have_made() -> None:
    """`ClimbingReply` is the greedy bot's policy at a playout's price: of the plays the greedy
    bot rates best (it breaks ties at random), the first."""
    game = get_game("president")
    world = game.new_game(3, random.Random(5), game.rules.resolve_options())
    assert isinstance(world, DescribedState)
    rng = random.Random(6)
    replies = [ClimbingReply(rng, seat) for seat in range(3)]
    greedy = GreedyDescribedBot(rng, 0)
    kinds = world.layout.move_kinds
    plays_seen = 0
    while not world.is_over:
        moves = world.legal_moves()
        move = replies[world.current_player].choose(world)
        plays = [m for m in moves if kinds[m[0]] == "play"]
        if plays:
            plays_seen += 1
            best = max(greedy.worth(world, m) for m in plays)
            assert move == next(m for m in plays if greedy.worth(world, m) == best)
        else:
            assert kinds[move[0]] == "pass"
        world.apply(move)
    assert plays_seen > 20
