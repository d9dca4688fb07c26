"""Mystique Circle: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from deckgen.bots.mystique_circle import GreedyCircleBot
from deckgen.errors import BadPosition, IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.kit.chance import deal_hands, shuffled
from deckgen.games.kit.tricks import take_over_winner
from deckgen.games.mystique_circle import (
    HOLE_PHASE,
    TRICK_PHASE,
    CircleState,
    MystiqueCircle,
)
from deckgen.sim.log import record_game
from deckgen.sim.play import play_game


@pytest.fixture(scope="module")
def game() -> MystiqueCircle:
    engine = get_game("mystique-circle")
    assert isinstance(engine, MystiqueCircle)
    return engine


def card(text: str) -> str:
    """"3 red moons" as the card id red-moons-3."""
    number, colour, suit = text.split()
    return f"{colour}-{suit}-{number}"


def idx(game: MystiqueCircle, text: str) -> int:
    return game.cards.index_of(card(text))


def trick_at(game: MystiqueCircle, hands: list[list[str]], trick: list[str] | None = None, *,
             current_player: int = 0, holes: list[list[str]] | None = None, won: list[list[str]] | None = None,
             **details: object) -> CircleState:
    """A trick-phase position: hands and the trick as "3 red moons" texts; every hole defaults to
    three cards nobody else uses (so the hole phase is over); `current_player` plays next."""
    n = len(hands)
    used = [card(c) for hand in hands for c in hand] + [card(c) for c in trick or []]
    used += [card(c) for w in won or [] for c in w]
    if holes is None:
        spare = [c for c in game.cards.ids if c not in used]
        hole_ids = [spare[3 * s: 3 * s + 3] for s in range(n)]
    else:
        hole_ids = [[card(c) for c in h] for h in holes]
    zones: dict[str, list[str]] = {}
    for s in range(n):
        zones[f"hand/{s}"] = [card(c) for c in hands[s]]
        zones[f"hole/{s}"] = hole_ids[s]
        zones[f"won/{s}"] = [card(c) for c in (won[s] if won else [])]
    zones["trick"] = [card(c) for c in trick or []]
    return game.position(zones, current_player=current_player, **details)  # type: ignore[arg-type]


def play(state: CircleState, game: MystiqueCircle, text: str) -> None:
    state.play((idx(game, text),))


def legal_texts(state: CircleState) -> set[str]:
    names = state.game.cards.ids
    return {names[m[0]] for m in state.legal_moves()}


# -- scenarios ---------------------------------------------------------------------------


def test_a_moon_and_two_arms_bid_four(game: MystiqueCircle) -> None:
    """Scenario 1 [book]: a hole of a moon and two arms bids 0 + 2 x 2 = 4."""
    zones = {"hand/0": [card(c) for c in ("4 red moons", "5 red arms", "4 blue arms", "5 blue suns")],
             "hand/1": [card(c) for c in ("5 red moons", "4 red arms", "5 yellow arms", "4 blue suns")]}
    state = game.position(zones, current_player=0)
    assert state.phase == HOLE_PHASE and state.dealer == 1
    hole = tuple(sorted(idx(game, c) for c in ("4 red moons", "5 red arms", "4 blue arms")))
    state.play(hole)
    assert state.bids == [4, -1] and state.holes[0] == list(hole) and state.hands[0] == [idx(game, "5 blue suns")]
    assert state.current_player == 1


def test_bid_extremes_and_made_bid_scoring(game: MystiqueCircle) -> None:
    """Scenario 2: three crowns bid 9, three moons 0; bid 4 with 4 tricks scores 24, with 3
    tricks 3."""
    crowns = ["5 red crowns", "4 red crowns", "3 red crowns"]
    moons = ["5 blue moons", "4 blue moons", "3 blue moons"]
    assert sum(game.bid_value[idx(game, c)] for c in crowns) == 9
    assert sum(game.bid_value[idx(game, c)] for c in moons) == 0
    four = ["2 yellow arms", "2 blue arms", "1 yellow moons"]      # bid 4
    other = ["1 red suns", "1 blue suns", "1 yellow suns"]         # bid 3
    # Seat 0 has won 3 tricks, seat 1 5; the last trick decides whether seat 0 makes its bid.
    pool = [c for c in game.cards.ids if c not in {card(x) for x in four + other + ["5 red suns", "4 red suns"]}]
    won0 = pool[:6]
    won1 = pool[6:16]

    def last_trick(winner_card: str, loser_card: str) -> CircleState:
        zones = {"hand/0": [card(winner_card)], "hand/1": [card(loser_card)],
                 "hole/0": [card(c) for c in four], "hole/1": [card(c) for c in other],
                 "won/0": won0, "won/1": won1, "trick": []}
        return game.position(zones, current_player=0, rng=random.Random(0))

    state = last_trick("5 red suns", "4 red suns")           # seat 0 leads and wins: 4 tricks
    assert state.bids == [4, 3] and state.tricks == [3, 5]
    state.play((idx(game, "5 red suns"),))
    state.play((idx(game, "4 red suns"),))
    assert state.last_round == {"bids": [4, 3], "tricks": [4, 5], "points": [24, 5]}
    assert state.scores == [24, 5] and state.turns == 1
    state = last_trick("4 red suns", "5 red suns")           # seat 1 takes it: seat 0 stays on 3
    state.play((idx(game, "4 red suns"),))
    state.play((idx(game, "5 red suns"),))
    assert state.last_round is not None and state.last_round["points"] == [3, 6]


def test_the_books_trick_with_the_decided_cycle(game: MystiqueCircle) -> None:
    """Scenario 3 [book, suits filled in]: lead 3 red moons; then 2 red suns; then who can
    take over."""
    takes = game.takes
    led = idx(game, "3 red moons")
    over = {f"{n} red moons" for n in (4, 5)} | {f"{n} red suns" for n in range(1, 6)}
    not_over = ({f"{n} red moons" for n in (1, 2)} | {f"{n} red crowns" for n in range(1, 6)}
                | {f"{n} red arms" for n in range(1, 6)})
    assert all(takes[idx(game, c)][led] for c in over)
    assert not any(takes[idx(game, c)][led] for c in not_over)
    assert not any(takes[idx(game, f"5 {colour} suns")][led] for colour in ("yellow", "blue"))
    # Second player holds red and others: only red cards are legal.
    hands = [["1 yellow moons"], ["2 red suns", "4 red arms", "5 blue suns"], ["3 red suns", "1 red moons", "5 yellow arms"]]
    state = trick_at(game, hands + [["1 blue moons"], ["2 blue moons"]], ["3 red moons"], current_player=1)
    assert legal_texts(state) == {card("2 red suns"), card("4 red arms")}
    with pytest.raises(IllegalMove):
        play(state, game, "5 blue suns")
    play(state, game, "2 red suns")
    assert state.winner_seat == 1 and state.winner_card == idx(game, "2 red suns")
    sun = idx(game, "2 red suns")
    over = {f"{n} red suns" for n in (3, 4, 5)} | {f"{n} red arms" for n in range(1, 6)}
    not_over = {"1 red suns"} | {f"{n} red moons" for n in range(1, 6)} | {f"{n} red crowns" for n in range(1, 6)}
    assert all(takes[idx(game, c)][sun] for c in over)
    assert not any(takes[idx(game, c)][sun] for c in not_over)
    play(state, game, "1 red moons")  # a moon, beaten by the current sun: seat 1 keeps the lead
    assert state.winner_seat == 1


def test_full_circle_with_five_players(game: MystiqueCircle) -> None:
    """Scenario 4 [book, cards filled in]: moons, suns, arms, crowns, then a lower moon wins."""
    plays = ["5 red moons", "2 red suns", "2 red arms", "2 red crowns", "1 red moons"]
    spare = ["5 yellow suns", "4 yellow suns", "3 yellow suns", "2 yellow suns", "1 yellow suns"]
    hands = [[c, other] for c, other in zip(plays, spare)]
    state = trick_at(game, hands, current_player=0)
    for seat, text in enumerate(plays):
        play(state, game, text)
        assert state.winner_seat == seat or not state.trick
    assert state.leader == 4 and state.tricks == [0, 0, 0, 0, 1]
    assert take_over_winner([idx(game, c) for c in plays], game.takes) == 4


def test_a_toss_never_wins(game: MystiqueCircle) -> None:
    """Scenario 5 and ruling 7: lead 4 red arms; void in red, the second player may toss any
    card; 5 blue suns (a suit arms would lose to) leaves the lead with the first player."""
    hands = [["4 red arms", "1 red moons"], ["5 blue suns", "2 yellow moons"], ["3 red moons", "3 blue arms"]]
    state = trick_at(game, hands, current_player=0)
    play(state, game, "4 red arms")
    assert legal_texts(state) == {card("5 blue suns"), card("2 yellow moons")}
    play(state, game, "5 blue suns")
    assert state.winner_seat == 0
    play(state, game, "3 red moons")  # moons do not beat arms (opposite suits)
    assert state.tricks == [1, 0, 0] and state.leader == 0


@pytest.mark.parametrize(("players", "size", "numbers"), [(2, 24, {4, 5}), (3, 36, {3, 4, 5}),
                                                         (4, 48, {2, 3, 4, 5}), (5, 60, {1, 2, 3, 4, 5})])
def test_the_deck_by_player_count(game: MystiqueCircle, players: int, size: int, numbers: set[int]) -> None:
    """Scenario 6 [book]: 24 / 36 / 48 / 60 cards, twelve each, nothing left over."""
    state = game.new_game(players, random.Random(players), game.rules.resolve_options())
    zones = state.card_zones()
    dealt = [c for s in range(players) for c in zones[f"hand/{s}"]]
    assert len(dealt) == size and all(len(zones[f"hand/{s}"]) == 12 for s in range(players))
    assert {game.number[game.cards.index_of(c)] for c in dealt} == numbers
    assert len(zones["removed"]) == 60 - size
    assert game.rules.setup[players].removed == 60 - size


def test_tied_leaders_share_the_win(game: MystiqueCircle) -> None:
    """Scenario 7: after the last trick the totals are 61, 58, 61: seats 0 and 2 share the win."""
    hands = [["5 red suns"], ["4 red suns"], ["3 red suns"]]
    holes = [["5 blue crowns", "4 blue crowns", "3 blue crowns"],    # bids of 9: nobody makes a bid
             ["5 yellow crowns", "4 yellow crowns", "3 yellow crowns"],
             ["5 red crowns", "4 red crowns", "3 red crowns"]]
    state = trick_at(game, hands, current_player=0, holes=holes, scores=[60, 58, 61])
    for text in ("5 red suns", "4 red suns", "3 red suns"):
        play(state, game, text)
    assert state.scores == [61, 58, 61] and state.is_over
    result = state.result()
    assert result.finished and result.winners == (0, 2)
    assert state.legal_moves() == []


# -- rulings -----------------------------------------------------------------------------


def test_the_suit_cycle(game: MystiqueCircle) -> None:
    """Ruling 1: suns > moons > crowns > arms > suns; each suit beats exactly one."""
    suits = ["moons", "suns", "arms", "crowns"]
    beaten = {suits[s]: suits[game.beaten[s]] for s in range(4)}
    assert beaten == {"suns": "moons", "moons": "crowns", "crowns": "arms", "arms": "suns"}
    assert game.rules.options == {}


def test_opposite_suits_never_take_over(game: MystiqueCircle) -> None:
    """Ruling 2: suns and crowns, moons and arms, whatever the numbers."""
    for low, high in (("suns", "crowns"), ("crowns", "suns"), ("moons", "arms"), ("arms", "moons")):
        assert not game.takes[idx(game, f"5 red {high}")][idx(game, f"1 red {low}")]
    # and a suit beaten by the current winner's never takes over either
    assert not game.takes[idx(game, "5 red moons")][idx(game, "1 red suns")]


def test_bid_values(game: MystiqueCircle) -> None:
    """Ruling 3: moons 0, suns 1, arms 2, crowns 3."""
    assert [game.bid_value[idx(game, f"3 yellow {s}")] for s in ("moons", "suns", "arms", "crowns")] == [0, 1, 2, 3]


def test_holes_are_hidden_commits_from_the_dealers_left(game: MystiqueCircle) -> None:
    """Ruling 4: holes in seat order from dealer + 1; others see who committed, never what;
    all are revealed when the round ends."""
    state = game.new_game(4, random.Random(8), game.rules.resolve_options(), record=True)
    dealer = state.dealer
    order = []
    for _ in range(4):
        order.append(state.current_player)
        assert state.phase == HOLE_PHASE
        state.play(state.legal_moves()[0])
        first = order[0]
        seen = state.observation((first + 1) % 4)
        assert seen["holes"][first] is None and seen["bids"][first] is None and seen["committed"][first]
        assert "hole/0" in state.hidden_zones(1) and "hole/1" not in state.hidden_zones(1)
    assert order == [(dealer + k) % 4 for k in range(1, 5)]
    assert state.phase == TRICK_PHASE and state.current_player == (dealer + 1) % 4
    own = state.observation(order[0])
    assert own["holes"][order[0]] is not None and own["bids"][order[0]] == state.bids[order[0]]
    bids = list(state.bids)
    while state.turns == 0:
        state.play(state.legal_moves()[0])
    assert state.events is not None
    reveal = next(e for e in state.events if e["type"] == "reveal")
    assert reveal["bids"] == bids and len(reveal["holes"]) == 4
    assert state.observation(0)["last_round"]["bids"] == bids


def test_first_dealer_is_random_and_the_deal_passes_left(game: MystiqueCircle) -> None:
    """Ruling 5: every seat deals first in some game; each round the deal moves to seat + 1."""
    dealers = Counter(game.new_game(4, random.Random(seed), {}).dealer for seed in range(200))
    assert set(dealers) == {0, 1, 2, 3} and min(dealers.values()) > 25
    state = game.new_game(4, random.Random(4), {})
    first = state.dealer
    rng = random.Random(5)
    for played in range(1, 4):
        while state.turns < played and not state.is_over:
            state.apply(state.random_move(rng))
        assert state.dealer == (first + played) % 4 and state.current_player == (first + played + 1) % 4


def test_any_card_of_the_led_colour_follows(game: MystiqueCircle) -> None:
    """Ruling 6: no duty to beat; every red card is legal, losing ones included."""
    hands = [["4 red moons"], ["1 red moons", "5 red suns", "2 red arms", "3 blue suns"]]
    state = trick_at(game, hands, current_player=0)
    play(state, game, "4 red moons")
    assert legal_texts(state) == {card(c) for c in ("1 red moons", "5 red suns", "2 red arms")}


def test_the_round_is_shuffled_then_dealt(game: MystiqueCircle) -> None:
    """Ruling 8: the dealer is drawn, then the round's cards are shuffled and dealt from the top."""
    state = game.new_game(3, random.Random(12), {})
    rng = random.Random(12)
    rng.randrange(3)
    pile = shuffled(game.kept[3], rng)
    assert state.hands == [sorted(h) for h in deal_hands(pile, 3, 12)]


