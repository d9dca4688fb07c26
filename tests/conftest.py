"""Shared test set-up: every test starts on the shipped data, whatever project a test used."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis.configuration import set_hypothesis_home_dir

from deckgen import project

#: Where the run keeps Hypothesis's folder (its example database, the constants it gathers
#: from the code under test).
_HYPOTHESIS_HOME = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis's folder in a temporary one for the run (by default it is .hypothesis/ in
    the working folder): a test never writes into the checkout."""
    home = config.stash[_HYPOTHESIS_HOME] = Path(tempfile.mkdtemp(prefix="deckgen-hypothesis-"))
    set_hypothesis_home_dir(home)


def pytest_unconfigure(config: pytest.Config) -> None:
    home = config.stash.get(_HYPOTHESIS_HOME, None)
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)


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
