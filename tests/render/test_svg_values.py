"""svg_values writes text, attributes and file URIs as the standard library does (without
importing urllib.request): the same bytes in every card document."""

from __future__ import annotations

import random
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname
from xml.sax.saxutils import escape, quoteattr

from deckgen.render.svg_values import file_uri_path, xml_attribute, xml_text


def test_text_and_attributes_are_escaped_as_saxutils_escapes_them() -> None:
    rng = random.Random(7)
    samples = ["", "plain", 'say "hi"', "it's", "both ' and \"", "a&b<c>d", "line\nbreak\tand\rreturn"]
    samples += ["".join(rng.choice("ab&<>\"'\n\r\t é") for _ in range(rng.randint(1, 12))) for _ in range(2000)]
    for text in samples:
        assert xml_text(text) == escape(text) and xml_attribute(text) == quoteattr(text), text


def test_a_file_uri_names_the_file_it_was_made_from(tmp_path: Path) -> None:
    for name in ("plain.png", "with space.png", "ü-umlaut.png", "hash#and?query.png", "100%.png"):
        uri = (tmp_path / name).as_uri()
        assert file_uri_path(uri) == tmp_path / name == Path(url2pathname(urlparse(uri).path))
