"""A sweep is bounded in variants (issue 33): an option listing 1,000 values is one line, found
before any game is loaded, not days of simulation."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.sim.runner import SimulationError
from deckgen.sim.sweep import MAX_VARIANTS, option_grid_text


def values(count: int) -> str:
    return ",".join(str(i) for i in range(count))


def test_a_thousand_values_are_refused_in_one_line() -> None:
    result = CliRunner().invoke(main, ["sweep", "zoomies", "--option", f"second_place_wins={values(1000)}"])
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: --option: 1000 values make 1,000 variants, more than the 100 one sweep "
                                     "plays (sweep fewer values at a time)")


def test_combinations_and_decks_multiply() -> None:
    with pytest.raises(SimulationError, match="10 x 11 values make 110 variants"):
        option_grid_text([f"a={values(10)}", f"b={values(11)}"])
    with pytest.raises(SimulationError, match=r"10 x 5 values x 3 decks make 150 variants"):
        option_grid_text([f"a={values(10)}", f"b={values(5)}"], decks=2)
    assert len(option_grid_text([f"a={values(MAX_VARIANTS)}"])["a"]) == MAX_VARIANTS
