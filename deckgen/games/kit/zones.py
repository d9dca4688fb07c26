"""The names engines give the places cards can be, so logs, observations and checks read the
same in every game.

Shared zones: `draw` (the face-down stock), `discard`, `table` (cards in play), `trick`,
`aside` (set aside face up or for later), `removed` (out of the game unseen). Seat zones end
in `/<seat>`: `hand/<seat>`, `won/<seat>` (captured or scored cards), `deck/<seat>` (a
personal draw pile), or another lower-case word for what the game calls them
(`burns/<seat>`). Every zone holds card ids.

A zone is open, hidden from a seat (`State.hidden_zones`: every card unseen) or covered
(`State.covered_zones`: a face-up pile showing only its top card, the last in its list, and
its size). A covered card the seat saw before it was covered is remembered
(`State.remembered_cards`); the others are as unknown as a hidden zone's.
"""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each string annotation
# at import, some 10 us a field at the start of every command.

import re
from typing import NamedTuple

#: A declared zone's name: words joined by '_', and '/' and a seat for a seat's own zone.
#: Compiled by re's own cache at its first use: only the engine contract checks names.
ZONE_NAME = r"[a-z]+(?:_[a-z]+)*(?:/(?:0|[1-9][0-9]?))?"


def hand(seat: int) -> str:
    return f"hand/{seat}"


def seat_zone(kind: str, seat: int) -> str:
    return f"{kind}/{seat}"


def is_zone_name(name: str) -> bool:
    return re.fullmatch(ZONE_NAME, name) is not None


class DeclaredZone(NamedTuple):
    """A zone as a game declares it, from which what each seat sees follows: its name (with
    `/<seat>` for a seat's own), its owner (-1 when shared), who sees it (`owner`,
    `everyone`, `nobody`) and whether every card shows (`fan`) or only the top (a pile). A
    named tuple, as `kit.board.Cell` is."""

    name: str
    owner: int
    visible: str
    fan: bool

    def hidden_from(self, player: int) -> bool:
        """Whether `player` sees none of its cards."""
        return not (self.visible == "everyone" or self.visible == "owner" and self.owner == player)

    def covered_for(self, player: int) -> bool:
        """Whether `player` sees only its top card and its size (a face-up pile)."""
        return self.visible == "everyone" and not self.fan

    def shown_whole(self, player: int) -> bool:
        """Whether `player` sees every card: a fan in view, or the owner's own zone."""
        return not self.hidden_from(player) and not self.covered_for(player)


def seat_zones(kind: str, n_players: int, visible: str, fan: bool = True) -> list[DeclaredZone]:
    """One declared zone per seat, `<kind>/<seat>`, owned by that seat (see `DeclaredZone`)."""
    return [DeclaredZone(seat_zone(kind, seat), seat, visible, fan) for seat in range(n_players)]


def shared_zone(name: str, visible: str, fan: bool = True) -> DeclaredZone:
    """A zone no seat owns (see `DeclaredZone`)."""
    return DeclaredZone(name, -1, visible, fan)
