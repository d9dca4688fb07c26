"""The printed rule booklet: A5 pages in reading order, and the imposed saddle-stitch version.

Everything printed comes from the game's rule data (text, setup table, options, rulings)
and the deck data (card images, composition counts), so the booklet cannot drift from what
the engine plays. The look (sizes, colours, margins) is data in templates/booklet/booklet.yaml.
`style` holds the look, `content` what is printed, `flowables` the page furniture and
`story` the reading order and the writing.
"""

from deckgen.render.booklet.content import (
    composition_rows,
    metadata_line,
    sample_cards,
    setup_rows,
    text_blocks,
)
from deckgen.render.booklet.story import booklet_path, render_booklet
from deckgen.render.booklet.style import BookletStyle, load_booklet_style, style_path

__all__ = [
    "BookletStyle", "booklet_path", "composition_rows", "load_booklet_style", "metadata_line", "render_booklet",
    "sample_cards", "setup_rows", "style_path", "text_blocks",
]
