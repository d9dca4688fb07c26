"""Smoke and Mirrors: totals table, a scenario per rule and ruling, bots, seeded playouts."""

from __future__ import annotations

import json
import random

import pytest

from deckgen.bots.registry import make_bot
from deckgen.bots.smoke_and_mirrors import GreedyBot
from deckgen.errors import DataError, DeckgenError
from deckgen.games.building import build_engine
from deckgen.games.registry import get_game
from deckgen.sim.play import game_rngs, play_game
from deckgen.games.smoke_and_mirrors import (
    ACT,
    BREAK_MOVE,
    CHALLENGE_MOVE,
    GIVE,
    PHASE_SWAP,
    SmokeAndMirrors,
    SmokeState,
    possible_totals,
)
from deckgen.model.rules import load_play_rules
from tests.games.playout import check_playouts

GAME_ID = "smoke-and-mirrors"


@pytest.fixture(scope="module")
def game() -> SmokeAndMirrors:
    found = get_game(GAME_ID)
    assert isinstance(found, SmokeAndMirrors)
    return found


def position(game: SmokeAndMirrors, hands: list[list[str]], acts: list[list[str]] | None = None,
             out: list[str] | tuple[str, ...] = (), rounds_to_win: int | None = None, **details: object) -> SmokeState:
    """A position from each seat's hand and act and the cards out of the round."""
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)}
    zones.update({f"act/{s}": cards for s, cards in enumerate(acts or [])})
    zones["out"] = list(out)
    options = {"rounds_to_win": rounds_to_win} if rounds_to_win is not None else None
    return game.position(zones, options=options, **details)  # type: ignore[arg-type]


def act(game: SmokeAndMirrors, *ids: str) -> tuple[int, ...]:
    """The act move playing these cards."""
    return (ACT, *sorted(game.cards.index[c] for c in ids))


def give(game: SmokeAndMirrors, card_id: str) -> tuple[int, int]:
    return (GIVE, game.cards.index[card_id])


def zone(state: SmokeState, name: str) -> list[str]:
    return sorted(state.card_zones()[name])


# ------------------------------------------------------------------ totals


def test_source_example_hand_table(game: SmokeAndMirrors) -> None:
    star, swirl, mirror = (game.deck.card(c) for c in ("star-1-1", "swirl-2", "skull-mirror"))
    table = {total: [tuple(c.id for c in group) for group in groups]
             for total, groups in possible_totals([star, swirl, mirror]).items()}
    assert table == {
        1: [("star-1-1",)],
        2: [("swirl-2",), ("star-1-1", "skull-mirror")],
        3: [("star-1-1", "swirl-2")],
        4: [("swirl-2", "skull-mirror"), ("star-1-1", "swirl-2", "skull-mirror")],
        5: [("star-1-1", "swirl-2", "skull-mirror")],
        6: [("star-1-1", "swirl-2", "skull-mirror")],
    }


def test_two_mirrors_with_one_card_make_triple(game: SmokeAndMirrors) -> None:
    cards = [game.deck.card(c) for c in ("skull-5-1", "star-mirror", "swirl-mirror")]
    assert sorted(possible_totals(cards)) == [5, 10, 15]
    assert [tuple(c.id for c in g) for g in possible_totals(cards)[15]] == [
        ("skull-5-1", "star-mirror", "swirl-mirror")
    ]


def test_each_mirror_chooses_its_own_group(game: SmokeAndMirrors) -> None:
    cards = [game.deck.card(c) for c in ("star-1-1", "swirl-2", "star-mirror", "skull-mirror")]
    mask = sum(1 << game.cards.index[c.id] for c in cards)
    totals = {t for t in range(40) if game.totals(mask) >> t & 1}
    # 1 + 2 plus two mirrors each copying 1, 2 or 3.
    assert totals == {5, 6, 7, 8, 9}