def test_eligible_cards_never_tie(game: MystiqueCircle) -> None:
    """Ruling 9: of two cards of one colour and suit, exactly one takes over from the other."""
    for a in range(60):
        for b in range(60):
            if a != b and game.colour[a] == game.colour[b] and game.suit[a] == game.suit[b]:
                assert game.takes[a][b] != game.takes[b][a]


def test_the_turn_cap_counts_rounds(game: MystiqueCircle) -> None:
    """Ruling 10: a game stopped at the cap of 40 rounds is unfinished, with no winner."""
    assert game.rules.turn_cap == 40
    state = game.new_game(4, random.Random(1), {})
    state.play_randomly(random.Random(1), 2)
    assert state.turns == 2 and not state.is_over
    result = state.result()
    assert not result.finished and result.winners == () and result.turns == 2
    final = play_game(game, 4, ["random"] * 4, 1, 0)
    assert isinstance(final, CircleState) and final.is_over and 5 <= final.turns < 40 and max(final.scores) >= 60


# -- engine checks -------------------------------------------------------------------------


def test_counters_after_a_round(game: MystiqueCircle) -> None:
    """Bids placed and made, the bid total, tricks per seat, and the dealer's and first leader's share."""
    state = game.new_game(4, random.Random(2), {})
    rng = random.Random(3)
    while state.turns < 1:
        state.apply(state.random_move(rng))
    last = state.last_round
    assert last is not None
    counts = state.counters
    made = sum(1 for b, t in zip(last["bids"], last["tricks"]) if b == t)
    assert counts["bids"] == 4 and counts["bids_made"] == made and counts["bid_total"] == sum(last["bids"])
    assert [counts[f"tricks_seat_{s}"] for s in range(4)] == last["tricks"] and sum(last["tricks"]) == 9
    dealer = (state.dealer - 1) % 4
    assert counts["dealer_tricks"] == last["tricks"][dealer]
    assert counts["first_leader_tricks"] == last["tricks"][(dealer + 1) % 4]


