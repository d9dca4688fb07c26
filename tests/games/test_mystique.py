"""Mystique: the source's suns and deflection examples, every rule and ruling as a scenario,
and seeded playouts for every player count, both bots, with and without the options."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from deckgen.bots.mystique import GreedyBot
from deckgen.errors import BadOption, BadPlayerCount, BadPosition, DataError, DeckgenError, IllegalMove, UnknownCard
from deckgen.games.building import build_engine
from deckgen.games.registry import get_game
from deckgen.sim.play import game_rngs, play_game
from deckgen.games.mystique import DEFLECT, TAKE_MOVE, MystiqueGame, MystiqueState, add_subsets
from deckgen.model.rules import load_rules
from tests.games.playout import check_playouts

ALL_OPTIONS = {"aces_scoring": True, "spell_deflection": True, "partnerships": True}
PLAYOUTS_PER_SETTING = 50


@pytest.fixture(scope="module")
def game() -> MystiqueGame:
    return build_engine(MystiqueGame, load_rules("mystique"))


def position(game: MystiqueGame, hands: list[list[str]], burns: list[list[str]] | None = None,
             **details: object) -> MystiqueState:
    """A position at the start of a round from each seat's hand and burns."""
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)}
    zones.update({f"burns/{s}": pile for s, pile in enumerate(burns or [])})
    return game.position(zones, **details)  # type: ignore[arg-type]


def cards(colours: str, suits: str, numbers: str) -> list[str]:
    """Card ids of every combination: cards("yr", "s", "123") = yellow and red suns 1-3."""
    colour_names = {"y": "yellow", "r": "red", "b": "blue"}
    suit_names = {"m": "moons", "s": "suns", "a": "arms", "c": "crowns"}
    return [
        f"{colour_names[c]}-{suit_names[s]}-{n}" for c in colours for s in suits for n in numbers
    ]


def hand(state: MystiqueState, seat: int) -> set[str]:
    return set(state.table.ids_of(state.hands[seat]))


def burns(state: MystiqueState, seat: int) -> set[str]:
    return set(state.table.ids_of(state.burns[seat]))


def bot_move(state: MystiqueState) -> Any:
    return GreedyBot(random.Random(0), state.current_player).choose(state)


# --- the source's worked examples ---------------------------------------------------------


def test_suns_example_fourteen_suns_burned_by_the_fourth_player(game: MystiqueGame) -> None:
    # Seats 0, 3, 2, 1 are Alejandro, Brenna, Cedric and Didier (play runs anticlockwise).
    suns = cards("yrb", "s", "12345")
    alejandro, brenna, cedric = suns[0:3] + ["red-moons-1"], suns[3:8] + ["red-moons-2"], suns[8:14] + ["red-moons-3"]
    didier = suns[14:15] + cards("y", "m", "12345")
    state = position(game, [alejandro, didier, cedric, brenna], current_player=0)
    state.play(state.cast_move(suns[0:3], "suit", "suns"))
    assert state.current_player == 3
    state.play(state.cast_move(suns[3:8]))
    assert state.current_player == 2
    state.play(state.cast_move(suns[8:14]))
    assert state.spell_count == 6 and state.longest_spell == 6
    assert state.current_player == 1
    assert state.legal_moves() == [TAKE_MOVE]
    state.play(TAKE_MOVE)
    assert burns(state, 1) == set(suns[:14])
    assert state.spellcaster == 1 and state.current_player == 1 and state.spell_code == -1
    assert not state.is_over
    # Didier opens a new round with any spell he likes.
    assert (state.table.code_of("suit", "moons"), state.table.mask_of(cards("y", "m", "12345"))) in state.legal_moves()


def test_deflection_example_nine_cards_after_two_palms(game: MystiqueGame) -> None:
    # The suit symbol was lost in the source; any suit works, moons here.
    alejandro = cards("y", "m", "123") + cards("r", "m", "1") + cards("y", "a", "5")
    brenna = cards("y", "m", "4") + cards("r", "m", "234") + cards("b", "m", "5")
    cedric = cards("y", "m", "5") + cards("r", "c", "12")
    didier = cards("r", "m", "5") + cards("b", "c", "12")
    state = position(game, [alejandro, didier, cedric, brenna], options={"spell_deflection": True})
    state.play(state.cast_move(cards("y", "m", "123"), "suit", "moons"))
    state.play(state.cast_move(cards("y", "m", "4") + cards("r", "m", "234")))
    state.play(state.deflect_move("yellow-moons-5"))
    assert state.current_player == 1 and state.spell_count == 4
    state.play(state.deflect_move("red-moons-5"))
    assert state.current_player == 0 and state.spell_count == 4
    # One moon left and no palm of moons: Alejandro can only take the nine cards.
    assert state.legal_moves() == [TAKE_MOVE]
    state.play(TAKE_MOVE)
    assert len(burns(state, 0)) == 9
    assert state.spellcaster == 0 and state.counters["deflections"] == 2


