"""Markets, visibility by option and majorities beyond Mystique Guilds: a face-up row refilled
from the stock, a card of it picked and paid for with cards whose numbers reach (or add up
to) its number; and the one-line problems of each feature, naming the file and the field."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from pydantic import ValidationError

from deckgen.errors import DataError
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.state import DescribedState
from deckgen.games.building import build_engine
from deckgen.model.rules import load_play_rules
from deckgen.games.registry import get_game
from deckgen.model.play import PlaySpec

BASE = "up-and-down-described"
BUY, PASS = 0, 1


def described(play: dict[str, Any], base: str = BASE) -> DescribedGame:
    rules = load_play_rules(base)
    return build_engine(DescribedGame, rules.model_copy(update={"play": PlaySpec.model_validate(play)}))


def market_play(exact: bool = False, **buy: Any) -> dict[str, Any]:
    """A market row of four face-up cards, refilled from the stock after each buy: a card of
    it is bought with one to three hand cards whose numbers reach its number."""
    return {
        "zones": {"stock": {"visible": "nobody"}, "row": {"visible": "everyone", "order": "fan"},
                  "hand": {"owner": "seat", "visible": "owner", "order": "fan"},
                  "spent": {"visible": "everyone", "order": "fan"}},
        "round": {"setup": [{"shuffle": "stock"}, {"deal": {"from": "stock", "to": "hand", "count": 3}},
                            {"move": {"from": "stock", "to": "row", "count": 4}}],
                  "end": "size(stock) == 0 or all_seats(size(hand[seat]) == 0)"},
        "phases": {"turn": [
            {"buy": {"from": "row", "to": "hand", "pick": True, "price": "card.number", "exact": exact,
                     "pay": {"from": "hand", "to": "spent", "cards": {"min": 1, "max": 3}, "worth": "card.number"},
                     "then": [{"move": {"from": "stock", "to": "row"}}], **buy}},
            {"pass": {"otherwise": True}}]},
        "result": {"score": "sum(hand[seat], it.number)"},
    }


def at(game: DescribedGame, hand: list[str], row: list[str]) -> DescribedState:
    used = hand + row
    stock = [c.id for c in game.deck.cards if c.id not in used][:10]
    return game.position({"hand/0": hand, "hand/1": [], "row": row, "stock": stock, "spent": []})


HAND = ["red-moons-3", "red-moons-2", "red-moons-1"]
ROW = ["blue-arms-5", "blue-arms-2"]


def bought(state: DescribedState) -> list[tuple[str, list[str]]]:
    """Each legal buy as (the card bought, the cards paid), by id."""
    ids = state.layout.card_ids
    return sorted((ids[m[2]], sorted(ids[c] for c in (m[1], *m[3:]))) for m in state.legal_moves() if m[0] == BUY)


def test_a_picked_card_is_paid_with_cards_whose_numbers_reach_its_price() -> None:
    state = at(described(market_play()), HAND, ROW)
    two = [paid for card, paid in bought(state) if card == "blue-arms-2"]
    five = [paid for card, paid in bought(state) if card == "blue-arms-5"]
    assert len(two) == 6 and ["red-moons-1"] not in two  # every choice of 1-3 cards but the 1 alone
    assert five == [["red-moons-1", "red-moons-2", "red-moons-3"], ["red-moons-2", "red-moons-3"]]
    move = next(m for m in state.legal_moves() if m[0] == BUY and len(m) == 4
                and state.layout.card_ids[m[2]] == "blue-arms-5")
    assert state.describe_move(move) == "seat 0 buys the 5 of blue arms with the 2 of red moons, the 3 of red moons"
    text = state.notation().text(move)
    assert text == "buy blue-arms-5 with red-moons-2 red-moons-3" and state.notation().move(text) == move
    state.play(move)
    zones = state.card_zones()
    assert zones["hand/0"] == ["red-moons-1", "blue-arms-5"] and zones["spent"] == ["red-moons-2", "red-moons-3"]
    assert len(zones["row"]) == 2 and len(zones["stock"]) == 9  # refilled by the buy's then


def test_an_exact_price_takes_cards_adding_up_to_it() -> None:
    state = at(described(market_play(exact=True)), HAND, ROW)
    assert bought(state) == [("blue-arms-2", ["red-moons-2"]), ("blue-arms-5", ["red-moons-2", "red-moons-3"])]


def test_nothing_affordable_leaves_the_fallback() -> None:
    state = at(described(market_play()), ["red-moons-1"], ["blue-arms-5"])
    assert state.legal_moves() == [(PASS, -1, -1)]


def test_random_games_of_a_market_end_and_keep_every_card() -> None:
    game = described(market_play())
    for seed in range(5):
        state = game.new_game(3, random.Random(seed), game.rules.resolve_options())
        state.play_randomly(random.Random(seed), 300)
        assert sum(len(cards) for cards in state.card_zones().values()) == len(game.deck.cards)


def problems(play: dict[str, Any]) -> list[str]:
    with pytest.raises(DataError) as caught:
        described(play)
    return caught.value.problems


def with_buy(**keys: Any) -> dict[str, Any]:
    play = market_play()
    play["phases"]["turn"][0]["buy"].update(copy.deepcopy(keys))
    return play


@pytest.mark.parametrize(("play", "where", "message"), [
    (with_buy(count=2), "play.phases.turn.0.buy.count", "a pick buys the one card chosen: leave out count"),
    (with_buy(**{"from": ["row", "stock"]}), "play.phases.turn.0.buy.pick",
     "a pick buys one card chosen from one zone"),
    (with_buy(pay={"from": "hand", "to": "spent", "cards": "all"}), "play.phases.turn.0.buy.pay.cards",
     "expected a number of cards from 0 (a buy for nothing) to 12"),
    (with_buy(pay={"from": "hand", "to": "spent", "cards": {"min": 0, "max": 2}}), "play.phases.turn.0.buy.pay.cards",
     "expected a number of cards from 0 (a buy for nothing) to 12"),
    (with_buy(pick=False, count={"min": 3, "max": 2}, price="bought"), "play.phases.turn.0.buy.count",
     "max 2 is below min 3: this buy can never be made"),
    (with_buy(price="bought"), "play.phases.turn.0.buy.price",
     "'bought' has no meaning here (it is how many cards a buy takes, in the buy's price)"),
    (with_buy(pay={"from": "hand", "to": "spent", "cost": 2}), "play.phases.turn.0.buy.pay.cost",
     "the play language buys with a buy move of a phase"),
])
def test_buy_problems_name_the_field(play: dict[str, Any], where: str, message: str) -> None:
    (line,) = problems(play)
    assert f"up-and-down-described.yaml: {where}: " in line and message in line


def test_a_visibility_may_read_the_options_only() -> None:
    play = market_play()
    play["zones"]["hand"]["visible"] = {"if": "size(stock) > 0", "then": "owner", "else": "everyone"}
    (line,) = problems(play)
    assert "play.zones.hand.visible.if: a zone's visibility is settled when the game starts" in line


def test_a_visibility_chosen_by_an_option_decides_what_seats_see() -> None:
    play = market_play()
    play["zones"]["hand"]["visible"] = {"if": "not options.hidden_hands", "then": "everyone", "else": "owner"}
    game = described(play, "mystique-guilds-described")  # a rule file with the option hidden_hands
    for hidden, seen in ((False, ["red-moons-3"]), (True, {"size": 1})):
        state = game.new_game(2, random.Random(1), game.rules.resolve_options({"hidden_hands": hidden}))
        state.replace_cards({"hand/1": ["red-moons-3"]})
        assert state.observation(0)["zones"]["hand/1"] == seen
        assert ("hand/1" in state.hidden_zones(0)) is hidden


@pytest.mark.parametrize(("score", "message"), [
    ("majorities(row, it.number, 1, it.colour)", "column 12: majorities() compares a zone of each seat"),
    ("majorities(hand[seat], it.number, 1)", "majorities() takes a zone of each seat, each card's worth"),
    ("majorities(hand[seat], it.colour, 1, it.suit)", "expected a number, found a colour value"),
])
def test_majorities_problems_name_the_column(score: str, message: str) -> None:
    play = market_play()
    play["result"]["score"] = score
    (line,) = problems(play)
    assert "play.result.score: " in line and message in line


def test_majorities_score_each_group_a_seat_leads_alone() -> None:
    """Suns (worth 2 here) 2 against 1 go to seat 0, arms 2 against 3 to seat 1; moons 3 against
    3 to nobody."""
    play = market_play()
    play["result"]["score"] = "majorities(hand[seat], it.number, if it.suit == suns then 2 else 1, it.suit)"
    game = described(play)
    state = game.position({"hand/0": ["red-moons-3", "blue-suns-2", "red-arms-2"],
                           "hand/1": ["blue-moons-2", "yellow-moons-1", "red-suns-1", "blue-arms-2", "yellow-arms-1"],
                           "row": [], "stock": [], "spent": []})
    assert state.result().scores == (2.0, 1.0)


def test_a_buy_for_nothing_takes_a_count_from_the_top() -> None:
    """Paid with no cards and priced at nothing: a take of one or two cards from the top."""
    play = with_buy(pick=False, count={"min": 1, "max": 2}, price=0, pay={"from": "hand", "to": "spent", "cards": 0})
    state = at(described(play), HAND, ROW)
    assert [m for m in state.legal_moves() if m[0] == BUY] == [(BUY, -1, 1), (BUY, -1, 2)]
    assert state.describe_move((BUY, -1, 2)) == "seat 0 buys 2 from row"
    assert state.notation().text((BUY, -1, 2)) == "buy 2" and state.notation().move("buy 2") == (BUY, -1, 2)
    state.play((BUY, -1, 2))
    assert state.card_zones()["hand/0"] == [*HAND, "blue-arms-2", "blue-arms-5"]


def test_a_market_section_points_at_the_buy_move() -> None:
    play = market_play()
    play["market"] = {"cards": 4}
    with pytest.raises(ValidationError) as caught:
        PlaySpec.model_validate(play)
    (error,) = caught.value.errors()
    assert error["loc"] == ("market",)
    assert "'market' is not a key or step here: the play language buys with a buy move" in error["msg"]