def test_mirrors_alone_make_no_claim(game: SmokeAndMirrors) -> None:
    mirrors = [game.deck.card(c) for c in ("star-mirror", "skull-mirror")]
    assert possible_totals(mirrors) == {}
    mask = sum(1 << game.cards.index[c.id] for c in mirrors)
    assert game.totals(mask) == 1  # only the total 0


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", range(2, 7))
def test_deal_gives_one_card_of_each_type(game: SmokeAndMirrors, players: int) -> None:
    state = game.new_game(players, random.Random(players), game.rules.resolve_options())
    for seat in range(players):
        hand = zone(state, f"hand/{seat}")
        assert sorted(game.deck.card(c).get("type") for c in hand) == ["skull", "star", "swirl"]
    removed = zone(state, "removed")
    assert removed == (["swirl-5"] if players == 2 else [])
    assert len(zone(state, "aside")) == 18 - len(removed) - 3 * players


def test_two_players_never_see_the_swirl_5(game: SmokeAndMirrors) -> None:
    for seed in range(30):
        state = game.new_game(2, random.Random(seed), game.rules.resolve_options())
        dealt = zone(state, "hand/0") + zone(state, "hand/1") + zone(state, "aside")
        assert "swirl-5" not in dealt


def test_bad_player_count_is_an_error(game: SmokeAndMirrors) -> None:
    with pytest.raises(DeckgenError, match="2-6"):
        game.new_game(7, random.Random(0), game.rules.resolve_options())


def test_removed_cards_must_match_setup_count(game: SmokeAndMirrors) -> None:
    """Checked when the engine is built, so `deckgen validate` reports it before any game."""
    params = {**game.rules.params, "removed_cards": {2: []}}
    with pytest.raises(DataError, match=r"params\.removed_cards\.2: lists 0 card\(s\) but setup\.2\.removed is 1"):
        build_engine(SmokeAndMirrors, load_play_rules(game.rules.id).model_copy(update={"params": params}))
    params = {**game.rules.params, "removed_cards": {2: ["swirl-9"]}}
    with pytest.raises(DataError, match=r"params\.removed_cards\.2: no cards \['swirl-9'\]"):
        build_engine(SmokeAndMirrors, load_play_rules(game.rules.id).model_copy(update={"params": params}))


def test_first_starter_is_random_and_recorded(game: SmokeAndMirrors) -> None:
    starters = set()
    for seed in range(40):
        state = game.new_game(4, random.Random(seed), game.rules.resolve_options(), record=True)
        assert state.events[0] == {"type": "first_starter", "seat": state.starter}
        assert state.current_player == state.starter
        starters.add(state.starter)
    assert starters == {0, 1, 2, 3}


# ------------------------------------------------------------------ opening and acts


def test_opening_is_one_card_claiming_one(game: SmokeAndMirrors) -> None:
    state = position(game, [["star-1-1", "swirl-2", "skull-5-1"], ["star-1-2", "swirl-3", "skull-5-2"]])
    assert sorted(state.legal_moves()) == sorted([act(game, "star-1-1"), act(game, "swirl-2"), act(game, "skull-5-1")])
    state.play(act(game, "star-1-1"))
    assert (state.claim, state.act_seat, state.act_honest, state.current_player) == (1, 0, True, 1)
    assert zone(state, "act/0") == ["star-1-1"]
    assert state.bluffs == 0 and state.turns == 1


def test_opening_with_a_mirror_is_a_bluff(game: SmokeAndMirrors) -> None:
    state = position(game, [["star-mirror", "swirl-2", "skull-5-1"], ["star-1-2", "swirl-3", "skull-5-2"]])
    state.play(act(game, "star-mirror"))
    assert state.act_honest is False and state.bluffs == 1