def test_fives_still_open_a_round_with_deflection_on(game: MystiqueGame) -> None:
    fives = cards("yrb", "m", "5")
    state = position(game, [fives, cards("y", "s", "1")], options={"spell_deflection": True})
    state.play(state.cast_move(fives, "number", 5))
    assert state.spell_count == 3 and state.hands[0] == 0


# --- setup --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n_players", "decks", "hand_size", "removed"),
    [(2, 1, 20, 20), (3, 1, 20, 0), (4, 1, 15, 0), (5, 2, 24, 0), (6, 2, 20, 0)],
)
def test_deal_follows_the_setup_table(
    game: MystiqueGame, n_players: int, decks: int, hand_size: int, removed: int
) -> None:
    setup = game.rules.setup_for(n_players)
    assert (setup.decks, setup.hand_size, setup.removed) == (decks, hand_size, removed)
    state = game.new_game(n_players, random.Random(3), game.rules.resolve_options())
    assert [h.bit_count() for h in state.hands] == [hand_size] * n_players
    assert state.removed.bit_count() == removed
    zones = state.card_zones()
    everything = [c for zone in zones.values() for c in zone]
    assert len(everything) == len(set(everything)) == 60 * decks


def test_two_decks_give_back_prefixed_identities(game: MystiqueGame) -> None:
    state = game.new_game(5, random.Random(1), game.rules.resolve_options())
    ids = state.table.ids
    assert len(ids) == 120 and "gold:yellow-moons-1" in ids and "silver:yellow-moons-1" in ids
    assert state.table.names[ids.index("silver:blue-crowns-5")] == "5 of blue crowns (silver)"


def test_identical_faces_are_different_cards_in_a_spell(game: MystiqueGame) -> None:
    twins = ["gold:red-arms-3", "silver:red-arms-3"]
    state = position(game, [twins, ["gold:blue-moons-1"], [], [], []], decks=2)
    moves = state.legal_moves()
    code = state.table.code_of("colour", "red")
    singles = [m for m in moves if m[0] == code and m[1].bit_count() == 1]
    assert len(singles) == 2 and (code, state.table.mask_of(twins)) in moves


@pytest.mark.parametrize("n_players", [1, 7])
def test_player_count_outside_two_to_six_is_refused(game: MystiqueGame, n_players: int) -> None:
    with pytest.raises(BadPlayerCount, match=f"game mystique: {n_players} players not allowed"):
        game.new_game(n_players, random.Random(0), game.rules.resolve_options())


def test_dealer_is_the_highest_card_number_and_the_first_player_sits_on_the_right(game: MystiqueGame) -> None:
    for seed in range(20):
        state = game.new_game(4, random.Random(seed), game.rules.resolve_options(), record=True)
        assert state.events is not None
        draw, deal = state.events
        assert draw["type"] == "dealer_draw" and deal["type"] == "deal"
        numbers = {seat: state.table.card_numbers[state.table.index[c]] for seat, c in draw["draws"]}
        dealer = max(numbers, key=numbers.__getitem__)
        assert deal["dealer"] == dealer
        assert deal["first_player"] == (dealer - 1) % 4 == state.current_player == state.spellcaster
        assert [set(h) for h in deal["hands"]] == [hand(state, s) for s in range(4)]


class ScriptedDraws(random.Random):
    """A chance source whose draws for the dealer are scripted (ties need two decks)."""

    def __init__(self, draws: list[list[int]]) -> None:
        super().__init__(0)
        self.draws = draws

    def sample(self, population: Any, k: int, **kwargs: Any) -> list[int]:  # type: ignore[override]
        return self.draws.pop(0)


def test_tied_dealer_draws_are_drawn_again_by_the_tied_players(game: MystiqueGame) -> None:
    table = game.table(2)
    top_gold, top_silver = table.index["gold:blue-crowns-5"], table.index["silver:blue-crowns-5"]
    low = table.index["gold:yellow-moons-1"]
    events: list[dict[str, Any]] = []
    rng = ScriptedDraws([[top_gold, low, top_silver, low + 1, low + 2], [low, low + 3]])
    dealer = MystiqueGame._draw_dealer(5, table, rng, events)
    assert dealer == 2
    assert [seat for seat, _ in events[1]["draws"]] == [0, 2]


