"""Contract v2, over every registered game: properties each engine once tested on its own.

- the fast random path (`play_randomly`, where an engine overrides it) plays exactly the
  game that `apply(random_move(rng))` in a loop plays: same moves, same chance, same end;
- `play` of an illegal move raises `IllegalMove` in the one wording of `State.check_move`
  and leaves the state as it was;
- every event kind a game logs is described in docs/game-log.md (its own section, or the
  section on games described in their rule file);
- the engine counts turns as its rule file's `turn_unit` declares, the word transcripts and
  reports give the count.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from deckgen.errors import IllegalMove
from deckgen.games.base import Game, State
from deckgen.games.registry import game_classes, get_game
from deckgen.sim.contract import fresh_state
from deckgen.model.rules import load_play_rules

GAME_IDS = sorted(game_classes())
GAME_LOG = Path(__file__).resolve().parents[2] / "docs" / "game-log.md"

#: The wordings of State.check_move: a move that is not legal here, a move after the end.
NOT_LEGAL = re.compile(r"seat \d+ at turn \d+: .+ is not a legal move \(\d+ legal moves, e\.g\. .+\)")
GAME_OVER = re.compile(r"seat \d+: no move can be played, the game is over \(turn \d+\)")


def counts(game: Game) -> list[int]:
    """The fewest and the most players: where deals and turn orders differ most."""
    return sorted({game.rules.players.min, game.rules.players.max})


def overrides(state: State, name: str) -> bool:
    return getattr(type(state), name) is not getattr(State, name)


def footprint(state: State) -> tuple[Any, ...]:
    """What a finished (or capped) game left: turns, every card's place, the events, the result."""
    return state.turns, state.card_zones(), state.events, state.result().to_json()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_fast_random_path_plays_what_apply_random_move_plays(game_id: str) -> None:
    game = get_game(game_id)
    if not overrides(fresh_state(game, game.rules.players.min), "play_randomly"):
        pytest.skip("plays randomly through State.play_randomly itself")
    cap = game.rules.turn_cap
    for n_players in counts(game):
        for index in range(3):
            fast, slow = fresh_state(game, n_players, index), fresh_state(game, n_players, index)
            fast.play_randomly(random.Random(index), cap)
            rng = random.Random(index)
            while not slow.is_over and slow.turns < cap:
                slow.apply(slow.random_move(rng))
            assert footprint(fast) == footprint(slow), f"{n_players} players, game {index}"


def test_some_engines_have_a_fast_random_path() -> None:
    """The check above is not vacuous: several engines override play_randomly."""
    assert sum(overrides(fresh_state(get_game(g), get_game(g).rules.players.min), "play_randomly")
               for g in GAME_IDS) >= 5


def illegal_move(state: State, rng: random.Random) -> Any:
    """A move of the game that is not legal in `state`: one legal later in a random game,
    else a legal move's shape filled with -1."""
    legal = state.legal_moves()
    later = state.clone()
    for _ in range(40):
        if later.is_over:
            break
        move = later.random_move(rng)
        if move not in legal:
            return move
        later.apply(move)
    shape = legal[0]
    return tuple(-1 for _ in shape) if isinstance(shape, tuple) else -1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_illegal_move_is_refused_in_one_wording(game_id: str) -> None:
    game = get_game(game_id)
    state = fresh_state(game, game.rules.players.min)
    move = illegal_move(state, random.Random(5))
    before = footprint(state)
    with pytest.raises(IllegalMove) as refused:
        state.play(move)
    (line,) = refused.value.problems
    assert NOT_LEGAL.fullmatch(line), line
    assert footprint(state) == before, "a refused move changed the state"
    state.play_randomly(random.Random(1), game.rules.turn_cap)
    if state.is_over:
        with pytest.raises(IllegalMove) as refused:
            state.play(move)
        (line,) = refused.value.problems
        assert GAME_OVER.fullmatch(line), line


