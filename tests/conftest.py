"""Shared test set-up: every test starts on the shipped data, whatever project a test used."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from deckgen import project


@pytest.fixture(autouse=True)
def shipped_data_only() -> Iterator[None]:
    """A test that works in a project (through the command line or `project.use`) leaves it,
    and data a test loaded from a folder of its own is forgotten."""
    yield
    project.use(project.Project(None))
    project.forget_loaded()


@pytest.fixture(autouse=True, scope="session")
def folders_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """deckgen's caches (checked data, templates, fonts: XDG_CACHE_HOME) and what a command
    writes without --output (DECKGEN_OUTPUT; simulate records its run in results.sqlite
    there) live in the run's temporary folder, never the user's or the checkout's; the
    commands the tests start inherit both, and tests of the default output folder unset it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache-home")))
        patch.setenv("DECKGEN_OUTPUT", str(tmp_path_factory.mktemp("output")))
        yield