def test_replaying_the_same_seed_and_moves_reproduces_events_and_result(game: MystiqueGame) -> None:
    moves: list[Any] = []
    first = play_game(game, 4, ["random"] * 4, 5, 0, record=True, on_move=lambda s, m: moves.append(m))
    replay = game.new_game(4, game_rngs(5, 0)[0], game.rules.resolve_options(), record=True)
    for move in moves:
        replay.play(game.move_from_json(json.loads(json.dumps(game.move_to_json(move)))))
    assert replay.events == first.events
    assert replay.result() == first.result()


# --- opening spells -------------------------------------------------------------------------


def shares_a_value(state: MystiqueState, combo: tuple[int, ...]) -> list[int]:
    """The attribute codes every card of combo has."""
    codes = set(state.table.card_codes[combo[0]])
    for card in combo[1:]:
        codes &= set(state.table.card_codes[card])
    return sorted(codes)


def test_openings_are_exactly_the_sets_of_one_to_five_sharing_a_value(game: MystiqueGame) -> None:
    mixed = cards("yr", "ms", "123") + cards("b", "a", "45")
    state = position(game, [mixed, ["blue-crowns-1"]])
    indices = [state.table.index[c] for c in mixed]
    expected = set()
    for size in range(1, 6):
        for combo in itertools.combinations(indices, size):
            for code in shares_a_value(state, combo):
                expected.add((code, sum(1 << c for c in combo)))
    moves = state.legal_moves()
    assert len(moves) == len(set(moves)) and set(moves) == expected


def test_six_cards_of_one_colour_cannot_open(game: MystiqueGame) -> None:
    yellows = cards("y", "m", "12345") + ["yellow-suns-1"]
    state = position(game, [yellows, ["blue-crowns-1"]])
    with pytest.raises(IllegalMove):
        state.play(state.cast_move(yellows, "colour", "yellow"))
    state.play(state.cast_move(yellows[:5], "colour", "yellow"))
    assert state.spell_count == 5


def test_one_card_can_be_announced_on_each_of_its_three_values(game: MystiqueGame) -> None:
    state = position(game, [["red-arms-2"], ["blue-crowns-1"]])
    announced = sorted(state.table.code_values[code] for code, _ in state.legal_moves())
    assert announced == [("colour", "red"), ("number", 2), ("suit", "arms")]


def test_cards_sharing_nothing_cannot_be_cast_together(game: MystiqueGame) -> None:
    state = position(game, [["red-arms-2", "blue-moons-3"], ["blue-crowns-1"]])
    with pytest.raises(IllegalMove):
        state.play(state.cast_move(["red-arms-2", "blue-moons-3"], "colour", "red"))


# --- answering spells -----------------------------------------------------------------------


def opened(game: MystiqueGame, opener: list[str], answerer: list[str], attribute: str, value: Any,
           options: dict[str, Any] | None = None) -> MystiqueState:
    """Seat 0 opens with all of `opener` on (attribute, value); seat 1 is to answer."""
    state = position(game, [opener, answerer], options=options)
    state.play(state.cast_move(opener, attribute, value))
    return state


def test_an_answer_needs_the_announced_value_not_just_any_shared_one(game: MystiqueGame) -> None:
    state = opened(game, cards("y", "s", "12"), cards("r", "m", "12") + cards("r", "s", "3"), "suit", "suns")
    with pytest.raises(IllegalMove):
        state.play(state.cast_move(cards("r", "m", "12")))  # two moons do not answer two suns
    assert state.legal_moves() == [TAKE_MOVE]


def test_an_answer_with_fewer_cards_is_illegal_and_more_is_fine(game: MystiqueGame) -> None:
    state = opened(game, cards("y", "s", "12"), cards("r", "s", "12345") + cards("b", "s", "1"), "suit", "suns")
    with pytest.raises(IllegalMove):
        state.play(state.cast_move(cards("r", "s", "1")))
    sizes = sorted({mask.bit_count() for code, mask in state.legal_moves() if code >= 0})
    assert sizes == [2, 3, 4, 5, 6]
    state.play(state.cast_move(cards("r", "s", "12345") + cards("b", "s", "1")))
    assert state.spell_count == 6 and state.current_player == 0


def test_answer_moves_are_exactly_the_subsets_big_enough(game: MystiqueGame) -> None:
    reds = cards("r", "ma", "123")
    state = opened(game, ["red-crowns-1", "red-crowns-2"], reds, "colour", "red")
    casts = [m for m in state.legal_moves() if m != TAKE_MOVE]
    assert len(casts) == len(set(casts)) == sum(len(list(itertools.combinations(reds, k))) for k in range(2, 7))


