"""The Clique Mystique engine: the deal of the starting checkerboard and positions (with the
board as a detail, so that the rule data's diagrams replay), on the tables of `tables`;
registered by the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckgen.errors import BadPosition
from deckgen.games.clique_mystique.state import CliqueState
from deckgen.games.clique_mystique.tables import CliqueTables
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled_order


class CliqueMystique(CliqueTables):
    """The Clique Mystique engine: deals new games and sets up positions."""

    id = "clique-mystique"

    def new_game(self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False) -> CliqueState:
        self.check_players(n_players)
        draw = shuffled_order(self.cards.size, rng)
        geo = self.geometry
        stacks: list[list[int]] = [[] for _ in range(geo.n_cells)]
        owner = [-1] * geo.n_cells
        for cell in self.start_cells():
            stacks[cell].append(draw.pop())
            owner[cell] = self.start_owner(geo.col(cell), geo.row(cell))
        hands = deal_hands(draw, n_players, self.hand_size)
        events: list[dict[str, Any]] | None = None
        if record:
            # Cells as the moves number them, with row and column (row first, as moves are read).
            board = [{"cell": c, "row": geo.row(c), "col": geo.col(c), "card": self.cards.ids[stacks[c][0]],
                      "owner": owner[c]} for c in self.start_cells()]
            events = [deal_event(self.cards, hands, board=board)]
        return CliqueState(self, stacks, owner, [sum(1 << c for c in h) for h in hands], draw, rng, events)

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        board: Sequence[Any] = (),
        passes: int = 0,
        replace_streak: Sequence[int] = (0, 0),
        rng: random.Random | None = None,
        **details: Any,
    ) -> CliqueState:
        """A position from card ids: `hand/<s>`, `draw` (top card last) and `cell/<i>` (a stack,
        bottom card first, on cell i = (row + R) * (2R + 1) + col + R, owned as the start
        checkerboard colours it). `board` gives stacks as the rule data's diagrams do: cells
        {at: [col, row], cards: [bottom..top], owner: seat (-1: the checkerboard's)}."""
        geo = self.geometry
        cells = {f"cell/{c}" for c in range(geo.n_cells)}
        given: dict[str, list[str]] = {name: list(cards) for name, cards in zones.items()}
        owners: dict[int, int] = {}
        for entry in board:
            cell_data = _diagram_cell(entry)
            col, row = cell_data.at
            if not geo.on_board(col, row):
                raise BadPosition(f"position: cell at column {col}, row {row} is off the board")
            cell = geo.index(col, row)
            if f"cell/{cell}" in given:
                raise BadPosition(f"position: cell at column {col}, row {row} is given twice")
            given[f"cell/{cell}"] = list(cell_data.cards)
            if cell_data.owner >= 0:
                if cell_data.owner > 1:
                    raise BadPosition(f"position: cell at column {col}, row {row}: owner {cell_data.owner} is not a seat")
                owners[cell] = cell_data.owner
        shared = ("draw", *sorted(cells))
        n_players, placed = self.place_zones(given, ("hand",), shared, details)
        if passes not in (0, 1) or current_player not in (0, 1):
            raise BadPosition("position: passes and current_player must be 0 or 1")
        stacks = [placed[f"cell/{c}"] for c in range(geo.n_cells)]
        owner = [-1 if not stack else owners.get(c, self.start_owner(geo.col(c), geo.row(c)))
                 for c, stack in enumerate(stacks)]
        hands = [sum(1 << c for c in placed[f"hand/{s}"]) for s in range(n_players)]
        state = CliqueState(self, stacks, owner, hands, placed["draw"], rng or random.Random(0), None)
        state.current_player = current_player
        state.passes = passes
        state.replace_streak = list(replace_streak)
        return state

    def describe_event(self, event: dict[str, Any]) -> str | None:
        if event.get("type") == "draw":
            count = len(event["cards"])
            return f"seat {event['seat']} draws {count} card{'s' if count > 1 else ''}"
        if event.get("type") == "shuffle":
            return f"{event['returned']} cards shuffled into the deck ({event['cards']} cards)"
        return None


def _diagram_cell(entry: Any) -> Any:
    """A board cell as the rule data's diagrams give it (a `DiagramCell`), or a mapping of its
    fields checked into one: the schema library loads only for a position given so, never
    for a game that is only played."""
    if not isinstance(entry, Mapping):
        return entry
    from deckgen.model.rules import DiagramCell

    return DiagramCell.model_validate(entry)
