"""Text that fits its box: markup, wrapping with real font metrics, shrink-to-fit.

* `parse_markup(text, icons, span=...) -> paragraphs`: `**bold**`, `*italic*`, `:icon:`,
  colour and size spans `[red 120%]...[/]` and line breaks; a backslash before `:`, `*`, `[`,
  `]` or another backslash prints it as it is.
* `fit(paragraphs, measure, width, height, size, min_size, line_height, wrap) -> Fitted`:
  the largest size from `size` down to `min_size` at which the words wrap into the box; a
  bigger span widens its words and deepens its line, and the smallest span stays at least
  `min_size`.

Widths of a font scale with its size, so every piece is measured once at size 1 and the box
is divided by the size instead: trying twenty sizes costs no more font look-ups than one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from deckgen.model.geometry import ASCENT, DESCENT
from deckgen.model.text_spans import SpanStyle

#: Each smaller size tried is this fraction of the one before (about 6 %).
SHRINK_STEP = 0.94
#: An inline icon is this wide, in multiples of the text size.
ICON_WIDTH = 1.0

_MARKUP = re.compile(r"\\([\\*:\[\]])|\*\*|\*|:([A-Za-z0-9_-]+):|\[/\]|\[([^\[\]\n]*)\]|\[|\n")


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of text in one style, or an inline icon (then `text` is empty). `colour` is a
    span's (None: the element's); `scale` is the run's size in multiples of the text size."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None
    colour: str | None = None
    scale: float = 1.0

    def styled(self, text: str) -> Piece:
        """Other text in this piece's style."""
        return Piece(text, self.bold, self.italic, None, self.colour, self.scale)

    def same_style(self, other: Piece) -> bool:
        return (self.bold, self.italic, self.colour, self.scale) == (other.bold, other.italic, other.colour,
                                                                     other.scale)


@dataclass(frozen=True, slots=True)
class Line:
    """One line: pieces with their x offsets, and the line's width (both at size 1); `scale`
    is its largest run's, which its depth follows."""

    pieces: tuple[tuple[float, Piece], ...]
    width: float
    scale: float = 1.0


@dataclass(frozen=True, slots=True)
class Fitted:
    size: float
    lines: tuple[Line, ...]

    def steps(self) -> list[float]:
        """Each line's baseline below the first's, in multiples of `line_height` x size: one
        a line when all runs are the text size; a bigger line moves down by its ascent, the
        line after it by its descent."""
        out = [0.0]
        for above, below in zip(self.lines, self.lines[1:]):
            out.append(out[-1] + DESCENT * above.scale + ASCENT * below.scale)
        return out

    def height(self, line_height: float) -> float:
        """From the top of the first line's ink to the bottom of the last's, in mm."""
        if not self.lines:
            return 0.0
        ink = ASCENT * self.lines[0].scale + DESCENT * self.lines[-1].scale
        return self.size * (ink + self.steps()[-1] * line_height)


class DoesNotFit(ValueError):
    """The text cannot fit its box at any allowed size; the message says why."""


class UnknownIcon(ValueError):
    """`:name:` names no icon."""


class BadSpan(ValueError):
    """A span that cannot be drawn (unknown colour, bad size, unclosed); the message says why."""


def parse_markup(text: str, icons: Collection[str], span: Callable[[str], SpanStyle], bold: bool = False,
                 italic: bool = False) -> list[list[Piece]]:
    """Paragraphs of pieces. `**` and `*` switch bold and italic on and off (starting from
    the given styles), `:name:` is an icon when `name` is one of `icons` and an error
    otherwise, `[words]` opens a span whose style `span(words)` gives (raising ValueError)
    until `[/]`, a line break starts a new paragraph; `\\:`, `\\*`, `\\[`, `\\]` and `\\\\`
    print the character (so `\\:sun:` prints ":sun:" and `\\[1]` prints "[1]")."""
    paragraphs: list[list[Piece]] = [[]]
    opened: list[tuple[str, str | None, float]] = []  # each open span's words, and the style it ended
    colour: str | None = None
    scale = 1.0
    position = 0
    for match in _MARKUP.finditer(text):
        if match.start() > position:
            paragraphs[-1].append(Piece(text[position : match.start()], bold, italic, None, colour, scale))
        token = match.group(0)
        if match.group(1) is not None:
            paragraphs[-1].append(Piece(match.group(1), bold, italic, None, colour, scale))
        elif token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\n":
            paragraphs.append([])
        elif token == "[/]":
            if not opened:
                raise BadSpan("[/] closes no span (write \\[/] to print it)")
            _, colour, scale = opened.pop()
        elif match.group(3) is not None:
            try:
                style = span(match.group(3))
            except ValueError as exc:
                raise BadSpan(str(exc)) from None
            opened.append((match.group(3), colour, scale))
            colour = style.colour or colour
            scale = scale if style.scale is None else style.scale
        elif token == "[":
            raise BadSpan(f"a [ without its ] ({text[match.start():match.start() + 12]!r}...; write \\[ for a bracket)")
        else:
            name = match.group(2)
            if name not in icons:
                raise UnknownIcon(name)
            paragraphs[-1].append(Piece("", bold, italic, name, colour, scale))
        position = match.end()
    if position < len(text):
        paragraphs[-1].append(Piece(text[position:], bold, italic, None, colour, scale))
    if opened:
        raise BadSpan(f"[{opened[-1][0]}] is never closed (end the span with [/]; write \\[ for a bracket)")
    return paragraphs