def test_big_groups_give_exactly_the_legal_openings_and_answers(game: MystiqueGame) -> None:
    yellows = cards("y", "msac", "12345")
    state = opened(game, yellows[:5], yellows[5:17], "colour", "yellow")
    code = state.spell_code
    casts = {m for m in state.legal_moves() if m != TAKE_MOVE}
    expected = {
        (code, state.table.mask_of(list(combo)))
        for size in range(5, 13) for combo in itertools.combinations(yellows[5:17], size)
    }
    assert len(casts) == len(expected) == 3302 and casts == expected
    opening = position(game, [yellows[:12], ["red-arms-1"]])
    yellow_openings = [m for m in opening.legal_moves() if m[0] == code]
    assert len(yellow_openings) == len(set(yellow_openings)) == 12 + 66 + 220 + 495 + 792
    assert all(1 <= mask.bit_count() <= 5 for _, mask in yellow_openings)


def test_sub_mask_enumeration_matches_brute_force_for_every_group_size() -> None:
    rng = random.Random(4)
    for k in range(1, 13):
        for _ in range(12):
            bits = rng.sample(range(120), k)
            least = rng.choice([1, rng.randint(1, k)])
            most = rng.choice([5, k, rng.randint(least, k)])
            out: list[Any] = []
            add_subsets(out, 7, sum(1 << b for b in bits), least, most)
            expected = {
                (7, sum(1 << b for b in combo))
                for size in range(least, most + 1) for combo in itertools.combinations(bits, size)
            }
            assert len(out) == len(set(out)) and set(out) == expected, (k, least, most)


def test_taking_is_allowed_even_when_an_answer_exists(game: MystiqueGame) -> None:
    state = opened(game, ["yellow-moons-1"], ["yellow-suns-2", "red-arms-3"], "colour", "yellow")
    assert TAKE_MOVE in state.legal_moves() and len(state.legal_moves()) == 2
    state.play(TAKE_MOVE)
    assert burns(state, 1) == {"yellow-moons-1"} and hand(state, 1) == {"yellow-suns-2", "red-arms-3"}
    assert state.spellcaster == 1 and state.current_player == 1 and state.turns == 2


def test_the_round_goes_back_to_the_opener_and_keeps_climbing(game: MystiqueGame) -> None:
    state = position(game, [cards("y", "ms", "1"), cards("r", "ms", "1"), cards("b", "ms", "1")])
    number_one = state.table.code_of("number", 1)
    state.play((number_one, state.table.mask_of(["yellow-moons-1"])))
    assert state.current_player == 2
    state.play(state.cast_move(["blue-moons-1"]))
    state.play(state.cast_move(["red-moons-1", "red-suns-1"]))
    assert state.current_player == 0 and state.spell_count == 2
    assert state.legal_moves() == [TAKE_MOVE]  # one 1 left, two needed


def test_play_runs_anticlockwise_to_seat_minus_one(game: MystiqueGame) -> None:
    state = position(game, [["red-arms-1"], ["red-arms-2"], ["red-arms-3"], ["red-arms-4"]], current_player=1)
    state.play(state.cast_move(["red-arms-2"], "colour", "red"))
    assert state.current_player == 0
    state.play(state.cast_move(["red-arms-1"]))
    assert state.current_player == 3


# --- empty hands and the end of the skirmish -----------------------------------------------


def test_a_player_with_an_empty_hand_must_take(game: MystiqueGame) -> None:
    state = position(game, [["red-arms-1"], [], ["blue-moons-2"]])
    state.play(state.cast_move(["red-arms-1"], "colour", "red"))
    assert state.current_player == 2
    state.play(TAKE_MOVE)
    state.play(state.cast_move(["blue-moons-2"], "number", 2))
    assert state.current_player == 1 and state.legal_moves() == [TAKE_MOVE]


def test_emptying_a_hand_does_not_end_the_skirmish(game: MystiqueGame) -> None:
    state = position(game, [["red-arms-1"], ["red-arms-2", "blue-moons-5"]])
    state.play(state.cast_move(["red-arms-1"], "colour", "red"))
    assert state.hands[0] == 0 and not state.is_over
    state.play(state.cast_move(["red-arms-2"]))
    assert not state.is_over and state.current_player == 0
    assert state.legal_moves() == [TAKE_MOVE]


