"""Markup in card text: styles, inline icons, colour and size spans, and the backslash that
prints a colon, star or bracket as is; fitting text whose spans are bigger or smaller."""

from __future__ import annotations

import pytest

from deckgen.model.text_spans import span_style
from deckgen.render.textfit import BadSpan, DoesNotFit, Piece, UnknownIcon, fit, parse_markup

ICONS = {"sun", "moon"}
PALETTES = {"ink": {"red": "#c00000", "gold": "#b8860b"}, "band": {"red": "#ff0000", "sea": "#1f3a93"}}


def NO_SPANS(words: str) -> object:  # noqa: N802 - a constant-like callback
    raise ValueError(f"no spans here: [{words}]")


def spans(words: str) -> object:
    """Spans as a 4 mm text with PALETTES reads them."""
    return span_style(words, PALETTES, 4.0)


def measure(piece: Piece) -> float:
    """Every character 0.5 wide at size 1."""
    return 0.5 * len(piece.text)


def plain(paragraphs: list[list[Piece]]) -> str:
    """The text as printed, icons shown as [name]."""
    return "\n".join("".join(p.text if p.icon is None else f"[{p.icon}]" for p in para) for para in paragraphs)


def test_icons_bold_and_italic() -> None:
    paragraphs = parse_markup("**Gain** :sun: *now*", ICONS, NO_SPANS)
    assert plain(paragraphs) == "Gain [sun] now"
    assert [(p.bold, p.italic) for p in paragraphs[0]] == [(True, False), (False, False), (False, False),
                                                           (False, False), (False, True)]


@pytest.mark.parametrize(("text", "printed"), [
    (r"\:sun: is written :sun:", ":sun: is written [sun]"),
    (r"ratio 2\:1", "ratio 2:1"),
    (r"10\:30 \:rain: time", "10:30 :rain: time"),
    (r"2\*3 = 6", "2*3 = 6"),
    (r"a \\ b", r"a \ b"),
    (r"\\:moon:", r"\[moon]"),  # an escaped backslash leaves the icon an icon
    (r"C:\path", r"C:\path"),  # a backslash before anything else stays
])
def test_a_backslash_prints_the_next_colon_star_or_backslash(text: str, printed: str) -> None:
    assert plain(parse_markup(text, ICONS, NO_SPANS)) == printed


def test_an_escaped_star_does_not_switch_italic() -> None:
    pieces = parse_markup(r"\*not italic\*", ICONS, NO_SPANS)[0]
    assert "".join(p.text for p in pieces) == "*not italic*" and not any(p.italic for p in pieces)


def test_unknown_icon_is_an_error_but_escaped_it_is_text() -> None:
    with pytest.raises(UnknownIcon, match="rain"):
        parse_markup("a :rain: day", ICONS, NO_SPANS)
    assert plain(parse_markup(r"a \:rain: day", ICONS, NO_SPANS)) == "a :rain: day"


def test_spans_set_colour_and_size_and_nest() -> None:
    (pieces,) = parse_markup("a [gold]b [150% #123]c[/] d[/] [3mm]e[/] [ink.red]f[/]", ICONS, spans)
    styled = [(p.text, p.colour, p.scale) for p in pieces if p.text.strip()]
    assert styled == [("a ", None, 1.0), ("b ", "#b8860b", 1.0), ("c", "#123", 1.5), (" d", "#b8860b", 1.0),
                      ("e", None, 0.75), ("f", "#c00000", 1.0)]


def test_spans_reach_across_lines_and_colour_inline_icons() -> None:
    first, second = parse_markup("[white 8pt]x\n:sun:[/]", ICONS, spans)
    assert first[0].colour == "white" and second[0].icon == "sun" and second[0].colour == "white"
    assert second[0].scale == pytest.approx(8 * 25.4 / 72 / 4)


@pytest.mark.parametrize(("text", "printed"), [
    (r"roll \[1-6]", "roll [1-6]"),
    (r"\[red]not a span\[/]", "[red]not a span[/]"),
    ("a ] alone", "a ] alone"),
    (r"a \] too", "a ] too"),
])
def test_a_backslash_prints_a_bracket(text: str, printed: str) -> None:
    assert plain(parse_markup(text, ICONS, NO_SPANS)) == printed


@pytest.mark.parametrize(("text", "message"), [
    ("[rde]x[/]", "unknown colour 'rde' in [rde]"),
    ("[red]x[/]", "colour 'red' in [red] is in palettes ink, band with different colours (write ink.red)"),
    ("[0%]x[/]", "size in [0%]: found '0%' (expected a length above 0"),
    ("[12furlongs]x[/]", "size in [12furlongs]: found '12furlongs'"),
    ("[none]x[/]", "colour none in [none] would hide the text"),
    ("[gold sea]x[/]", "two colours in [gold sea]"),
    ("[]x", "empty span []"),
    ("[gold]never closed", "[gold] is never closed (end the span with [/]"),
    ("x[/]", "[/] closes no span"),
    ("roll [1-6", "a [ without its ]"),
])
def test_a_bad_span_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BadSpan) as caught:
        parse_markup(text, ICONS, spans)
    assert message in str(caught.value)


def test_a_bigger_span_widens_its_line_and_deepens_it() -> None:
    plain_text = fit(parse_markup("ab cd", ICONS, spans), measure, 100, 100, 4.0, 1.2)
    bigger = fit(parse_markup("ab [200%]cd[/]", ICONS, spans), measure, 100, 100, 4.0, 1.2)
    assert bigger.lines[0].width == pytest.approx(plain_text.lines[0].width + 1.0)
    assert bigger.height(1.2) == pytest.approx(2 * plain_text.height(1.2))
    # two lines: the big second line moves down by its ascent, the small one after by the big descent
    lines = fit(parse_markup("ab\n[200%]cd[/]\nef", ICONS, spans), measure, 100, 100, 4.0, 1.2)
    assert lines.steps() == pytest.approx([0.0, 0.24 + 0.76 * 2, 0.24 + 0.76 * 2 + 0.24 * 2 + 0.76])


def test_fitting_shrinks_more_for_a_big_span_and_stops_the_small_one_at_min_size() -> None:
    box = (12.0, 30.0)  # "abcd" at 4 mm is 8 mm wide
    assert fit(parse_markup("abcd", ICONS, spans), measure, *box, 4.0, 1.2).size == 4.0
    assert fit(parse_markup("[200%]abcd[/]", ICONS, spans), measure, *box, 4.0, 1.2).size < 3.1
    with pytest.raises(DoesNotFit, match="even at 2.4 mm"):  # the 50 % run would print below 1.2 mm
        fit(parse_markup("abcdefghij [50%]x[/]", ICONS, spans), measure, 10.0, 3.0, 4.0, 1.2, wrap=False)
    with pytest.raises(DoesNotFit, match="a span 25% of the text size prints 1.00 mm, below the smallest size 1.2"):
        fit(parse_markup("[1mm]x[/]", ICONS, spans), measure, *box, 4.0, 1.2)
