"""Shared test set-up: every test starts on the shipped data, whatever project a test used."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from deckgen import project

#: Where deckgen's caches live (`deckgen.paths.user_cache_dir`).
CACHE_HOME = "XDG_CACHE_HOME"


@pytest.fixture(autouse=True)
def shipped_data_only() -> Iterator[None]:
    """A test that works in a project (through the command line or `project.use`) leaves it,
    and data a test loaded from a folder of its own is forgotten."""
    yield
    project.use(project.Project(None))
    project.forget_loaded()


@pytest.fixture(autouse=True, scope="session")
def caches_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """deckgen's caches (checked data, templates, fonts) live in the run's temporary folder,
    never the user's; the commands the tests start inherit it."""
    before = os.environ.get(CACHE_HOME)
    os.environ[CACHE_HOME] = str(tmp_path_factory.mktemp("cache-home"))
    yield
    if before is None:
        os.environ.pop(CACHE_HOME, None)
    else:
        os.environ[CACHE_HOME] = before