def test_the_skirmish_ends_when_the_spellcaster_has_nothing_to_open(game: MystiqueGame) -> None:
    state = position(game, [["red-arms-1"], ["red-arms-2", "blue-moons-5"], ["yellow-suns-3"]])
    state.play(state.cast_move(["red-arms-1"], "colour", "red"))
    state.play(TAKE_MOVE)  # seat 2 takes and opens
    state.play(state.cast_move(["yellow-suns-3"], "suit", "suns"))
    state.play(TAKE_MOVE)  # seat 1 takes the sun
    state.play(state.cast_move(["red-arms-2"], "colour", "red"))
    assert state.current_player == 0 and state.legal_moves() == [TAKE_MOVE]
    state.play(TAKE_MOVE)  # seat 0 has no card: she takes, cannot open, the skirmish ends
    assert state.is_over and state.legal_moves() == []
    assert burns(state, 1) == {"yellow-suns-3", "blue-moons-5"}  # the hand joins the burns
    result = state.result()
    assert result.finished and result.scores == (1.0, 2.0, 1.0)
    assert result.winners == (0, 2) and result.ranking == (0, 2, 1)
    assert state.counters == {
        "deflections": 0, "takes": 3, "burned_from_rounds": 3, "left_in_hands": 1, "longest_spell": 1,
        "skirmishes": 1,
    }


def test_an_unfinished_skirmish_has_no_winners(game: MystiqueGame) -> None:
    state = position(game, [["red-arms-1"], ["red-arms-2"]])
    result = state.result()
    assert not result.finished and result.winners == () and result.turns == 0


def test_turn_cap_is_above_the_longest_possible_skirmish(game: MystiqueGame) -> None:
    # Every cast moves a card out of a hand and every take needs a cast before it.
    assert game.rules.turn_cap > 2 * 120 + 1


# --- options ---------------------------------------------------------------------------------


def test_aces_scoring_makes_each_ace_five_burns(game: MystiqueGame) -> None:
    for aces, expected in ((False, (1.0, 2.0)), (True, (1.0, 6.0))):
        state = position(game, [["red-arms-1", "red-arms-2"], ["blue-moons-3"]], options={"aces_scoring": aces})
        state.play(state.cast_move(["red-arms-2"], "colour", "red"))
        state.play(TAKE_MOVE)  # seat 1 burns the 2, then opens with her last card
        state.play(state.cast_move(["blue-moons-3"], "colour", "blue"))
        state.play(TAKE_MOVE)  # seat 0 burns the 3 and opens with the ace
        state.play(state.cast_move(["red-arms-1"], "number", 1))
        state.play(TAKE_MOVE)  # seat 1 has no card: she takes the ace and the skirmish ends
        assert state.is_over
        assert state.result().scores == expected


def test_deflection_needs_a_palm_of_the_announced_colour_or_suit(game: MystiqueGame) -> None:
    answer = ["yellow-arms-5", "red-suns-5", "blue-moons-2"]
    colour = opened(game, ["yellow-moons-1", "yellow-moons-2"], answer, "colour", "yellow", {"spell_deflection": True})
    assert colour.legal_moves() == [TAKE_MOVE, colour.deflect_move("yellow-arms-5")]
    suit = opened(game, ["blue-suns-1", "blue-suns-2"], answer, "suit", "suns", {"spell_deflection": True})
    assert suit.legal_moves() == [TAKE_MOVE, suit.deflect_move("red-suns-5")]


def test_a_spell_on_a_number_cannot_be_deflected(game: MystiqueGame) -> None:
    state = opened(game, ["yellow-moons-5", "red-moons-5"], ["blue-moons-5"], "number", 5, {"spell_deflection": True})
    assert state.legal_moves() == [TAKE_MOVE]


def test_deflection_is_off_by_default(game: MystiqueGame) -> None:
    state = opened(game, ["yellow-moons-1", "yellow-moons-2"], ["yellow-arms-5"], "colour", "yellow")
    assert state.legal_moves() == [TAKE_MOVE]
    with pytest.raises(IllegalMove):
        state.play((DEFLECT, state.table.mask_of(["yellow-arms-5"])))


def test_a_deflection_keeps_the_spell_and_joins_the_round(game: MystiqueGame) -> None:
    state = position(game, 
        [["yellow-moons-1", "yellow-moons-2"], ["yellow-suns-1"], ["yellow-arms-5", "red-arms-1"]],
        options={"spell_deflection": True},
    )
    state.play(state.cast_move(["yellow-moons-1", "yellow-moons-2"], "colour", "yellow"))
    state.play(state.deflect_move("yellow-arms-5"))
    assert state.current_player == 1 and state.spell_count == 2
    assert state.table.code_values[state.spell_code] == ("colour", "yellow")
    assert state.legal_moves() == [TAKE_MOVE]
    state.play(TAKE_MOVE)
    assert burns(state, 1) == {"yellow-moons-1", "yellow-moons-2", "yellow-arms-5"}


