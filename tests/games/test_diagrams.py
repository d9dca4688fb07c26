"""Diagrams in rule data must be positions the engine could hold: known cards, each on one
cell, on the kind of grid the engine plays (and none for a game without a board)."""

from __future__ import annotations

import pytest

from deckgen.errors import DataError
from deckgen.games.building import build_engine
from deckgen.games.registry import get_game
from deckgen.model.rules import Diagram, load_play_rules


def diagram(grid: str, *cells: tuple[tuple[int, int], list[str]]) -> Diagram:
    return Diagram.model_validate({
        "id": "d", "title": "A position", "caption": "What it shows.", "grid": grid,
        "cells": [{"at": list(at), "cards": cards} for at, cards in cells],
    })


def problems_of(game_id: str, *diagrams: Diagram) -> list[str]:
    game = get_game(game_id)
    rules = load_play_rules(game_id).model_copy(update={"diagrams": list(diagrams)})
    with pytest.raises(DataError) as caught:
        build_engine(type(game), rules)
    return caught.value.problems


def test_a_game_without_a_board_takes_no_diagrams() -> None:
    problems = problems_of("mystique-guilds", diagram("square", ((0, 0), ["red-moons-1"])))
    assert len(problems) == 1
    assert "mystique-guilds.yaml: diagrams[0]: grid 'square', but this game takes no diagrams" in problems[0]


def test_unknown_and_repeated_cards_are_named_with_their_cell() -> None:
    cells = (((0, 0), ["red-moons-1"]), ((1, 0), ["red-moons-1", "red-moons-9"]))
    problems = problems_of("chain-of-restraints", diagram("square", *cells))
    assert any("diagrams[0].cells[1]: card 'red-moons-1' is on two cells" in p for p in problems)
    assert any("diagrams[0].cells[1]: unknown card 'red-moons-9'" in p for p in problems)
