"""The engine contract as checks that say what fails: the contract test suite runs them over
every registered game, and `deckgen validate` over a project's own Python engine, so that a
designer's engine is held to exactly what deckgen's are.

Seeded games keep every card, play only legal moves, end or reach the turn cap and replay
from their logs; move texts start with the seat; zones follow the naming scheme; an
observation shows no card hidden from its seat; a clone is the same game and a
determinization keeps what its seat sees. Each check returns its problems as `Problem`s: the
kind of check that failed and a line saying where and what (a game goes on after a problem
of a kind it has not met yet, and stops at an illegal move or an exception).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, Callable, Iterator, NamedTuple

from deckgen.errors import DeckgenError
from deckgen.games.base import Game, Move, State
from deckgen.games.kit.zones import is_zone_name
from deckgen.sim.log import dump_line, parse_log, record_game, replay_lines
from deckgen.sim.play import game_rngs


class Problem(NamedTuple):
    """A broken contract: which check (`cards`, `legal`, `hidden`...) and the line saying it."""

    kind: str
    line: str


class _Stop(Exception):
    """Raised from a move check to stop a game that cannot go on (an illegal move)."""


def zone_multiset(state: State) -> Counter:
    """All cards in a state as a multiset, for 'no card lost or duplicated' checks."""
    counts: Counter = Counter()
    for cards in state.card_zones().values():
        counts.update(cards)
    return counts


def card_ids_in(value: Any) -> Iterator[str]:
    """Every string anywhere in a JSON-able value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from card_ids_in(key)
            yield from card_ids_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from card_ids_in(item)


def unknown_cards(state: State, player: int) -> set[str]:
    """The cards `player` may not know: in its hidden zones, and covered ones it does not remember."""
    zones = state.card_zones()
    return {zones[name][i] for name, slots in state.unknown_places(player, zones).items() for i in slots}


def known_places(state: State, seat: int) -> dict[str, list[str | None]]:
    """Every zone `seat` may see (hidden ones left out), None where a covered card is unknown to it."""
    zones = state.card_zones()
    hidden, places = set(state.hidden_zones(seat)), state.unknown_places(seat, zones)
    return {name: [None if i in places.get(name, ()) else card for i, card in enumerate(cards)]
            for name, cards in zones.items() if name not in hidden}


def _changes(before: Counter, after: Counter) -> str:
    lost, gained = sorted((before - after).elements()), sorted((after - before).elements())
    return "; ".join(part for part in (f"{', '.join(lost[:3])} lost" if lost else "",
                                       f"{', '.join(gained[:3])} gained" if gained else "") if part)


def zone_problems(state: State) -> list[Problem]:
    """Zone names outside the scheme, hands missing beside others, zones of other things than ids."""
    zones = state.card_zones()
    problems = [Problem("zones", f"zone name {name!r} is outside the naming scheme (hand/<seat>, draw, discard, "
                        "...)") for name in zones if not is_zone_name(name)]
    missing = [f"hand/{s}" for s in range(state.n_players) if f"hand/{s}" not in zones]
    if missing and any(name.startswith("hand/") for name in zones):
        problems.append(Problem("zones", f"card_zones has no {', '.join(missing)}"))
    problems += [Problem("zones", f"zone {name} holds something other than card ids")
                 for name, cards in zones.items() if not all(isinstance(c, str) for c in cards)]
    return problems


def observation_problems(state: State) -> list[Problem]:
    """An observation that is not JSON, or shows a card hidden from its seat (or covered and
    not remembered); a covered zone that is not a card zone."""
    problems = []
    for player in range(state.n_players):
        observation = state.observation(player)
        try:
            json.dumps(observation)
        except (TypeError, ValueError) as exc:
            problems.append(Problem("json", f"seat {player}'s observation is not JSON ({exc})"))
        leaked = unknown_cards(state, player) & set(card_ids_in(observation))
        if leaked:
            problems.append(Problem("hidden", f"seat {player}'s observation shows cards hidden from it: "
                                    f"{', '.join(sorted(leaked)[:3])}"))
        problems += [Problem("zones", f"covered zone {name} is not a card zone") for name in state.covered_zones(player)
                     if name not in state.card_zones()]
    return problems


def _move_problems(state: State, move: Move, cards: Counter, check_views: bool) -> list[Problem]:
    """What is wrong with the position a bot is about to move from, and with its move."""
    if move not in state.legal_moves():
        raise _Stop(f"seat {state.current_player} chose {move!r}, which is not one of its legal moves")
    problems = []
    now = zone_multiset(state)
    if now != cards:
        problems.append(Problem("cards", f"cards lost or duplicated: {_changes(cards, now)}"))
    text = state.describe_move(move)
    if not text.startswith(f"seat {state.current_player} "):
        problems.append(Problem("text", f"move text {text!r} does not start with 'seat {state.current_player} '"))
    return problems + zone_problems(state) + observation_problems(state) if check_views else problems