def test_partners_sit_opposite_and_share_their_burns(game: MystiqueGame) -> None:
    state = position(game, [["red-arms-1"], [], ["blue-moons-2"], []], options={"partnerships": True},
                          burns=[[], cards("y", "m", "12"), [], cards("y", "s", "1")])
    assert [state.partner(s) for s in range(4)] == [2, 3, 0, 1]
    state.play(state.cast_move(["red-arms-1"], "colour", "red"))
    state.play(TAKE_MOVE)  # seat 3 has no card: takes, cannot open, the skirmish ends
    result = state.result()
    assert result.finished
    # Seats 0 and 2 hold 0 + 1 burns, seats 1 and 3 hold 2 + 2.
    assert result.scores == (1.0, 4.0, 1.0, 4.0)
    assert result.winners == (0, 2)
    assert result.ranking == (0, 2, 1, 3)


def test_six_player_partnerships_pair_seats_three_apart(game: MystiqueGame) -> None:
    state = game.new_game(6, random.Random(0), game.rules.resolve_options({"partnerships": True}))
    assert [state.partner(s) for s in range(6)] == [3, 4, 5, 0, 1, 2]


@pytest.mark.parametrize("n_players", [2, 3, 5])
def test_partnerships_need_four_or_six_players(game: MystiqueGame, n_players: int) -> None:
    with pytest.raises(DeckgenError, match="4 or 6 players"):
        game.new_game(n_players, random.Random(0), game.rules.resolve_options({"partnerships": True}))


def test_options_default_off() -> None:
    rules = load_rules("mystique").for_play()
    assert rules.resolve_options() == {
        "aces_scoring": False, "spell_deflection": False, "partnerships": False, "skirmishes": 1}


# --- positions, observation, zones, text ------------------------------------------------------


def test_position_refuses_cards_placed_twice_and_unknown_cards(game: MystiqueGame) -> None:
    with pytest.raises(BadPosition, match="placed twice"):
        position(game, [["red-arms-1"], ["red-arms-1"]])
    with pytest.raises(UnknownCard):
        position(game, [["purple-arms-1"], []])


def test_observation_shows_only_the_own_hand(game: MystiqueGame) -> None:
    state = opened(game, ["yellow-moons-1"], ["red-arms-2", "blue-suns-3"], "suit", "moons")
    seen = state.observation(1)
    json.dumps(seen)
    assert seen["hand"] == ["blue-suns-3", "red-arms-2"]
    assert seen["hand_sizes"] == [0, 2]
    assert seen["spell"] == {"attribute": "suit", "value": "moons", "count": 1}
    assert seen["round"] == [{"seat": 0, "deflect": False, "cards": ["yellow-moons-1"]}]
    assert "red-arms-2" not in json.dumps(state.observation(0))


def test_card_zones_hold_every_card_once(game: MystiqueGame) -> None:
    state = opened(game, ["yellow-moons-1"], ["red-arms-2"], "colour", "yellow")
    zones = state.card_zones()
    assert zones["table"] == ["yellow-moons-1"] and zones["hand/1"] == ["red-arms-2"]
    assert sum(len(z) for z in zones.values()) == 60


def test_describe_move_names_cards_and_spells(game: MystiqueGame) -> None:
    state = position(game, [cards("y", "s", "12"), ["red-suns-5", "red-suns-4"]], options={"spell_deflection": True})
    move = state.cast_move(cards("y", "s", "12"), "suit", "suns")
    assert state.describe_move(move) == "seat 0 opens with two suns: 1 of yellow suns, 2 of yellow suns"
    state.play(move)
    assert state.describe_move(state.deflect_move("red-suns-5")) == "seat 1 deflects the spell with the 5 of red suns"
    assert state.describe_move(TAKE_MOVE) == "seat 1 takes the 2 cards of the round as burns"
    number = position(game, [["red-arms-1", "blue-arms-1"], []])
    assert number.describe_move(number.cast_move(["red-arms-1", "blue-arms-1"], "number", 1)).startswith(
        "seat 0 opens with two 1s"
    )


def test_describe_move_uses_the_singular_for_one_card(game: MystiqueGame) -> None:
    state = position(game, [["red-suns-2", "red-arms-3"], ["blue-moons-4"]])
    move = state.cast_move(["red-suns-2"], "suit", "suns")
    assert state.describe_move(move) == "seat 0 opens with one sun: 2 of red suns"
    red = state.cast_move(["red-arms-3"], "colour", "red")
    assert state.describe_move(red).startswith("seat 0 opens with one red:")
    state.play(move)
    assert state.describe_move(TAKE_MOVE) == "seat 1 takes the 1 card of the round as burns"


