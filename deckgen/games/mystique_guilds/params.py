"""Mystique Guilds's typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class GuildSpec(StrictModel):
    colour: str
    suit: str
    points: int = Field(ge=0)


class GuildsParams(StrictModel):
    #: Points for controlling a guild, and the guild worth more.
    guild_points: int = Field(ge=0)
    special_guild: GuildSpec
    #: Seat step of play (-1: anticlockwise, seat - 1).
    turn_direction: int
    #: Seat that takes the first turn.
    first_seat: int = Field(ge=0)
