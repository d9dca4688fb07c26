"""Text the booklet and the player aid read from a rule file's `play` section, so that what
they tell players and what the engine plays come from one place.

A move may carry a `says:` line, the move in a player's words. When the rule file describes
play and its `quickref` leaves out `turn`, the quick reference's "Your turn" list is those
lines, one per move, in the order of the phases and of the moves in each (moves without one
are left out). `deckgen.model.rules` fills their placeholders when the file is loaded,
as it does the quick reference's own lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckgen.model.play import PlaySpec


def said_lines(play: PlaySpec) -> list[tuple[str, str]]:
    """(field path, text) of every move's `says` line, in phase order then move order; the
    path names the line in errors (`play.phases.turn.0.play.says`)."""
    lines = []
    for phase, moves in play.phases.items():
        for index, move in enumerate(moves):
            if not isinstance(move, dict) or len(move) != 1:
                continue  # not a move: the engine's checks say so
            kind, details = next(iter(move.items()))
            says = details.get("says") if isinstance(details, dict) else None
            if isinstance(says, str) and says.strip():
                lines.append((f"play.phases.{phase}.{index}.{kind}.says", " ".join(says.split())))
    return lines
