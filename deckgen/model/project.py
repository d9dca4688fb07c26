"""The project marker file, `deckgen.yaml`: what a project is called."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class ProjectSpec(StrictModel):
    """The marker's keys; the folder holding it is the project."""

    name: str = Field(min_length=1, max_length=200)