def test_turn_offers_challenge_every_group_and_break(game: SmokeAndMirrors) -> None:
    state = position(game, 
        [["swirl-2", "skull-5-1"], ["star-1-2", "swirl-3", "skull-5-2"]],
        acts=[["star-1-1"], []], claim=1, standing=0, current_player=1,
    )
    moves = state.legal_moves()
    assert moves[0] == CHALLENGE_MOVE and moves[-1] == BREAK_MOVE
    assert len([m for m in moves if m[0] == ACT]) == 7


def test_act_takes_back_previous_act_and_claims_one_more(game: SmokeAndMirrors) -> None:
    state = position(game, 
        [["swirl-2", "skull-5-1"], ["star-1-2", "swirl-3", "skull-5-2"]],
        acts=[["star-1-1"], []], claim=4, standing=1, current_player=0,
    )
    state.play(act(game, "star-1-1", "skull-5-1"))
    assert state.claim == 5
    assert zone(state, "act/0") == ["skull-5-1", "star-1-1"]
    assert zone(state, "hand/0") == ["swirl-2"]
    assert state.act_honest is False and state.bluffs == 1  # 1 + 5 is 6, not 5


def test_break_keeps_claim_once_per_round(game: SmokeAndMirrors) -> None:
    state = position(game, 
        [["star-1-1", "swirl-2", "skull-5-1"], ["swirl-3", "skull-5-2"], ["star-1-3", "swirl-4", "skull-5-3"]],
        acts=[[], ["star-1-2"], []], claim=3, standing=1, current_player=2,
    )
    state.play(BREAK_MOVE)
    assert (state.claim, state.current_player, state.breaks_left[2], state.turns) == (3, 0, 0, 1)
    # After a break the standing act may still be challenged (ruling).
    assert CHALLENGE_MOVE in state.legal_moves()
    state.play(act(game, "star-1-1", "swirl-2"))
    assert state.claim == 4
    state.play(act(game, "swirl-3"))
    assert BREAK_MOVE not in state.legal_moves()


def test_opening_player_cannot_break(game: SmokeAndMirrors) -> None:
    state = position(game, [["star-1-1", "swirl-2", "skull-5-1"], ["star-1-2", "swirl-3", "skull-5-2"]])
    assert BREAK_MOVE not in state.legal_moves() and CHALLENGE_MOVE not in state.legal_moves()


def test_own_act_cannot_be_challenged(game: SmokeAndMirrors) -> None:
    state = position(game, 
        [["swirl-2", "skull-5-1"], ["star-1-2", "swirl-3", "skull-5-2"]],
        acts=[["star-1-1"], []], claim=1, standing=0, current_player=0,
    )
    assert CHALLENGE_MOVE not in state.legal_moves()


# ------------------------------------------------------------------ challenges


def three_seats(game: SmokeAndMirrors, act_cards: list[str], claim: int) -> SmokeState:
    """Seat 0 performed `act_cards` claiming `claim`; seat 1 is to move; seat 2 waits."""
    hand0 = [c for c in ("star-1-1", "swirl-2", "skull-5-1") if c not in act_cards]
    return position(game, 
        [hand0, ["star-1-2", "swirl-3", "skull-5-2"], ["star-1-3", "swirl-4", "skull-5-3"]],
        acts=[act_cards, [], []], claim=claim, standing=0, current_player=1,
    )


