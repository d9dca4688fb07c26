"""What a command pays before its real work: loading modules and data with the cycle
collector paused.

Importing pydantic, jinja2 and reportlab and building the schemas makes a few hundred
thousand objects that live until the process ends. Python's cycle collector walks every
one of them again at each of its collections, which took about a tenth of a
`deckgen render cards` run. `loading()` pauses the collector while a command imports and
loads, then freezes what exists (gc.freeze): later collections look only at what the
command makes afterwards. Loading makes almost no cyclic garbage (about 0.5 MB for a deck);
`render cards` draws its sheets inside it too, which leaves about 7 KB of cycles per card
(35 MB for the largest deck allowed, 5000 cards) and saves another 10-15 ms.

It also tells pydantic that deckgen runs no pydantic plugins: looking for them imports
importlib.metadata (with email, zipfile and csv) and reads the entry points of every
installed package, about 30 ms of each command, to find none that deckgen wants.
"""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def loading() -> Iterator[None]:
    """Run a command's imports and data loading without the cycle collector, then keep
    what they built out of its sight for the rest of the process."""
    _without_pydantic_plugins()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


#: The pydantic module that finds plugins (pydantic.plugin._schema_validator imports its
#: get_plugins when it builds a validator).
_PYDANTIC_PLUGIN_LOADER = "pydantic.plugin._loader"


def _without_pydantic_plugins() -> None:
    """Stand in for pydantic's plugin finder, before pydantic first builds a model, with one
    that finds no plugins; once pydantic's own is loaded, leave it."""
    if _PYDANTIC_PLUGIN_LOADER in sys.modules:
        return
    finder = types.ModuleType(_PYDANTIC_PLUGIN_LOADER, "deckgen runs no pydantic plugins")
    finder.get_plugins = tuple  # type: ignore[attr-defined]  # no plugins: ()
    sys.modules[_PYDANTIC_PLUGIN_LOADER] = finder
