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
