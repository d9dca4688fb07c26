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

And what a command pays after its work: `run_and_end` ends the deckgen process without the
interpreter's teardown, which frees every object the command built, one by one, only for
the operating system to take the whole memory back at once (about 3 ms of a 1,000-game
simulation, 4 % of it, more after a render).
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def loading() -> Iterator[None]:
    """Run a command's imports and data loading without the cycle collector, then keep
    what they built out of its sight for the rest of the process."""
    _without_pydantic_plugins()
    with collector_paused():
        try:
            yield
        finally:
            gc.freeze()


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cycle collector paused (then as it was) for work that makes no cyclic garbage, or
    little, for a while: its collections would only walk what the work keeps."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
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


def run_and_end(command: Callable[[], object]) -> None:
    """Run the deckgen command (`command`, click's standalone main, which ends by raising
    SystemExit) as the whole process: once Python has joined its threads and run the exit
    handlers registered while the command ran (a render's temporary font folder, a worker
    pool's), the process flushes its standard streams and exits with the command's status,
    skipping the teardown. An exit with a message, an exception that escaped or streams
    that cannot be flushed (a closed pipe) leave the usual exit to Python, unchanged. Tests
    call the click group in-process and never come here."""
    status: list[int] = []
    atexit.register(_end_now, status)  # handlers run last registered first: this one runs last
    try:
        command()
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            status.append(stop.code or 0)
        raise
    status.append(0)


def _end_now(status: list[int]) -> None:
    if not status:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # no stream, a closed one, a closed pipe
        return
    os._exit(status[0])