def test_an_opening_move_needs_its_announcement(game: MystiqueGame) -> None:
    state = position(game, [["red-arms-1"], []])
    with pytest.raises(DeckgenError, match="announced"):
        state.cast_move(["red-arms-1"])


# --- greedy bot -------------------------------------------------------------------------------


def test_greedy_opens_with_a_spell_no_one_can_answer(game: MystiqueGame) -> None:
    # Six 4s are burned and seat 0 holds four: only two 4s are unseen, so four 4s cannot
    # be answered.
    fours = ["yellow-moons-4", "red-moons-4", "blue-moons-4", "yellow-suns-4"]
    state = position(game, [fours + ["blue-crowns-1"], ["red-arms-2"]], burns=[cards("rb", "sac", "4"), []])
    code, mask = bot_move(state)
    assert state.table.code_values[code] == ("number", 4) and mask == state.table.mask_of(fours)


def test_greedy_otherwise_opens_with_its_weakest_single_card(game: MystiqueGame) -> None:
    # The red 3 has no partner in hand; of its values, 3 has the fewest unseen cards.
    state = position(game, [["yellow-moons-1", "yellow-moons-2", "red-arms-3"], ["blue-crowns-4"], [], []])
    assert bot_move(state) == state.cast_move(["red-arms-3"], "number", 3)


def test_greedy_shuts_the_round_with_one_card_more_than_anyone_can_hold(game: MystiqueGame) -> None:
    suns = cards("y", "s", "12345") + ["red-suns-1"]
    state = position(game, [["blue-suns-1", "red-arms-1"], suns], burns=[cards("b", "s", "2345"), []])
    state.play(state.cast_move(["blue-suns-1"], "suit", "suns"))
    code, mask = bot_move(state)
    # 15 suns: 6 in hand, 1 cast, 4 burned, so at most 4 elsewhere; five cannot be answered.
    assert code == state.spell_code and mask.bit_count() == 5


def test_greedy_answers_with_the_fewest_cards_when_it_cannot_shut_the_round(game: MystiqueGame) -> None:
    state = opened(game, ["blue-suns-1"], cards("yr", "s", "123"), "suit", "suns")
    code, mask = bot_move(state)
    assert code == state.spell_code and mask.bit_count() == 1


def test_greedy_deflects_when_it_cannot_answer(game: MystiqueGame) -> None:
    state = opened(game, cards("y", "m", "12"), ["yellow-arms-5", "red-arms-1"], "colour", "yellow",
                   {"spell_deflection": True})
    assert bot_move(state) == state.deflect_move("yellow-arms-5")


def test_greedy_takes_when_nothing_else_is_legal(game: MystiqueGame) -> None:
    state = opened(game, cards("y", "m", "12"), ["red-arms-1"], "colour", "yellow")
    assert bot_move(state) == TAKE_MOVE


def test_greedy_beats_random_players() -> None:
    mystique = get_game("mystique")
    share = 0.0
    for index in range(120):
        seat = index % 4
        bots = ["random"] * 4
        bots[seat] = "greedy"
        winners = play_game(mystique, 4, bots, 9, index).result().winners
        share += (seat in winners) / len(winners)
    assert share / 120 > 0.3


# --- rule data ------------------------------------------------------------------------------


def test_rule_data_is_complete() -> None:
    rules = load_rules("mystique")
    assert rules.metadata.designer == "Néstor Romeral Andrés" and rules.metadata.year == 2013
    assert rules.players.min == 2 and rules.players.max == 6
    assert rules.params["open_max_cards"] == 5 and rules.params["ace_burns"] == 5
    assert len(rules.rulings) >= 10
    assert rules.text is not None and len(rules.text.variants) == 4
    assert rules.quickref is not None
    for lines in (rules.quickref.turn, rules.quickref.legal_plays, rules.quickref.special, rules.quickref.scoring):
        assert 4 <= len(lines) <= 6
        assert all(len(line) < 60 for line in lines)


# --- playouts -------------------------------------------------------------------------------


def game_decks(n_players: int) -> int:
    return load_rules("mystique").for_play().setup_for(n_players).decks


def settings() -> list[tuple[int, str, bool]]:
    return [(n, bot, options) for n in range(2, 7) for bot in ("random", "greedy") for options in (False, True)]


