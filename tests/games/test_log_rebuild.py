"""From a game's log alone a reader can follow every card a seat sees: a card that nobody could
see before a move (in a draw pile, set aside, under a pillar's top) and that some seat sees
after it (in a hand, face up, on top of a pile) must be named by that move's logged events.
Cards that move from a hand are named by the move itself; every hand is named by the deal.
Run over the hand-written engines, few games at small player counts, so that it stays fast."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckgen.games.base import Game, State, game_classes, get_game

#: Moves followed per game: enough for several rounds, reshuffles and the end of short games.
MOVES = 400


def hand_written() -> list[str]:
    """The engines written in Python (games described in their rule files are checked elsewhere)."""
    return sorted(g for g in game_classes() if ".described" not in type(get_game(g)).__module__)


def seen_by(state: State, seat: int) -> set[str]:
    """The cards `seat` sees now: its own hand, every face-up zone, the tops of covered piles."""
    hidden, covered = set(state.hidden_zones(seat)), set(state.covered_zones(seat))
    cards: set[str] = set()
    for name, zone in state.card_zones().items():
        if name in covered:
            cards.update(zone[-1:])
        elif name not in hidden:
            cards.update(zone)
    return cards


def named(value: Any) -> set[str]:
    """Every string in a logged event, at any depth: the card ids it names, among other words."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(named(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(named(v) for v in value))
    return set()


def unlogged_reveals(game: Game, n_players: int, seed: int, lose: str = "") -> list[str]:
    """Play a seeded random game, recording events; each reveal the log does not name, in words.
    `lose`: an event type left out of the log, as a log that loses that fact would."""
    rng = random.Random(seed)
    state = game.new_game(n_players, rng, game.rules.resolve_options(), record=True)
    problems: list[str] = []
    for _ in range(MOVES):
        if state.is_over or state.turns >= game.rules.turn_cap:
            break
        before = [seen_by(state, s) for s in range(n_players)]
        nobody_saw = set().union(*state.card_zones().values()) - set().union(*before)
        logged = len(state.events or [])
        move = state.random_move(rng)
        state.apply(move)
        told = named([e for e in (state.events or [])[logged:] if e["type"] != lose])
        for seat in range(n_players):
            for card in sorted((seen_by(state, seat) - before[seat]) & nobody_saw - told):
                problems.append(f"turn {state.turns}: seat {seat} now sees {card}, which the log never names")
    return problems


@pytest.mark.parametrize("game_id", hand_written())
def test_every_card_a_seat_comes_to_see_is_named_in_the_log(game_id: str) -> None:
    game = get_game(game_id)
    problems = unlogged_reveals(game, game.rules.players.min, seed=3)
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize(("game_id", "lost"), [("mystique-pillars", "uncover"), ("up-and-down", "draw"),
                                               ("mystique-guilds", "draw")])
def test_a_log_that_loses_a_public_fact_fails(game_id: str, lost: str) -> None:
    """Without its `lost` events (the card a draw uncovers, the card a hand draws) a reader
    cannot follow the cards: the check says which card went unnamed."""
    problems = unlogged_reveals(get_game(game_id), 2, seed=3, lose=lost)
    assert problems and all("which the log never names" in p for p in problems)
