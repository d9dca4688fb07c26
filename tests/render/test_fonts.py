"""Font metrics helpers shared by the booklet and the quick reference."""

from __future__ import annotations

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus.paragraph import _handleBulletWidth

from deckgen.render import fonts


@pytest.mark.parametrize("size, bullet_indent", [(7.5, 0.0), (10.0, 3.0), (14.0, 0.0)])
def test_a_bulleted_first_line_gets_the_full_width_of_the_others(size: float, bullet_indent: float) -> None:
    """reportlab narrows (and so pushes right) only the first line when the bullet runs past
    the left indent; at `bullet_text_indent` it does not, at a hair less it does."""
    fonts.register_fonts()
    indent = fonts.bullet_text_indent(fonts.REGULAR, size, bullet_indent)

    def first_line_width(left_indent: float) -> float:
        style = ParagraphStyle(
            "b", fontName=fonts.REGULAR, fontSize=size, leftIndent=left_indent, bulletIndent=bullet_indent,
            bulletFontName=fonts.REGULAR, bulletFontSize=size,
        )
        widths = [200.0]
        _handleBulletWidth(fonts.BULLET, style, widths)
        return widths[0]

    assert first_line_width(indent) == 200.0
    assert first_line_width(indent - 0.5) < 200.0
