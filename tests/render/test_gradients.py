"""Linear gradients fill a shape in colour bands clipped to it; one the painter lacks is one
line naming the card."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from deckgen.errors import DeckgenError
from deckgen.render.gradients import BANDS, gradient_ops
from deckgen.render.painter import check_svg

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>'
       '<linearGradient id="g" x1="0" y1="0" x2="10" y2="0"{units}>'
       '<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>'
       '</defs><rect x="0" y="0" width="10" height="10" fill="url(#g)"/></svg>')


def test_a_gradient_is_bands_from_its_first_stop_to_its_last_clipped_to_the_shape() -> None:
    gradient = ET.fromstring(SVG.format(units=' gradientUnits="userSpaceOnUse"'))[0][0]
    ops = gradient_ops(("0 0 10 10 re",), gradient, even_odd=False)
    assert ops[:3] == ["q", "0 0 10 10 re", "W n"] and ops[-1] == "Q"
    bands = ops[3:-1]
    assert len(bands) == BANDS + 1
    last = (BANDS - 0.5) / BANDS  # each band is painted in the colour at its middle
    assert bands[0].startswith("1.0000 0.0000 0.0000 rg -1000")  # the first reaches back over the start
    assert bands[-1].startswith(f"{1 - last:.4f} 0.0000 {last:.4f} rg {10 * (BANDS - 0.5) / BANDS:.3f} ")


def test_a_gradient_in_other_units_is_one_line_naming_the_card() -> None:
    with pytest.raises(DeckgenError) as caught:
        check_svg(SVG.format(units=""), "deck d: card c1")
    assert caught.value.problems == ['deck d: card c1: linearGradient needs gradientUnits="userSpaceOnUse"']