@pytest.mark.parametrize(("n_players", "bot", "with_options"), settings())
def test_playouts(n_players: int, bot: str, with_options: bool) -> None:
    options = None
    if with_options:
        options = dict(ALL_OPTIONS, partnerships=n_players in (4, 6))
    finals = check_playouts("mystique", n_players, [bot] * n_players, PLAYOUTS_PER_SETTING, seed=n_players,
                            options=options)
    dealt = 60 * game_decks(n_players) - load_rules("mystique").for_play().setup_for(n_players).removed
    assert all(state.is_over and state.turns <= 2 * dealt + 1 for state in finals)
    if with_options:
        assert sum(state.deflections for state in finals) > 0


def test_mixed_bots_playouts() -> None:
    finals = check_playouts("mystique", 4, ["greedy", "random", "greedy", "random"], 40, seed=99,
                            options=ALL_OPTIONS)
    assert all(state.is_over for state in finals)


# --- matches: the best of 3 or 5 skirmishes -----------------------------------------------------


def finish_skirmish(state: MystiqueState) -> None:
    """Play the current skirmish out with each seat taking or casting its first legal move."""
    played = state.skirmishes_played
    while not state.is_over and state.skirmishes_played == played:
        state.apply(state.legal_moves()[-1])


def test_a_match_option_takes_only_1_3_or_5() -> None:
    rules = load_rules("mystique").for_play()
    assert rules.resolve_options({"skirmishes": "3"})["skirmishes"] == 3
    with pytest.raises(BadOption, match="skirmishes: found 2 \\(expected one of 1, 3, 5\\)"):
        rules.resolve_options({"skirmishes": 2})


def test_a_match_deals_a_new_skirmish_until_one_side_wins_a_majority(game: MystiqueGame) -> None:
    state = game.new_game(2, random.Random(4), game.rules.resolve_options({"skirmishes": 3}), record=True)
    deals = [e for e in state.events if e["type"] == "deal"]
    assert len(deals) == 1 and deals[0]["skirmish"] == 1
    first_dealer = state.dealer
    finish_skirmish(state)
    assert state.skirmishes_played == 1 and sum(state.skirmish_wins) >= 1
    if not state.is_over:
        assert state.dealer == state.next_seat[first_dealer]  # the deal passes on
        assert [e["skirmish"] for e in state.events if e["type"] == "deal"] == [1, 2]
        assert all(h.bit_count() == 20 for h in state.hands) and state.burns == [0, 0]
    while not state.is_over:
        finish_skirmish(state)
    result = state.result()
    assert result.finished and max(state.skirmish_wins) >= 2
    assert result.scores == tuple(float(w) for w in state.skirmish_wins)
    assert set(result.winners) == {s for s in range(2) if state.skirmish_wins[s] == max(state.skirmish_wins)}
    assert result.counters["skirmishes"] == state.skirmishes_played <= 3


def test_a_match_won_two_nil_stops_after_two_skirmishes(game: MystiqueGame) -> None:
    state = game.new_game(2, random.Random(0), game.rules.resolve_options({"skirmishes": 3}))
    state.skirmish_wins = [1, 0]
    state.skirmishes_played = 1
    state.hands = [0, state.hands[1]]  # seat 0 is out of cards: its burns are fewer
    state.burns = [0, 0]
    state.spellcaster = state.current_player = 0
    state.apply(TAKE_MOVE)  # seat 0 takes an empty round and cannot open: the skirmish ends
    assert state.is_over and state.skirmish_wins == [2, 0] and state.skirmishes_played == 2
    assert state.result().winners == (0,)


def test_a_match_goes_to_the_decider_at_one_all(game: MystiqueGame) -> None:
    state = game.new_game(2, random.Random(0), game.rules.resolve_options({"skirmishes": 3}))
    state.skirmish_wins = [1, 0]
    state.skirmishes_played = 1
    state.hands = [state.hands[0], 0]
    state.burns = [0, 0]
    state.spellcaster = state.current_player = 1
    state.apply(TAKE_MOVE)
    assert not state.is_over and state.skirmish_wins == [1, 1] and state.skirmishes_played == 2
    assert [h.bit_count() for h in state.hands] == [20, 20]
    assert state.observation(0)["skirmish"] == 3 and state.observation(0)["skirmish_wins"] == [1, 1]


def test_a_transcript_announces_each_new_skirmish(game: MystiqueGame) -> None:
    event = {"type": "deal", "hands": [[], []], "skirmish": 2, "dealer": 0, "removed": [], "first_player": 1}
    assert game.describe_event(event) == "skirmish 2: seat 0 deals, seat 1 opens"
    assert game.describe_event({**event, "skirmish": 1}) is None