def playout_problems(game: Game, n_players: int, bots: list[str], games: int, seed: int = 1,
                     options: dict[str, Any] | None = None, views_every: int | None = 7,
                     explain: Callable[[Exception], str] = repr) -> tuple[list[State], list[Problem]]:
    """Play `games` seeded, logged games (rule `options`, defaults when None), checking every
    move (legal, cards kept, its text) and every `views_every` moves (None: never) the zones
    and what each seat sees, then the end (cards kept, ended or capped, a result that
    agrees, the log replays to the same end, and the views unless None). Returns the final states and the problems, each once a game,
    its line `N players, game I, turn T: what failed`; an illegal move or an exception (as
    `explain(exception)` words it) stops the game."""
    finals: list[State] = []
    problems: list[Problem] = []
    for index in range(games):
        where = f"{n_players} players, game {index}"
        start: dict[str, Counter] = {}
        found: dict[str, str] = {}
        moves = [0]

        def check(state: State, move: Move) -> None:
            cards = start.setdefault("cards", zone_multiset(state))
            try:
                met = _move_problems(state, move, cards, views_every is not None and moves[0] % views_every == 0)
            except _Stop as stop:
                found.setdefault("legal", f"{where}, turn {state.turns}: {stop}")
                raise
            for kind, line in met:
                found.setdefault(kind, f"{where}, turn {state.turns}: {line}")
            moves[0] += 1

        try:
            state, log = record_game(game, n_players, bots, seed, index, options, on_move=check)
            for kind, line in _end_problems(game, state, log, start.get("cards"), views_every is not None):
                found.setdefault(kind, f"{where}, at the end: {line}")
            finals.append(state)
        except _Stop:
            pass
        except Exception as exc:  # noqa: BLE001 (an engine under test may raise anything)
            found.setdefault(f"raised {explain(exc)}", f"{where}: {explain(exc)}")
        problems += [Problem(kind, line) for kind, line in found.items()]
    return finals, problems


def _end_problems(game: Game, state: State, log: list[Any], cards: Counter | None, views: bool) -> list[Problem]:
    """What is wrong with a game's end: cards, its result, its views (if asked), its log's replay."""
    problems = zone_problems(state) + observation_problems(state) if views else []
    if cards is not None and zone_multiset(state) != cards:
        problems.append(Problem("cards", f"cards lost or duplicated: {_changes(cards, zone_multiset(state))}"))
    if not state.is_over and state.turns < game.rules.turn_cap:
        problems.append(Problem("end", f"stopped at turn {state.turns}, neither over nor at the turn cap"))
    result = state.result()
    if result.finished != state.is_over:
        problems.append(Problem("result", f"result().finished is {result.finished}, is_over {state.is_over}"))
    if not set(result.winners) <= set(range(state.n_players)) or (result.winners and not result.finished):
        problems.append(Problem("result", f"winners {list(result.winners)}: outside the table, or of an unfinished "
                                "game"))
    try:
        _, replayed = replay_lines(parse_log([dump_line(line) for line in log], f"{game.rules.id} log"), game=game)
    except DeckgenError as exc:
        return [*problems, Problem("replay", f"its log does not replay: {exc.problems[0]}")]
    if replayed.result() != result or replayed.card_zones() != state.card_zones():
        problems.append(Problem("replay", "its log replays to another end (the game depends on something besides "
                                "the rng it was given and the moves)"))
    return problems


def fresh_state(game: Game, n_players: int, index: int = 0) -> State:
    chance, _ = game_rngs(11, index)
    return game.new_game(n_players, chance, game.rules.resolve_options(), record=True)


def positions_along_a_game(game: Game, n_players: int, stops: int = 4) -> Iterator[State]:
    """States at a few points of seeded random games, the fresh deal included."""
    rng = random.Random(3)
    for index in range(2):
        state = fresh_state(game, n_players, index)
        for _ in range(stops):
            if state.is_over:
                break
            yield state
            for _ in range(rng.randrange(1, 9)):
                if state.is_over:
                    break
                state.apply(state.random_move(rng))


def snapshot(state: State) -> tuple[Any, ...]:
    return (state.card_zones(), [state.observation(s) for s in range(state.n_players)], state.current_player,
            state.turns, state.is_over, repr(state.legal_moves()))


def determinize_problems(game: Game, n_players: int) -> list[Problem]:
    """A clone that is not the same game or not independent of it; a determinization for a
    seat that changes its observation, its legal moves, the cards, or any place it may see;
    determinizations that never deal the unknown cards again; an original changed by play
    on either. At a few positions of seeded random games."""
    rng = random.Random(8)
    to_deal = dealt = 0
    for state in positions_along_a_game(game, n_players):
        before = snapshot(state)
        at = f"{n_players} players, turn {state.turns}"
        twin = state.clone()
        if snapshot(twin) != before:
            return [Problem("clone", f"{at}: clone() is not the same game")]
        twin.play_randomly(rng, game.rules.turn_cap)
        for seat in range(n_players):
            world = state.determinize(seat, rng)
            wrong = ("changes seat's observation" if world.observation(seat) != state.observation(seat) else
                     "loses or duplicates cards" if zone_multiset(world) != zone_multiset(state) else
                     "changes a card seat may see" if known_places(world, seat) != known_places(state, seat) else
                     "changes seat's legal moves" if seat == state.current_player
                     and repr(world.legal_moves()) != repr(state.legal_moves()) else "")
            if wrong:
                return [Problem("determinize", f"{at}: determinize({seat}) {wrong.replace('seat', f'seat {seat}')}")]
            if len(unknown_cards(state, seat)) >= 2:
                to_deal += 1
                dealt += world.card_zones() != state.card_zones()
            world.play_randomly(rng, game.rules.turn_cap)
            if not (world.result().finished or world.turns >= game.rules.turn_cap):
                return [Problem("determinize", f"{at}: a determinization for seat {seat} stopped before its end")]
        if snapshot(state) != before:
            return [Problem("clone", f"{at}: playing a clone or a determinization changed the original")]
    if to_deal and not dealt:
        return [Problem("determinize", f"{n_players} players: {to_deal} determinizations with unknown cards to deal, "
                        "all the same as the game")]
    return []
