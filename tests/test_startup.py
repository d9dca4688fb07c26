"""The cycle collector is paused while a command loads, and what loading built is frozen."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from deckgen.startup import loading


@pytest.fixture(autouse=True)
def _restore_collector():
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    (gc.enable if enabled else gc.disable)()


def test_loading_pauses_the_collector_then_freezes_what_was_built() -> None:
    gc.enable()
    gc.unfreeze()
    with loading():
        assert not gc.isenabled()
        built = [[index] for index in range(1000)]
    assert gc.isenabled()
    assert gc.get_freeze_count() >= len(built)


def test_loading_keeps_a_paused_collector_paused_even_on_error() -> None:
    gc.disable()
    with pytest.raises(RuntimeError), loading():
        raise RuntimeError("load failed")
    assert not gc.isenabled()


def test_loading_spares_pydantic_its_plugin_search() -> None:
    """A fresh process that builds a pydantic model inside loading() never imports
    importlib.metadata (pydantic's plugin search reads every installed package's metadata)."""
    script = (
        "import sys\n"
        "from deckgen.startup import loading\n"
        "with loading():\n"
        "    from pydantic import BaseModel\n"
        "    class Card(BaseModel):\n"
        "        name: str\n"
        "assert Card(name='ace').name == 'ace'\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
