"""Markup in card text: styles, inline icons, and the backslash that prints a colon or star as is."""

from __future__ import annotations

import pytest

from deckgen.render.textfit import Piece, UnknownIcon, parse_markup

ICONS = {"sun", "moon"}


def plain(paragraphs: list[list[Piece]]) -> str:
    """The text as printed, icons shown as [name]."""
    return "\n".join("".join(p.text if p.icon is None else f"[{p.icon}]" for p in para) for para in paragraphs)


def test_icons_bold_and_italic() -> None:
    paragraphs = parse_markup("**Gain** :sun: *now*", ICONS)
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
    assert plain(parse_markup(text, ICONS)) == printed


def test_an_escaped_star_does_not_switch_italic() -> None:
    pieces = parse_markup(r"\*not italic\*", ICONS)[0]
    assert "".join(p.text for p in pieces) == "*not italic*" and not any(p.italic for p in pieces)


def test_unknown_icon_is_an_error_but_escaped_it_is_text() -> None:
    with pytest.raises(UnknownIcon, match="rain"):
        parse_markup("a :rain: day", ICONS)
    assert plain(parse_markup(r"a \:rain: day", ICONS)) == "a :rain: day"
