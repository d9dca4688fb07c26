"""Checks shared by the tests of the HTML pages: the page parses with every element closed in
order, and every link and image it names is a file beside it (or an anchor on it)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

#: Elements that have no end tag in HTML.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attrs(tag, attrs)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attrs(tag, attrs)

    def _attrs(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append(value)
            if name == "id" and value is not None:
                self.ids.add(value)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse_page(path: Path) -> _Page:
    """The parsed page, asserting that its tags balance and every link resolves."""
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    assert page.problems == [], page.problems
    assert page.stack == [], f"unclosed: {page.stack}"
    for link in page.links:
        parts = urlparse(link)
        assert not parts.scheme and not parts.netloc, f"{path.name}: {link} is not a relative link"
        if parts.path:
            assert not parts.path.startswith("/"), link
            assert (path.parent / unquote(parts.path)).is_file(), f"{path.name}: {link} does not resolve"
        if parts.fragment:
            assert parts.path or parts.fragment in page.ids, f"{path.name}: no #{parts.fragment} on the page"
    return page
