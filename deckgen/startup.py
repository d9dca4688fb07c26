"""What a command pays before its real work: loading modules and data with the cycle
collector paused.

Importing pydantic, jinja2 and reportlab and building the schemas makes a few hundred
thousand objects that live until the process ends. Python's cycle collector walks every
one of them again at each of its collections, which took about a tenth of a
`deckgen render cards` run. `loading()` pauses the collector while a command imports and
loads, then freezes what exists (gc.freeze): later collections look only at what the
command makes afterwards. Loading makes almost no cyclic garbage (about 0.5 MB for a deck).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def loading() -> Iterator[None]:
    """Run a command's imports and data loading without the cycle collector, then keep
    what they built out of its sight for the rest of the process."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