def test_random_holes_are_uniform_sets(game: MystiqueCircle) -> None:
    """A hole is one set of three hand cards: 220 moves, each drawn sorted."""
    state = game.new_game(4, random.Random(6), {})
    moves = state.legal_moves()
    assert len(moves) == 220 and len(set(moves)) == 220
    rng = random.Random(1)
    draws = Counter(state.random_move(rng) for _ in range(22000))
    assert set(draws) == set(moves) and min(draws.values()) > 50


def test_the_fast_loop_plays_the_same_game(game: MystiqueCircle) -> None:
    """play_randomly draws exactly what apply(random_move) would."""
    for seed in range(5):
        fast = game.new_game(4, random.Random(seed), {})
        slow = fast.clone()
        fast.play_randomly(random.Random(seed + 100), 40)
        rng = random.Random(seed + 100)
        while not slow.is_over and slow.turns < 40:
            slow.apply(slow.random_move(rng))
        assert fast.card_zones() == slow.card_zones() and fast.scores == slow.scores
        assert fast.counters == slow.counters and fast.turns == slow.turns


def test_positions_in_the_hole_phase(game: MystiqueCircle) -> None:
    """Seats with holes are the ones after the dealer; a partial hole or an early trick is refused."""
    state = game.new_game(3, random.Random(9), {})
    state.play(state.legal_moves()[5])
    zones = state.card_zones()
    rebuilt = game.position(zones, current_player=state.current_player)
    assert rebuilt.dealer == state.dealer and rebuilt.phase == HOLE_PHASE and rebuilt.bids == state.bids
    assert rebuilt.card_zones() == zones
    bad = dict(zones)
    seat = state.current_player
    bad[f"hole/{seat}"] = zones[f"hand/{seat}"][:2]
    bad[f"hand/{seat}"] = zones[f"hand/{seat}"][2:]
    with pytest.raises(BadPosition):
        game.position(bad, current_player=seat)


