"""The printed rule booklet: pages in reading order (A5, or half-Letter), and the imposed
saddle-stitch version (on A4, or Letter).

Everything printed comes from the game's rule data (text, setup table, options, rulings)
and the deck data (card images, composition counts), so the booklet cannot drift from what
the engine plays. The look (sizes, colours, margins) is data in templates/booklet/booklet.yaml.
`style` holds the look, `content` what is printed, `flowables` the page furniture and
`story` the reading order and the writing, `paper` the two paper sets.
"""

from deckgen.render.booklet.content import (
    composition_rows,
    metadata_line,
    sample_cards,
    setup_rows,
    text_blocks,
)
from deckgen.render.booklet.paper import (
    DEFAULT_PAPER,
    PAPERS,
    BookletPaper,
    booklet_paper,
)
from deckgen.render.booklet.story import (
    booklet_path,
    booklet_pdf,
    render_booklet,
    render_imposed,
)
from deckgen.render.booklet.style import BookletStyle, load_booklet_style, style_path

__all__ = [
    "DEFAULT_PAPER", "PAPERS", "BookletPaper", "BookletStyle", "booklet_paper", "booklet_path", "booklet_pdf",
    "composition_rows", "load_booklet_style", "metadata_line", "render_booklet", "render_imposed", "sample_cards",
    "setup_rows", "style_path", "text_blocks",
]
