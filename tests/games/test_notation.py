"""Moves written as short readable text (`play red-crowns-3 on pillar 2`) read back as the same
moves: every legal move of thousands of positions of every game, at every player count,
along seeded random games; distinct moves read differently; a text naming no move says what
was expected."""

from __future__ import annotations

import random

import pytest

from deckgen.errors import BadPosition
from deckgen.games.base import Game, State
from deckgen.games.registry import game_classes, get_game
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.state import DescribedState
from tests.games.test_described_comet_chase import game  # noqa: F401  (fixture: Comet Chase of a fresh project)

#: Positions visited per game, shared out among its player counts; a game whose positions
#: offer hundreds of moves (placements of several cards, spells of any size) stops once it
#: has visited FEWEST_POSITIONS and checked MOVES moves.
POSITIONS = 2400
FEWEST_POSITIONS = 1000
MOVES = 100_000


def check_every_legal_move(state: State) -> int:
    """Each legal move's text reads back as that move (so the text is canonical: writing the
    move read back gives the same text), and no two moves share a text."""
    moves = state.legal_moves()
    texts = [state.move_notation(move) for move in moves]
    assert len(set(texts)) == len(moves), f"two moves share a text at turn {state.turns}: {sorted(texts)}"
    for move, text in zip(moves, texts):
        assert state.parse_move(text) == move, f"{text!r} at turn {state.turns} reads as another move"
    return len(moves)


