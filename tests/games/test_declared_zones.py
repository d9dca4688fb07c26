"""Engines that declare their zones (State.declared_zones) declare every zone they hold, once,
under kit zone names: what each seat sees follows from that declaration, so a zone left out
would be open to every seat without anyone deciding it."""

from __future__ import annotations

import random

import pytest

from deckgen.games.base import State
from deckgen.games.kit.zones import is_zone_name
from deckgen.games.registry import game_classes, get_game


def _fresh(game_id: str) -> State:
    game = get_game(game_id)
    return game.new_game(game.rules.players.min, random.Random(5), game.rules.resolve_options(None))


#: The games whose states declare their zones (the others state their hidden zones themselves).
DECLARING = sorted(game_id for game_id in game_classes() if _fresh(game_id).declared_zones())


def test_most_hand_written_engines_declare_their_zones() -> None:
    assert {"battle-for-the-suns", "mismatch", "mystique-pillars", "zoomies"} <= set(DECLARING)


@pytest.mark.parametrize("game_id", DECLARING)
def test_declared_zones_are_the_zones_the_game_holds(game_id: str) -> None:
    state = _fresh(game_id)
    n_players = state.n_players
    rng = random.Random(6)
    for _ in range(3):
        declared = [zone.name for zone in state.declared_zones()]
        assert len(declared) == len(set(declared)) and all(is_zone_name(name) for name in declared)
        assert set(declared) == set(state.card_zones()), game_id
        for seat in range(n_players):
            hidden = {zone.name for zone in state.declared_zones() if zone.hidden_from(seat)}
            assert set(state.hidden_zones(seat)) == hidden
        for _ in range(5):
            if not state.is_over:
                state.apply(state.random_move(rng))
