"""What `--ink-saver` does to a layout's elements (docs/layout-format.md, `ink_saver`).

An element's `ink_saver` is `auto` unless the layout says otherwise. `auto` turns a filled
rect that bleeds (a background, a band) into paper with an outline in its colour, and draws
text and icons that were light on such a ground in a colour that reads on paper: the ground's
own colour when it is dark enough, else black. `keep` draws the element as printed, `outline`
turns any filled rect into its outline, `hide` leaves the element out; a mapping gives keys
the element takes instead (model/layout.py validates it).

`Paper` remembers, in paint order, which grounds a card has and which of them became paper.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckgen.render.contrast import MIN_TEXT_CONTRAST, contrast_ratio
from deckgen.model.colour import parse_colour

#: An outline's width (mm) and how far inside the trim it runs where its rect bled: a cut
#: that drifts a millimetre still leaves it whole.
OUTLINE_WIDTH = 0.5
TRIM_INSET = 2.0
#: Text that would not read on paper and has no dark ground colour to take.
DARK = "#000000"
_PAPER = (1.0, 1.0, 1.0)

Box = tuple[float, float, float, float]


def outline_box(x: float, y: float, w: float, h: float, trim_width: float, trim_height: float) -> Box:
    """The outline of a rect's box (trim coordinates): edges in the bleed move inside the trim."""
    x0, y0 = max(x, TRIM_INSET), max(y, TRIM_INSET)
    x1, y1 = min(x + w, trim_width - TRIM_INSET), min(y + h, trim_height - TRIM_INSET)
    half = OUTLINE_WIDTH / 2
    return x0 + half, y0 + half, max(0.0, x1 - x0 - 2 * half), max(0.0, y1 - y0 - 2 * half)


def reads_on_paper(colour: str) -> bool:
    """Whether a colour has the contrast text needs against white paper."""
    rgb = parse_colour(colour)
    return rgb is None or contrast_ratio(rgb, _PAPER) >= MIN_TEXT_CONTRAST


@dataclass
class Paper:
    """The filled grounds of one card so far: (box, the colour it had when it became paper,
    or None when it is printed)."""

    grounds: list[tuple[Box, str | None]] = field(default_factory=list)

    def add(self, box: Box, outlined: str | None) -> None:
        self.grounds.append((box, outlined))

    def ink(self, colour: str, box: Box) -> str:
        """The colour a text or icon at `box` is drawn in: as given, unless the topmost ground
        under its centre became paper and the colour does not read there."""
        cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        for (x, y, w, h), outlined in reversed(self.grounds):
            if x <= cx <= x + w and y <= cy <= y + h:
                if outlined is None or reads_on_paper(colour):
                    return colour
                return outlined if reads_on_paper(outlined) else DARK
        return colour
