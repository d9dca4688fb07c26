"""The words of a colour and size span in layout text (docs/layout-format.md, "Markup inside
the text"): `[red]`, `[#c00 120%]`, `[8pt]`. Colours are checked as the layout's other
colours are, sizes as its lengths; render/textfit.py finds the spans, this reads their words.

* `span_style(words, palettes, size) -> SpanStyle`, ValueError saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from deckgen.model.layout_elements import positive_length
from deckgen.model.colour import parse_colour
from deckgen.model.wording import shown

_EXPECTED = ("expected a colour (#rgb, #rrggbb, black, white, or a palette entry such as ink.red) "
             "and/or a size (120%, 3mm, 8pt)")


@dataclass(frozen=True, slots=True)
class SpanStyle:
    """What a span changes: its colour, and its size in multiples of the element's size."""

    colour: str | None = None
    scale: float | None = None


def span_style(words: str, palettes: Mapping[str, Mapping[str, str]], size: float) -> SpanStyle:
    """The style of a span opened by `[words]`; `size` is the element's text size in mm,
    which percentages are of."""
    colour: str | None = None
    scale: float | None = None
    if not words.split():
        raise ValueError(f"empty span [] ({_EXPECTED}; write \\[ for a bracket)")
    for word in words.split():
        if word[0].isdigit() or word[0] == ".":
            if scale is not None:
                raise ValueError(f"two sizes in [{words}] (give one)")
            try:
                scale = positive_length(word).mm(size) / size
            except ValueError as exc:
                raise ValueError(f"size in [{words}]: {exc}") from None
        else:
            if colour is not None:
                raise ValueError(f"two colours in [{words}] (give one)")
            colour = _colour(word, words, palettes)
    return SpanStyle(colour, scale)


def _colour(word: str, words: str, palettes: Mapping[str, Mapping[str, str]]) -> str:
    """A colour word: written out, `palette.entry`, or an entry name found in one palette."""
    if word.lower() == "none":
        raise ValueError(f"colour none in [{words}] would hide the text (leave the colour out)")
    try:
        parse_colour(word)
        return word
    except ValueError:
        pass
    palette, dot, entry = word.partition(".")
    if dot:
        found = {palette: palettes[palette][entry]} if entry in palettes.get(palette, {}) else {}
    else:
        found = {name: entries[word] for name, entries in palettes.items() if word in entries}
    if not found:
        known = ", ".join(f"{name}.{key}" for name, entries in palettes.items() for key in entries)
        raise ValueError(f"unknown colour {shown(word)} in [{words}] ({_EXPECTED}; palette entries: "
                         f"{known or 'none declared'}; write \\[ for a bracket)")
    if len(set(found.values())) > 1:
        raise ValueError(f"colour {shown(word)} in [{words}] is in palettes {', '.join(found)} with different "
                         f"colours (write {next(iter(found))}.{word})")
    value = next(iter(found.values()))
    try:
        if parse_colour(value) is None:
            raise ValueError
    except ValueError:
        raise ValueError(f"colour {shown(word)} in [{words}] is {shown(value)} in its palette, not a colour "
                         "(expected #rgb, #rrggbb, black or white)") from None
    return value