def check_playouts(game: Game) -> int:
    """Every legal move along seeded random games at every player count; the moves checked."""
    counts = game.rules.players.counts()
    checked = 0
    for n_players in counts:
        rng = random.Random(n_players)
        state = game.new_game(n_players, rng, game.rules.resolve_options())
        here = 0
        for visited in range(POSITIONS // len(counts)):
            if visited >= FEWEST_POSITIONS // len(counts) and here > MOVES // len(counts):
                break
            if state.is_over or state.turns >= game.rules.turn_cap:
                state = game.new_game(n_players, rng, game.rules.resolve_options())
            here += check_every_legal_move(state)
            state.apply(state.random_move(rng))
        checked += here
    return checked


@pytest.mark.parametrize("game_id", sorted(game_classes()))
def test_every_legal_move_round_trips_through_its_notation(game_id: str) -> None:
    assert check_playouts(get_game(game_id)) >= FEWEST_POSITIONS


def fresh(game_id: str, n_players: int = 2, seed: int = 1) -> State:
    game = get_game(game_id)
    return game.new_game(n_players, random.Random(seed), game.rules.resolve_options())


def index_of(game_id: str, card: str) -> int:
    return get_game(game_id).cards.index_of(card)


@pytest.mark.parametrize(("game_id", "text", "move"), [
    ("mystique-pillars", "play red-crowns-3 on pillar 2", (1, "red-crowns-3", 2)),
    ("mystique-pillars", "take from pillar 3 and split pillar 0", (0, 3, 0)),
    ("mystique-pillars", "take from pillar 1", (0, 1, -1)),
    ("battle-for-the-suns", "bid red-suns-4", ("red-suns-4",)),
    ("battle-for-the-suns", "stop", (-1,)),
    ("chain-of-restraints", "place blue-moons-1 at row -1 col 2", ("blue-moons-1", 2, -1)),
    ("clique-mystique", "place red-suns-3 at row -1 col -2 and blue-moons-1 at row 0 col 3",
     (0, 2 * 7 + 1, "red-suns-3", 3 * 7 + 6, "blue-moons-1")),
    ("clique-mystique", "replace red-suns-3 blue-moons-1", (1, "red-suns-3", "blue-moons-1")),
    ("mystique-guilds", "buy with red-suns-3 draw 2 take 1", (2, "red-suns-3", 2, 1)),
    ("mystique-guilds", "take from discard", (1,)),
    ("mystique-maze", "discard yellow-arms-4", (2, "yellow-arms-4")),
    ("mystique-chain", "play red-moons-5 declare suit", ("red-moons-5", 1)),
    ("mystique-energy", "place at q 1 r -1", (1, -1)),
    ("mirrorquest", "play blue-fox-moonlake red-fox-emberpeak reverse 1", (0, 1, 0, "red-fox-emberpeak",
                                                                          "blue-fox-moonlake")),
    ("mirrorquest", "play pickup2-2 declare red", (2, "pickup2-2", 0)),
    ("smoke-and-mirrors", "give star-1-1", (3, "star-1-1")),
    ("zoomies", "play mirror-19 as 91", ("mirror-19", 1)),
])
def test_texts_name_the_moves_the_docs_say(game_id: str, text: str, move: tuple[object, ...]) -> None:
    expected = tuple(index_of(game_id, part) if isinstance(part, str) else part for part in move)
    state = fresh(game_id, get_game(game_id).rules.players.min)
    assert state.parse_move(text) == expected
    assert state.move_notation(expected) == text


def test_mystique_names_the_cards_cast_and_the_value_announced() -> None:
    state = fresh("mystique")
    cards = [index_of("mystique", c) for c in ("red-suns-3", "red-suns-4")]
    codes = state.notation()
    move = state.parse_move("cast red-suns-3 red-suns-4 as suns")
    assert move[1] == (1 << cards[0]) | (1 << cards[1]) and codes.text(move) == "cast red-suns-3 red-suns-4 as suns"
    assert state.parse_move("take burns") == (-1, 0)


def test_a_text_naming_no_move_says_what_was_expected() -> None:
    state = fresh("mystique-pillars")
    with pytest.raises(BadPosition, match=r"move 'play red-sun-3 on pillar 2': 'red-sun-3' is not a card of this "
                                          r"game \(expected a card id\)"):
        state.parse_move("play red-sun-3 on pillar 2")
    with pytest.raises(BadPosition, match=r"expected a whole number, found 'two'"):
        state.parse_move("take from pillar two")
    with pytest.raises(BadPosition, match=r"moves read: take from pillar <number>; .*play <card> on pillar <number>"):
        state.parse_move("build")


def test_a_wrong_text_lists_the_legal_moves_when_they_are_few() -> None:
    state = fresh("battle-for-the-suns")
    legal = "; ".join(state.move_notation(move) for move in state.legal_moves())
    with pytest.raises(BadPosition, match=r"nothing expected after 'stop', found 'now'.*; legal here: ") as error:
        state.parse_move("stop now")
    assert str(error.value).endswith(legal)


def test_a_cell_off_the_board_is_refused_rather_than_wrapped() -> None:
    with pytest.raises(BadPosition, match="row 0 col 4 is off the board"):
        fresh("clique-mystique").parse_move("place red-suns-3 at row 0 col 4")


def test_comet_chase_from_a_fresh_project_round_trips(game: DescribedGame) -> None:
    assert check_playouts(game) >= FEWEST_POSITIONS


def test_a_described_move_reads_as_its_kind_its_cards_and_the_value_declared() -> None:
    """Crazy Eights: an eight is played naming a suit, in the rule file's words."""
    state, rng = fresh("crazy-eights"), random.Random(3)
    while not any(move[2] >= 0 for move in state.legal_moves()):
        state.apply(state.random_move(rng))
    eight = next(move for move in state.legal_moves() if move[2] >= 0)
    assert isinstance(state, DescribedState)
    named = state.layout.card_ids[eight[1]]
    assert named.endswith("-8") and state.parse_move(f"play {named} declare clubs") == (eight[0], eight[1], 0)
    assert state.move_notation((eight[0], eight[1], 0)) == f"play {named} declare clubs"
    assert state.move_notation(state.parse_move("draw")) == "draw"


def test_a_lead_and_a_follow_that_read_the_same_are_told_apart_by_the_position() -> None:
    """Hearts has two moves `play <card>` in its turn phase, one when the trick is empty and
    one after: a text reads as the one legal in the position."""
    state = fresh("hearts", 3)
    while not any(move[1] >= 0 and state.move_notation(move).startswith("play") for move in state.legal_moves()):
        state.apply(state.legal_moves()[0])
    lead = state.legal_moves()[0]
    assert state.parse_move(state.move_notation(lead)) == lead
    state.apply(lead)
    follow = state.legal_moves()[0]
    assert follow[0] != lead[0] and state.parse_move(state.move_notation(follow)) == follow


def test_a_card_played_as_one_of_its_readings_names_the_number() -> None:
    """Zoomies described: an ordinary card is led as either of its numbers, written as that
    number; a number the card does not show is refused, naming the ones it does."""
    state = fresh("zoomies-described", 4)
    texts = [state.move_notation(move) for move in state.legal_moves()]
    card = next(text.split()[1] for text in texts if "option" not in text)
    readings = [text.split()[3] for text in texts if text.split()[1] == card]
    assert len(readings) == 2 and int(readings[0]) == int(readings[1][::-1])  # 19 and 91
    for number in readings:
        assert state.move_notation(state.parse_move(f"play {card} as {number}")) == f"play {card} as {number}"
    with pytest.raises(BadPosition, match=rf"{card} is played as {readings[0]} or {readings[1]}, not 100"):
        state.parse_move(f"play {card} as 100")
