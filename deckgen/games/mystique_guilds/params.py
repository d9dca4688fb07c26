"""Mystique Guilds's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class GuildSpec:
    """One guild: its colour and suit, and the points it is worth."""

    colour: str
    suit: str
    points: int = bounded(ge=0)


@dataclass(frozen=True, kw_only=True)
class GuildsParams:
    """Mystique Guilds' rule numbers: guild points, the special guild and the order of play."""

    #: Points for controlling a guild, and the guild worth more.
    guild_points: int = bounded(ge=0)
    special_guild: GuildSpec
    #: Seat step of play (-1: anticlockwise, seat - 1).
    turn_direction: int
    #: Seat that takes the first turn.
    first_seat: int = bounded(ge=0)