def sections() -> dict[str, str]:
    """docs/game-log.md's text per game id (`### Name (`id`)` up to the next heading), and
    under "" what every game shares: the format's chance events and the shared conventions."""
    text = GAME_LOG.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for match in re.finditer(r"^### [^\n]*\(`([a-z0-9-]+)`\)\n(.*?)(?=^##)", text + "\n##", re.M | re.S):
        found[match[1]] = match[2]
    chance = re.search(r"^### chance\n(.*?)(?=^### )", text, re.M | re.S)
    shared = re.search(r"^## Per game: moves, events, counters\n(.*?)(?=^### )", text, re.M | re.S)
    assert chance and shared, "docs/game-log.md lost its chance or shared section"
    common, described = chance[1].split("A game described in its rule file", 1)
    found[""] = common + shared[1]
    found["described"] = described
    return found


def events_of(game: Game, n_players: int, games: int = 3) -> set[str]:
    kinds = set()
    for index in range(games):
        state = fresh_state(game, n_players, index)
        state.play_randomly(random.Random(index), game.rules.turn_cap)
        kinds |= {event["type"] for event in state.events or []}
    return kinds


def described(kind: str, text: str) -> bool:
    """Named as an event in the text: `kind`, `kind {keys}` or `kind`/... in backticks."""
    return re.search(rf"`{re.escape(kind)}[`\s/]", text) is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_kind_is_described_in_the_game_log_doc(game_id: str) -> None:
    game = get_game(game_id)
    docs = sections()
    own = docs.get(game_id) if game_id in docs else docs["described"] if game.rules.play is not None else None
    assert own is not None, f"docs/game-log.md has no section for {game_id}"
    kinds = set().union(*(events_of(game, n) for n in counts(game)))
    assert kinds, "a recorded game logged no event (its deal at least)"
    missing = sorted(kind for kind in kinds if not described(kind, own) and not described(kind, docs[""]))
    assert missing == [], f"{game_id} logs event types docs/game-log.md does not describe for it"


#: Per turn unit counted at a logged event, that event's kind: the count rises by one with each.
TURN_EVENTS = {"trick": "trick", "reveal": "reveal"}


def turn_steps(game: Game, games: int = 2) -> Iterator[tuple[int, bool, int, int, list[str]]]:
    """Every move of a few seeded random games at the fewest and the most players: its seat,
    whether it ended the game, how much it raised `turns` and `log_turn()`, and the event kinds
    it logged."""
    for n_players in counts(game):
        for index in range(games):
            state = fresh_state(game, n_players, index)
            rng = random.Random(index)
            while not state.is_over and state.turns < game.rules.turn_cap:
                seat, turns, log_turn = state.current_player, state.turns, state.log_turn()
                logged = len(state.events or [])
                state.apply(state.random_move(rng))
                kinds = [event["type"] for event in (state.events or [])[logged:]]
                yield seat, state.is_over, state.turns - turns, state.log_turn() - log_turn, kinds


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_engine_counts_turns_as_its_rule_file_declares(game_id: str) -> None:
    game = get_game(game_id)
    unit = game.rules.turns_are
    if game.rules.play is None:
        assert "turn_unit" in load_play_rules(game_id).model_fields_set, "a hand-written engine's rule file declares turn_unit"
    steps = list(turn_steps(game))
    assert all(added in (0, 1) for _, _, added, _, _ in steps), "a move raised the turn count by more than one"
    if unit == "move":  # log_turn: a move the length leaves out (Pillars' draft) has its own turn too
        assert all(logged == 1 for _, _, _, logged, _ in steps), "a move that is not a turn"
    elif unit == "turn":  # one seat's moves, the last counted (or cut short by the round's end)
        assert any(added == 0 for _, _, added, _, _ in steps), "every move is a turn: declare turn_unit: move"
        seats: set[int] = set()
        for seat, over, added, _, kinds in steps:
            seats.add(seat)
            assert len(seats) == 1, "moves of two seats counted as one turn"
            # An elimination closes the turn it ends too: in Smoke and Mirrors the survivor of a
            # swap gives a card after the acting seat's counted act, putting the loser out.
            if added or over or "deal" in kinds or "out" in kinds:
                seats.clear()
    elif unit == "round":  # a round ends by dealing the next one, or with the game
        assert all(added == ("deal" in kinds or over) for _, over, added, _, kinds in steps), \
            "a round counted without dealing the next or ending the game, or one dealt uncounted"
    else:
        assert all(added == (TURN_EVENTS[unit] in kinds) for _, _, added, _, kinds in steps), \
            f"a turn counted without a {TURN_EVENTS[unit]} event logged with it, or the other way round"
    assert sum(added for _, _, added, _, _ in steps) > 0