def test_observation_shows_the_own_hand_only(game: MystiqueCircle) -> None:
    hands = [["4 red moons", "1 blue arms"], ["1 red moons", "3 blue suns"]]
    state = trick_at(game, hands, current_player=0)
    seen = state.observation(1)
    assert set(seen["hand"]) == {card("3 blue suns"), card("1 red moons")}
    assert card("4 red moons") not in str(seen) and seen["holes"][0] is None
    assert state.hidden_zones(1) == ["hand/0", "hole/0"]


# -- the greedy bot ------------------------------------------------------------------------


def test_greedy_hole_bids_its_kept_high_cards(game: MystiqueCircle) -> None:
    """It keeps t high cards (4s and 5s) and bids as close to t as it can, the lowest numbers first."""
    state = game.new_game(4, random.Random(21), {})
    seat = state.current_player
    move = GreedyCircleBot(random.Random(0), seat).choose(state)
    kept = [c for c in state.hands[seat] if c not in move]
    t = sum(1 for c in kept if game.number[c] >= 4)
    bid = sum(game.bid_value[c] for c in move)
    best = min(abs(sum(game.bid_value[c] for c in h) - sum(1 for c in state.hands[seat] if c not in h
                                                                and game.number[c] >= 4))
               for h in state.legal_moves())
    assert abs(bid - t) == best


