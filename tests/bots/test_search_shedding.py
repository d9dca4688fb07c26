"""Search in described shedding games: the turns its model reads are true of the real game, the
worlds it deals agree with them, and its playout policy plays the greedy bot's moves."""

from __future__ import annotations

import random

from deckgen.bots.described import GreedyDescribedBot
from deckgen.bots.registry import make_bot
from deckgen.bots.search import SearchBot
from deckgen.bots.search_shedding import KIND_ORDER, SheddingModel, SheddingReply, hand_zones
from deckgen.games.described.state import DescribedState
from deckgen.games.registry import get_game


def test_a_player_who_drew_is_dealt_none_of_the_cards_it_could_have_played() -> None:
    """Against greedy players, what the model rules out of each hand is never in it (the oldest
    cards of the real hand hold none of them), and the worlds it deals hold none of them either."""
    game = get_game("crazy-eights")
    read = dealt = 0
    for seed in range(8):
        state = game.new_game(2, random.Random(seed), game.rules.resolve_options())
        assert isinstance(state, DescribedState)
        bots = [make_bot("crazy-eights", "search:12", random.Random(seed), 0),
                make_bot("crazy-eights", "greedy", random.Random(seed), 1)]
        searcher = bots[0]
        assert isinstance(searcher, SearchBot) and isinstance(searcher.model, SheddingModel)
        model = searcher.model
        while not state.is_over:
            if state.current_player == 1 and model.ruled_out:
                hand = state.zones[hand_zones(state)[1]]
                for fits, held in model.ruled_out[1]:
                    assert held <= len(hand) and not any(fits >> card & 1 for card in hand[:held])
                    read += 1
                world = state.determinize(0, random.Random(seed))
                assert isinstance(world, DescribedState)
                model.deal_again(world)
                dealt_hand = world.zones[hand_zones(world)[1]]
                dealt += sum(1 for fits, held in model.ruled_out[1]
                             if not any(fits >> card & 1 for card in dealt_hand[:held]))
            state.apply(bots[state.current_player].choose(state))
    assert read > 30 and dealt >= 0.9 * read


def test_the_playout_policy_plays_one_of_the_greedy_bots_best_moves() -> None:
    """The playout policy's move is always one the greedy bot rates best (of the most wanted
    kind, the highest worth)"""
    game = get_game("crazy-eights")
    rng = random.Random(3)
    compared = 0
    for seed in range(20):
        state = game.new_game(2, random.Random(seed), game.rules.resolve_options())
        assert isinstance(state, DescribedState)
        while not state.is_over:
            greedy = GreedyDescribedBot(random.Random(seed), state.current_player)
            kinds = state.layout.move_kinds
            moves = state.legal_moves()
            wanted = min(KIND_ORDER.index(kinds[move[0]]) for move in moves)
            keyed = {move: greedy.worth(state, move) for move in moves if KIND_ORDER.index(kinds[move[0]]) == wanted}
            best = {move for move, key in keyed.items() if key == max(keyed.values())}
            reply = SheddingReply(random.Random(seed), state.current_player).choose(state)
            assert reply in best
            compared += len(moves) > 1
            state.apply(state.random_move(rng) if seed % 2 else reply)
    assert compared > 100
