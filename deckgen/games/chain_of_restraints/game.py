"""The Chain of Restraints engine: new games, positions (with the grid as a detail, so that
the rule data's diagrams replay) and its events in words, on the tables of `tables`;
registered by the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckgen.errors import BadPosition
from deckgen.games.chain_of_restraints.state import RestraintsState
from deckgen.games.chain_of_restraints.tables import RestraintsTables
from deckgen.games.kit import chance
from deckgen.games.kit.zones import hand


class ChainOfRestraints(RestraintsTables):
    """The Chain of Restraints engine: deals new games and sets up positions."""

    id = "chain-of-restraints"

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """Shown hands, passes, new hands, the winning line and the empty deck, in words."""
        kind = event.get("type")
        names = self.cards.names
        if kind == "show":
            shown = ", ".join(names[self.cards.index_of(c)] for c in event["cards"])
            return f"seat {event['seat']} cannot play and shows the hand: {shown}"
        if kind == "pass":
            if event["returned"]:
                return "every hand goes back to its owner"
            return "every player passes the hand to the right"
        if kind == "redraw":
            return f"seat {event['seat']} discards the hand and draws a new one"
        if kind == "four":
            cells = ", ".join(f"({c}, {r})" for c, r in event["cells"])
            return f"seat {event['seat']} completes a line of one {' and one '.join(event['attributes'])}: {cells}"
        if kind == "deck_out":
            return "the deck cannot serve a draw: the game is drawn"
        return None

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> RestraintsState:
        self.check_players(n_players)
        size = self.rules.setup[n_players].hand_size or 0
        draw = chance.shuffled_order(self.cards.size, rng)
        dealt = chance.deal_hands(draw, n_players, size)
        events = [chance.deal_event(self.cards, dealt)] if record else None
        return RestraintsState(self, [sum(1 << c for c in h) for h in dealt], draw, size,
                               bool(options["draw_when_empty_immediately"]), events)

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        grid: Sequence[Any] | None = None,
        previous: str | None = None,
        **details: Any,
    ) -> RestraintsState:
        """A position from card ids: `hand/<s>`, `draw` and `discard` (top cards last), and
        `table`. `grid` places the table's cards: stacks as `{"at": [col, row], "cards":
        [bottom .. top]}` (a diagram's cells, or `RestraintsState.grid()`); the table zone may
        then be left out. `previous` is the card played last (a top card), which restrains
        the next one; without it the next card is free. A player to move with no playable
        card passes hands or draws new ones at once, as in play."""
        stacks = [_stack_of(item) for item in grid or ()]
        from_grid = [card for _, cards in stacks for card in cards]
        zones = dict(zones)
        if "table" in zones and sorted(zones["table"]) != sorted(from_grid):
            raise BadPosition("position: the table zone must hold exactly the cards of the grid detail")
        zones["table"] = from_grid
        n_players, placed = self.place_zones(zones, ("hand",), ("draw", "discard", "table"), details)
        if not 0 <= current_player < n_players:
            raise BadPosition(f"position: no seat {current_player} among {n_players} players")
        resolved = self.rules.resolve_options(options)
        state = RestraintsState(self, [sum(1 << c for c in placed[hand(s)]) for s in range(n_players)],
                                placed["draw"], self.rules.setup[n_players].hand_size or 0,
                                bool(resolved["draw_when_empty_immediately"]), None)
        state.discard = placed["discard"]
        state.current_player = current_player
        if stacks:
            cols = [at[0] for at, _ in stacks]
            rows = [at[1] for at, _ in stacks]
            span = self.grid_side - 1
            if max(cols) - min(cols) > span or max(rows) - min(rows) > span:
                raise BadPosition(f"position: the grid must fit in {self.grid_side} x {self.grid_side} cells")
            if len({at for at, _ in stacks}) < len(stacks):
                raise BadPosition("position: two stacks on one cell")
            state.ocol, state.orow = max(cols) - span, max(rows) - span
            side = self.side
            state.colof = [state.ocol + c % side for c in range(side * side)]
            state.rowof = [state.orow + c // side for c in range(side * side)]
            for (col, row), cards in stacks:
                cell = state.cell_of(col, row)
                state.stacks[cell] = self.cards.indices(cards)
                state.cellfeat[cell] = self.feat[state.stacks[cell][-1]]
                state.table_mask |= self.cards.mask_of(cards)
                state.new_cell(cell)
        if previous is not None:
            card = self.cards.index_of(previous)
            if not any(cards[-1] == previous for _, cards in stacks):
                raise BadPosition(f"position: the previous card {previous!r} is not a top card of the grid")
            state.previous = card
            state.restraint = self.allowed[card]
        if state.hands[current_player] and not state.hands[current_player] & state.restraint:
            state.no_legal_card()
        return state


def _stack_of(item: Any) -> tuple[tuple[int, int], list[str]]:
    """A stack of the grid detail: a mapping or an object with `at` and `cards`."""
    at, cards = (item["at"], item["cards"]) if isinstance(item, Mapping) else (item.at, item.cards)
    if len(at) != 2 or not cards:
        raise BadPosition(f"position: a stack needs a cell [col, row] and cards, not {item!r}")
    return (int(at[0]), int(at[1])), [str(c) for c in cards]
