"""The Clique Mystique engine: typed parameters, the board geometry and card keys, the deal of
the starting checkerboard, and positions (with the board as a detail, so that the rule data's
diagrams replay)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from pydantic import Field

from deckgen.errors import BadPosition
from deckgen.games.base import Game
from deckgen.games.clique_mystique.board import (
    Geometry,
    attribute_key,
    could_complete,
    group_tables,
)
from deckgen.games.clique_mystique.state import PASS, PLACE, REPLACE, CliqueState
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled_order
from deckgen.games.notation.clique_mystique import CliqueNotation
from deckgen.model.common import StrictModel, problem
from deckgen.model.rules import DiagramCell, GameRules

#: The attributes and how many values each must have: Cliques of 3, 4 and 5 and the Motley Crew
#: are read from them.
ATTRIBUTES: Final = (("colour", 3), ("suit", 4), ("number", 5))


class CliqueParams(StrictModel):
    #: Cells from the centre to the board's edge (3: the 7x7 board) and to the start square's.
    board_radius: int = Field(ge=2, le=6)
    start_radius: int = Field(ge=1, le=2)
    #: The most hand cards one placement puts on the board.
    max_cards_placed: int = Field(ge=1, le=5)
    #: The first player (vertical), who owns the edge middles of the start and moves first.
    first_seat: int = Field(ge=0, le=1)


class CliqueMystique(Game):
    """The Clique Mystique engine."""

    id = "clique-mystique"
    Params = CliqueParams
    grid = "square"

    def __init__(self, rules: GameRules) -> None:
        super().__init__(rules)
        params: CliqueParams = self.params
        attributes = self.deck.attributes
        counts = [len(attributes[name]) for name, _ in ATTRIBUTES]
        values = [[str(v) for v in attributes[name]] for name, _ in ATTRIBUTES]
        #: akey[card]: one bit for each of its colour, suit and number (see board.py).
        self.akey = [attribute_key(values[0].index(str(c.attrs["colour"])), values[1].index(str(c.attrs["suit"])),
                                   values[2].index(str(c.attrs["number"])), counts[0], counts[1])
                     for c in self.deck.cards]
        self.kinds, self.weights = group_tables(counts[0], counts[1], counts[2])
        self.geometry = Geometry(params.board_radius, tuple(counts))
        self.notation = CliqueNotation(self.cards.ids, params.board_radius, (PLACE, REPLACE, PASS))
        self.hand_size = int(rules.setup[2].hand_size or 0)
        self.colours, self.suits = counts[0], counts[1]
        #: The most cards one placement puts down, read per line: a plain attribute, not the model's.
        self.max_placed = params.max_cards_placed
        #: card_masks[fixed << 6 | count << 3 | size]: card_mask's memo (-1: not worked out yet), a
        #: list so that the hot loop indexes it instead of hashing.
        self.card_masks = [-1] * (len(self.kinds[counts[0]]) << 6)
        #: feasible[size][count][key]: `count` cards (0 < count < size) with that key can still
        #: be part of a Group of `size`; lists indexed by size and count (empty elsewhere).
        self.feasible: list[list[list[bool]]] = [
            [[could_complete(size, key, count, counts[0], counts[1]) for key in range(len(self.kinds[size]))]
             if size in counts and 0 < count < size else [] for count in range(size)]
            for size in range(max(counts) + 1)]

    def card_mask(self, size: int, count: int, fixed: int) -> int:
        """The cards that may join `count` top cards (keys OR-ed to `fixed`) in a line of
        `size`: those completing its Group when one card is missing, else those that keep a
        Group possible (none when the `count` cards already rule a Group out). Memoized: the same partial lines come back all game long."""
        memo_key = fixed << 6 | count << 3 | size  # as State._one_line looks it up
        found = self.card_masks[memo_key]
        if found >= 0:
            return found
        mask = 0
        table = self.kinds[size] if count == size - 1 else self.feasible[size][count + 1]
        for card, key in enumerate(self.akey):
            if table[fixed | key]:
                mask |= 1 << card
        self.card_masks[memo_key] = mask
        return mask

    def rule_problems(self) -> list[str]:
        attributes = self.deck.attributes
        problems = []
        for name, count in ATTRIBUTES:
            if len(attributes.get(name, [])) != count:
                problems.append(problem(self.rules.path, "deck",
                                        f"Groups need a {name} attribute with {count} values"))
        if self.params.start_radius >= self.params.board_radius:
            problems.append(problem(self.rules.path, "params.start_radius", "the start square must fit the board"))
        return problems

    def start_owner(self, col: int, row: int) -> int:
        """The checkerboard: the centre and the cells of its colour are the second player's."""
        first = self.params.first_seat
        return 1 - first if (col + row) % 2 == 0 else first

    def start_cells(self) -> list[int]:
        radius, geo = self.params.start_radius, self.geometry
        return [geo.index(col, row) for row in range(-radius, radius + 1) for col in range(-radius, radius + 1)]

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
        board: Sequence[DiagramCell | Mapping[str, Any]] = (),
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
            cell_data = entry if isinstance(entry, DiagramCell) else DiagramCell.model_validate(entry)
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