def test_greedy_plays_to_its_bid(game: MystiqueCircle) -> None:
    """Below its bid it plays the lowest card that takes the lead; at its bid the highest that does not."""
    hands = [["3 red moons"], ["1 red suns", "5 red suns", "5 red moons", "2 red crowns"]]
    holes = [["5 blue moons", "4 blue moons", "3 blue moons"], ["1 yellow suns", "2 yellow moons", "3 yellow moons"]]
    state = trick_at(game, hands, current_player=0, holes=holes)
    play(state, game, "3 red moons")
    bot = GreedyCircleBot(random.Random(0), 1)
    assert state.bids[1] == 1 and state.tricks[1] == 0
    assert bot.choose(state) == (idx(game, "1 red suns"),)
    state = trick_at(game, hands, current_player=0, holes=holes, won=[[], ["1 blue crowns", "2 blue crowns"]])
    play(state, game, "3 red moons")
    assert state.tricks[1] == 1
    assert bot.choose(state) == (idx(game, "2 red crowns"),)


def test_greedy_beats_random(game: MystiqueCircle) -> None:
    """Greedy in seat 0 against three random bots wins well over a quarter of 200 games."""
    wins = 0.0
    for index in range(200):
        result = play_game(game, 4, ["greedy", "random", "random", "random"], 5, index).result()
        if 0 in result.winners:
            wins += 1 / len(result.winners)
    assert wins / 200 > 0.38


