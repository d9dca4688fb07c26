"""Card SVGs that travel: what `render cards --svg` writes.

* `Portable(folder)`: `.make(svg_text) -> str` gives a card's SVG with every picture it shows
  copied once into `folder/art/` and linked relative to the SVG (`art/dawn.png`), and the
  project's absolute path left out, so the svg/ folder can be zipped and opened elsewhere.

The card documents the painter draws link their pictures by absolute `file:` URLs inside the
project (checked when the card was drawn); only the exported copy is rewritten. Text keeps the
family, weight and style of its font (render/layout.py), as a viewer elsewhere looks it up.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from urllib.parse import urlparse
from xml.sax.saxutils import quoteattr, unescape

from deckgen.fileio import output_file, write_atomic

_FILE_HREF = re.compile(r'href="(file:[^"]*)"')
_PROJECT = re.compile(r' data-project="[^"]*"')
#: Characters a copied picture's name keeps (others become "-").
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class Portable:
    """Rewrites the SVGs of one export, copying each distinct picture once."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.copied: dict[Path, str] = {}
        self.names: set[str] = set()

    def make(self, svg_text: str) -> str:
        """The SVG with relative picture links and no project path."""
        return _PROJECT.sub("", _FILE_HREF.sub(lambda m: f"href={quoteattr(self.copy(m.group(1)))}", svg_text))

    def copy(self, url: str) -> str:
        """`art/<name>` for a picture, copied beside the SVGs on first use."""
        # here, not at the top: urllib.request imports http and ssl
        from urllib.request import url2pathname

        path = Path(url2pathname(urlparse(unescape(url)).path))
        found = self.copied.get(path)
        if found is None:
            data = path.read_bytes()
            name = _UNSAFE.sub("-", path.name).lstrip(".") or "picture"
            if name in self.names:  # two files of one name from different folders
                name = f"{hashlib.sha1(data).hexdigest()[:8]}-{name}"
            self.names.add(name)
            write_atomic(output_file(self.folder, "art", name), data)
            found = self.copied[path] = f"art/{name}"
        return found