Word = tuple[tuple[tuple[Piece, float], ...], float, float]  # (piece, width)s, word width, space before


def _words(paragraph: list[Piece], measure: Callable[[Piece], float]) -> list[Word]:
    """Words (pieces between spaces, in any styles) with widths at size 1."""
    words: list[Word] = []
    current: list[tuple[Piece, float]] = []
    gap = space_before = 0.0

    def add(piece: Piece) -> None:
        nonlocal space_before
        if not current:
            space_before = gap
        current.append((piece, (ICON_WIDTH if piece.icon is not None else measure(piece)) * piece.scale))

    for piece in paragraph:
        if piece.icon is not None:
            add(piece)
            continue
        for index, part in enumerate(piece.text.split(" ")):
            if index > 0:
                if current:
                    words.append((tuple(current), sum(w for _, w in current), space_before))
                    current.clear()
                gap = measure(piece.styled(" ")) * piece.scale
            if part:
                add(piece.styled(part))
    if current:
        words.append((tuple(current), sum(w for _, w in current), space_before))
    return words


def _wrap(paragraphs: list[list[Word]], width: float, wrap: bool) -> list[Line] | None:
    """Greedy line filling at size 1 in a box `width` wide; None when a word (or, without
    wrapping, a paragraph) is wider than the box. Neighbouring text in one style becomes
    one piece, so a plain line is drawn as one string."""
    lines: list[Line] = []
    for words in paragraphs:
        pieces: list[tuple[float, Piece]] = []
        x = 0.0
        for word, word_width, space in words:
            if word_width > width + 1e-9:
                return None
            if pieces and x + space + word_width > width + 1e-9:
                if not wrap:
                    return None
                lines.append(_line(pieces, x))
                pieces, x = [], 0.0
            joiner = " " if pieces else ""
            if pieces:
                x += space
            for piece, piece_width in word:
                last_x, last = pieces[-1] if pieces else (0.0, None)
                if last is not None and last.icon is None and piece.icon is None and last.same_style(piece):
                    pieces[-1] = (last_x, last.styled(last.text + joiner + piece.text))
                else:
                    pieces.append((x, piece))
                x += piece_width
                joiner = ""
        lines.append(_line(pieces, x))
    return lines


def _line(pieces: list[tuple[float, Piece]], width: float) -> Line:
    return Line(tuple(pieces), width, max((piece.scale for _, piece in pieces), default=1.0))


def fit(
    paragraphs: list[list[Piece]],
    measure: Callable[[Piece], float],
    width: float,
    height: float,
    size: float,
    min_size: float,
    line_height: float = 1.2,
    wrap: bool = True,
) -> Fitted:
    """The text at the largest size (from `size`, shrinking by SHRINK_STEP, last trying
    `min_size`) whose lines fit `width` x `height` mm. `measure(piece)` is a piece's
    advance width at size 1. Raises DoesNotFit saying what was too big."""

    words = [_words(p, measure) for p in paragraphs]
    smallest = min((piece.scale for para in paragraphs for piece in para if piece.icon is None), default=1.0)
    if smallest < 1 and size * smallest < min_size - 1e-9:
        raise DoesNotFit(f"a span {smallest:.0%} of the text size prints {size * smallest:.2f} mm, below the "
                         f"smallest size {min_size:g} mm")
    low = min(min_size / min(smallest, 1.0), size)
    current = size
    while True:
        lines = _wrap(words, width / current, wrap)
        fitted = Fitted(current, tuple(lines)) if lines is not None else None
        if fitted is not None and fitted.height(line_height) <= height + 1e-6:
            return fitted
        if current <= low + 1e-9:
            break
        current = max(low, current * SHRINK_STEP)
    if lines is None:
        widest = max((w for para in words for w in para), key=lambda w: w[1], default=None)
        shown = "".join(p.text or f":{p.icon}:" for p, _ in widest[0]) if widest else ""
        what = f"the word {shown!r}" if wrap and widest else "a line"
        raise DoesNotFit(f"{what} is wider than the {width:.1f} mm box even at {low:g} mm")
    raise DoesNotFit(f"needs {len(lines)} lines, {Fitted(low, tuple(lines)).height(line_height):.1f} mm, "
                     f"in a box {height:.1f} mm high even at {low:g} mm")