# -- search: clones and determinizations -------------------------------------------------------


def test_a_determinization_keeps_shown_voids_and_follows_the_holes(game: MystiqueCircle) -> None:
    """Seat 1 tossed on a red lead, so no world dealt for seat 0 gives seat 1 a red hand card;
    its hole may hold red, and every redealt hole's bid is its cards' bid."""
    hands = [["4 red moons", "5 red moons", "1 yellow suns"], ["2 blue suns", "3 yellow arms", "4 blue crowns"],
             ["1 red suns", "2 red arms", "5 yellow crowns"]]
    holes = [["1 blue moons", "2 blue moons", "3 blue moons"], ["3 red suns", "4 red crowns", "1 yellow arms"],
             ["5 blue suns", "4 yellow moons", "2 yellow crowns"]]
    state = trick_at(game, hands, current_player=0, holes=holes)
    play(state, game, "4 red moons")
    play(state, game, "2 blue suns")  # a toss: seat 1 has no red in hand
    assert state.observation(0)["voids"][1] == ["red"]
    red = {c for c in range(60) if game.colour[c] == game.colour_names.index("red")}
    rng = random.Random(4)
    hole_reds = 0
    for _ in range(200):
        world = state.determinize(0, rng)
        assert not red & set(world.hands[1])
        hole_reds += len(red & set(world.holes[1]))
        for s in (1, 2):
            assert world.bids[s] == sum(game.bid_value[c] for c in world.holes[s])
        assert world.observation(0) == state.observation(0)
    assert hole_reds > 0
    assert state.hands[1] == sorted(idx(game, c) for c in ("3 yellow arms", "4 blue crowns"))


def test_a_clone_is_independent(game: MystiqueCircle) -> None:
    state = game.new_game(4, random.Random(2), {}, record=True)
    twin = state.clone()
    assert twin.events is None and twin.card_zones() == state.card_zones()
    twin.play_randomly(random.Random(1), 40)
    assert state.turns == 0 and all(len(h) == 12 for h in state.hands) and state.scores == [0] * 4


def test_a_rounds_last_trick_is_logged_at_its_own_turn(game: MystiqueCircle) -> None:
    """Every event of a move carries that move's turn, also the trick that ends a round."""
    _, lines = record_game(game, 3, ["random"] * 3, 7, 0)
    turn_of_move = -1
    last_tricks = 0
    for line, following in zip(lines, lines[1:]):
        if line["type"] == "move":
            turn_of_move = line["turn"]
        if line["type"] == "chance" and line["event"]["type"] == "trick":
            assert line["turn"] == turn_of_move
            if following["type"] == "chance" and following["event"]["type"] == "reveal":
                last_tricks += 1
                assert following["turn"] == turn_of_move and following["event"]["round"] == turn_of_move + 1
    assert last_tricks >= 2