def test_wrong_challenge_eliminates_challenger(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1", "swirl-2"], 3)
    state.play(CHALLENGE_MOVE)
    assert state.active == [True, False, True]
    assert state.challenges_lost == 1 and state.challenges_won == 0
    # The honest performer survives and trades: draws blind from seat 1, gives one back.
    assert state.phase == PHASE_SWAP and state.current_player == 0
    drawn = [c for c in zone(state, "hand/0") if c != "skull-5-1"]
    assert len(drawn) == 1 and drawn[0] in ("star-1-2", "swirl-3", "skull-5-2")
    assert sorted(state.legal_moves()) == sorted(give(game, c) for c in ["skull-5-1", *drawn])
    state.play(give(game, "skull-5-1"))
    assert zone(state, "hand/0") == drawn
    assert sorted(zone(state, "out")) == sorted(
        ["skull-5-1"] + [c for c in ("star-1-2", "swirl-3", "skull-5-2") if c != drawn[0]])
    assert zone(state, "hand/1") == [] and zone(state, "act/0") == ["star-1-1", "swirl-2"]
    # The next player after the challenger plays and may not challenge the act again.
    assert state.current_player == 2
    assert CHALLENGE_MOVE not in state.legal_moves()
    assert state.claim == 3


def test_right_challenge_eliminates_bluffer_and_challenger_plays_on(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1", "swirl-2"], 5)
    state.play(CHALLENGE_MOVE)
    assert state.active == [False, True, True]
    assert state.challenges_won == 1 and state.challenges_lost == 0
    assert state.phase == PHASE_SWAP and state.current_player == 1
    # Seat 0 held only the skull, so that is the card drawn.
    assert "skull-5-1" in zone(state, "hand/1")
    state.play(give(game, "star-1-2"))
    assert zone(state, "out") == sorted(["star-1-1", "swirl-2", "star-1-2"])
    assert state.known_out[1] == sum(1 << game.cards.index[c] for c in ("star-1-1", "swirl-2", "star-1-2"))
    # The challenger takes their own turn: act or break, claiming one more than the bluff.
    assert state.current_player == 1 and state.turns == 0
    moves = state.legal_moves()
    assert CHALLENGE_MOVE not in moves and BREAK_MOVE in moves
    state.play(act(game, "skull-5-1", "swirl-3"))
    assert state.claim == 6 and state.current_player == 2


def test_handing_back_the_drawn_card_keeps_the_hand(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1", "swirl-2"], 5)
    state.play(CHALLENGE_MOVE)
    state.play(give(game, "skull-5-1"))
    assert zone(state, "hand/1") == sorted(["star-1-2", "swirl-3", "skull-5-2"])
    assert "skull-5-1" in zone(state, "out")


def test_no_trade_when_loser_holds_no_cards(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1", "swirl-2", "skull-5-1"], 2)
    state.play(CHALLENGE_MOVE)
    assert state.phase != PHASE_SWAP and state.current_player == 1
    assert zone(state, "out") == sorted(["star-1-1", "swirl-2", "skull-5-1"])
    assert zone(state, "hand/1") == sorted(["star-1-2", "swirl-3", "skull-5-2"])


def test_no_trade_when_survivor_holds_no_cards(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1", "swirl-2", "skull-5-1"], 8)
    state.play(CHALLENGE_MOVE)
    assert state.active == [True, False, True] and state.current_player == 2
    assert zone(state, "hand/0") == []
    assert zone(state, "out") == sorted(["star-1-2", "swirl-3", "skull-5-2"])


def test_two_mirror_act_is_honest_at_triple(game: SmokeAndMirrors) -> None:
    state = three_seats(game, [], 0)
    state = position(game, 
        [[], ["star-1-2", "swirl-3", "skull-5-2"], ["star-1-3", "swirl-4", "skull-5-3"]],
        acts=[["skull-5-1", "star-mirror", "swirl-mirror"], [], []], claim=15, standing=0, current_player=1,
    )
    state.play(CHALLENGE_MOVE)
    assert state.active == [True, False, True]


def test_eliminated_players_are_skipped(game: SmokeAndMirrors) -> None:
    state = position(game, 
        [["swirl-2", "skull-5-1"], [], ["star-1-3", "swirl-4", "skull-5-3"], ["star-1-4", "swirl-1", "skull-5-4"]],
        acts=[["star-1-1"], [], [], []], claim=1, standing=0, current_player=3,
        active=[True, False, True, True], out=["star-1-2", "swirl-3", "skull-5-2"],
    )
    state.play(BREAK_MOVE)
    assert state.current_player == 0
    state.play(act(game, "star-1-1", "swirl-2"))
    assert state.current_player == 2


# ------------------------------------------------------------------ rounds and game end


def test_last_player_wins_round_and_next_starter_deals(game: SmokeAndMirrors) -> None:
    state = position(game, 
        [["swirl-2", "skull-5-1"], ["star-1-2", "swirl-3", "skull-5-2"]],
        acts=[["star-1-1"], []], claim=2, standing=0, current_player=1, starter=1,
        rng=random.Random(5), record=True,
    )
    state.play(CHALLENGE_MOVE)
    assert state.round_wins == [0, 1]
    assert state.round_no == 2 and state.starter == 0 and state.current_player == 0
    assert state.active == [True, True] and state.claim == 0 and state.breaks_left == [1, 1]
    deal = state.events[-1]
    assert deal["type"] == "deal" and deal["starter"] == 0 and deal["removed"] == ["swirl-5"]
    assert not state.is_over


def test_fourth_round_win_ends_game(game: SmokeAndMirrors) -> None:
    state = position(game, 
        [["swirl-2", "skull-5-1"], ["star-1-2", "swirl-3", "skull-5-2"], []],
        acts=[["star-1-1"], [], []], claim=2, standing=0, current_player=1,
        active=[True, True, False], round_wins=[1, 3, 2], out=["star-1-3", "swirl-4", "skull-5-3"],
    )
    state.play(CHALLENGE_MOVE)
    assert state.is_over
    result = state.result()
    assert result.finished and result.winners == (1,)
    assert result.scores == (1.0, 4.0, 2.0) and result.ranking == (1, 2, 0)
    assert result.counters == {"bluffs": 0, "challenges_won": 1, "challenges_lost": 0}


def test_rounds_to_win_option_shortens_game(game: SmokeAndMirrors) -> None:
    for index in range(20):
        state = play_game(game, 3, ["random"] * 3, 11, index, options={"rounds_to_win": 1})
        assert state.is_over and state.round_no == 1 and sorted(state.round_wins) == [0, 0, 1]


def test_every_player_in_the_round_always_has_three_cards(game: SmokeAndMirrors) -> None:
    def check(state: SmokeState, move: object) -> None:
        for seat in range(state.n_players):
            if state.active[seat] and state.swap_loser != seat:
                # The survivor of a challenge holds one extra card until giving one back.
                swapping = state.phase == PHASE_SWAP and seat == state.current_player
                assert (state.hands[seat] | state.acts[seat]).bit_count() == 3 + swapping
        assert state.legal_moves()

    for index in range(40):
        play_game(game, 4, ["random", "greedy", "random", "greedy"], 3, index, on_move=check)


def test_capped_game_is_unfinished(game: SmokeAndMirrors) -> None:
    state = game.new_game(4, random.Random(1), game.rules.resolve_options())
    bots = [make_bot(GAME_ID, "random", random.Random(2), s) for s in range(4)]
    for _ in range(3):
        state.apply(bots[state.current_player].choose(state))
    result = state.result()
    assert not result.finished and result.winners == () and result.turns == 3


# ------------------------------------------------------------------ records, views, text


def test_replay_reproduces_events_and_result(game: SmokeAndMirrors) -> None:
    moves: list[object] = []
    first = play_game(game, 4, ["greedy", "random", "random", "random"], 21, 0, record=True,
                      on_move=lambda s, m: moves.append(game.move_to_json(m)))
    chance = game_rngs(21, 0)[0]
    replay = game.new_game(4, chance, game.rules.resolve_options(), record=True)
    for data in json.loads(json.dumps(moves)):
        replay.play(game.move_from_json(data))
    assert replay.events == first.events
    assert replay.result() == first.result()
    assert any(e["type"] == "swap_draw" for e in first.events)


def test_observation_shows_only_own_cards(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1"], 1)
    seen = state.observation(1)
    json.dumps(seen)
    assert seen["hand"] == sorted(["star-1-2", "swirl-3", "skull-5-2"], key=game.cards.index.get)
    assert seen["act_sizes"] == [1, 0, 0] and seen["hand_sizes"] == [2, 3, 3]
    assert seen["standing_act_by"] == 0 and seen["claim"] == 1
    assert "star-1-1" not in json.dumps(seen)


def test_describe_moves(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1"], 1)
    assert state.describe_move(CHALLENGE_MOVE) == "seat 1 challenges seat 0's act (claim 1)"
    assert state.describe_move(BREAK_MOVE) == "seat 1 takes a break (the claim to beat stays 1)"
    assert state.describe_move(act(game, "swirl-3")) == "seat 1 plays 1 card(s) face down claiming 2 (Swirl 3)"


# ------------------------------------------------------------------ greedy bot


def likely_six(game: SmokeAndMirrors, hand1: list[str], breaks: int = 1) -> SmokeState:
    """Seat 0 stands on a believable 2-card claim of 6; seat 1 holds `hand1`."""
    return position(game, 
        [["swirl-2"], hand1, ["star-1-4", "swirl-4", "skull-5-3"]],
        acts=[["star-1-1", "skull-5-1"], [], []], claim=6, standing=0, current_player=1,
        breaks_left=[1, breaks, 1],
    )


def test_greedy_acts_honestly_when_it_can(game: SmokeAndMirrors) -> None:
    state = likely_six(game, ["star-1-2", "swirl-1", "skull-5-2"])
    assert GreedyBot(random.Random(0), 1).choose(state) == act(game, "star-1-2", "swirl-1", "skull-5-2")


def test_greedy_breaks_when_it_cannot_make_the_claim(game: SmokeAndMirrors) -> None:
    state = likely_six(game, ["star-1-2", "star-1-3", "swirl-3"])
    assert GreedyBot(random.Random(0), 1).choose(state) == BREAK_MOVE


def test_greedy_bluffs_when_it_has_no_break(game: SmokeAndMirrors) -> None:
    state = likely_six(game, ["star-1-2", "star-1-3", "swirl-3"], breaks=0)
    move = GreedyBot(random.Random(0), 1).choose(state)
    assert move[0] == ACT and not game.totals(sum(1 << c for c in move[1:])) >> 7 & 1


def test_greedy_challenges_an_impossible_claim(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1"], 6)  # one card can never show 6
    assert GreedyBot(random.Random(0), 1).choose(state) == CHALLENGE_MOVE


def test_greedy_trusts_a_likely_claim(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1"], 1)  # six of the unseen cards are 1s
    assert GreedyBot(random.Random(0), 1).choose(state) != CHALLENGE_MOVE


def test_greedy_gives_away_its_least_useful_card(game: SmokeAndMirrors) -> None:
    state = three_seats(game, ["star-1-1", "swirl-2"], 5)
    state.play(CHALLENGE_MOVE)
    # Seat 1 holds star 1, swirl 3, skull 5 and the drawn skull 5: the star adds least.
    assert GreedyBot(random.Random(0), 1).choose(state) == give(game, "star-1-2")


# ------------------------------------------------------------------ playouts

#: Games per (bot, player count): 1,000 in all, fewer where random games run long.
PLAYOUTS = {
    "random": {2: 200, 3: 100, 4: 60, 5: 40, 6: 30},
    "greedy": {2: 250, 3: 150, 4: 80, 5: 50, 6: 40},
}


def test_playouts_total_at_least_a_thousand() -> None:
    assert sum(sum(counts.values()) for counts in PLAYOUTS.values()) >= 1000


@pytest.mark.parametrize("bot", sorted(PLAYOUTS))
@pytest.mark.parametrize("players", range(2, 7))
def test_seeded_playouts(players: int, bot: str) -> None:
    finals = check_playouts(GAME_ID, players, [bot] * players, PLAYOUTS[bot][players], seed=players)
    assert all(state.is_over for state in finals)
    assert all(max(state.round_wins) == 4 for state in finals)
