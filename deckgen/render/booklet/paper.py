"""The booklet's paper sets: the size of a booklet page and the sheet two of them are imposed
on (A5 on A4, half-Letter on Letter), and the file names each set writes."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, A5, landscape, letter
from reportlab.lib.units import inch

from deckgen.errors import DeckgenError


@dataclass(frozen=True)
class BookletPaper:
    """A booklet page (trim size, points, portrait) imposed two-up on a landscape sheet."""

    name: str  # as --paper takes it
    page: tuple[float, float]
    sheet: tuple[float, float]
    page_label: str
    sheet_label: str
    suffix: str  # added to the file names; empty for the default set


PAPERS: dict[str, BookletPaper] = {
    "a4": BookletPaper("a4", A5, landscape(A4), "A5", "A4", ""),
    "letter": BookletPaper("letter", (5.5 * inch, 8.5 * inch), landscape(letter), "half-Letter", "Letter", "-letter"),
}
DEFAULT_PAPER = PAPERS["a4"]


def booklet_paper(name: str) -> BookletPaper:
    """The paper set called `name` (a4 or letter)."""
    try:
        return PAPERS[name.strip().lower()]
    except KeyError:
        raise DeckgenError(f"unknown booklet paper {name!r} (expected one of: {', '.join(PAPERS)})") from None
