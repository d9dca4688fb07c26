"""The Mystique Energy engine: new games, positions (with the grid as a detail, so that the
rule data's diagrams replay) and the scoring in words, on the tables of `tables`; registered
by the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckgen.errors import BadPosition
from deckgen.games.kit.chance import deal_event, shuffled_order
from deckgen.games.kit.zones import hand
from deckgen.games.mystique_energy.cells import LIMIT, cell_of
from deckgen.games.mystique_energy.state import EnergyState
from deckgen.games.mystique_energy.tables import EnergyTables


class MystiqueEnergy(EnergyTables):
    """The Mystique Energy engine: deals new games and sets up positions."""

    id = "mystique-energy"

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """The scoring, seat by seat: the energy card revealed and its three groups."""
        if event.get("type") != "scoring":
            return None
        names = self.cards.names
        parts = []
        for seat, (card, groups, score) in enumerate(zip(event["energy"], event["groups"], event["scores"])):
            factors = " x ".join(str(max(1, g)) for g in groups)
            parts.append(f"seat {seat} ({names[self.cards.index_of(card)]}) {factors} = {score}")
        return "scoring: " + "; ".join(parts)

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> EnergyState:
        self.check_players(n_players)
        draw = shuffled_order(self.cards.size, rng)
        energy = [draw.pop() for _ in range(n_players)]
        hands = [draw.pop() for _ in range(n_players)]
        events: list[dict[str, Any]] | None = None
        if record:
            events = [deal_event(self.cards, [[h] for h in hands], energy=self.cards.ids_of(energy))]
        return EnergyState(self, energy, hands, draw, self.params.first_seat % n_players, options, events)

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        grid: Sequence[Any] | None = None,
        placed_by: Sequence[int] | None = None,
        **details: Any,
    ) -> EnergyState:
        """A position from card ids: `energy/<s>` (one card each), `hand/<s>` (one card, or
        none once the draw pile is empty), `draw` (top last) and `table`. `grid` lists the
        placed cards in placement order as diagram cells (`{"at": [q, r], "cards": [card]}`
        or `DiagramCell`s); the table zone, if given, must list the same cards in that order.
        Every placement is checked as the rules allow it (the first anywhere, the second next
        to it, each later one touching `touching` earlier cards). `placed_by` gives who placed
        each card; by default the seats took turns from `first_seat`."""
        cells = [_cell_at(cell) for cell in grid or []]
        placed_ids = [card for _, _, card in cells]
        if grid is not None:
            if zones.get("table") and list(zones["table"]) != placed_ids:
                raise BadPosition("position: the table zone must list the grid's cards in placement order")
            zones = {**zones, "table": placed_ids}
        elif zones.get("table"):
            raise BadPosition("position: cards on the table need their cells (grid=[{'at': [q, r], 'cards': [card]}, ...])")
        n_players, placed = self.place_zones(zones, ("energy", "hand"), ("draw", "table"), details)
        if any(len(placed[f"energy/{s}"]) != 1 for s in range(n_players)):
            raise BadPosition("position: every seat keeps exactly one energy card")
        if any(len(placed[hand(s)]) > 1 for s in range(n_players)):
            raise BadPosition("position: a seat holds at most one playing card")
        hands = [placed[hand(s)][0] if placed[hand(s)] else -1 for s in range(n_players)]
        if placed["draw"] and min(hands) < 0:
            raise BadPosition("position: every seat holds a playing card while the draw pile has cards")
        seats = list(placed_by) if placed_by is not None else [
            (self.params.first_seat + i) % n_players for i in range(len(cells))]
        if len(seats) != len(cells) or any(not 0 <= s < n_players for s in seats):
            raise BadPosition("position: placed_by needs one seat of the table per placed card")
        state = EnergyState(self, [placed[f"energy/{s}"][0] for s in range(n_players)], hands, placed["draw"],
                            current_player, self.rules.resolve_options(options), None)
        for number, ((q, r, _), card, seat) in enumerate(zip(cells, placed["table"], seats)):
            if max(abs(q), abs(r)) > LIMIT:
                raise BadPosition(f"position: cell ({q}, {r}) is beyond {LIMIT} cells from (0, 0)")
            cell = cell_of(q, r)
            if cell in state.cells:
                raise BadPosition(f"position: placement {number + 1} at ({q}, {r}) is on a card")
            if number and state.front.get(cell, 0) < min(number, state.touching):
                raise BadPosition(f"position: placement {number + 1} at ({q}, {r}) does not touch "
                                  f"{min(number, state.touching)} earlier cards")
            state.place(cell, card, seat)
        state.turns = len(cells)
        if not state.is_over and (not 0 <= current_player < n_players or hands[current_player] < 0):
            raise BadPosition(f"position: seat {current_player} holds no card to place")
        return state


def _cell_at(cell: Any) -> tuple[int, int, str]:
    """(q, r, card) of a diagram cell, given as a mapping or as a `DiagramCell`."""
    at = cell["at"] if isinstance(cell, Mapping) else cell.at
    cards = cell["cards"] if isinstance(cell, Mapping) else cell.cards
    if len(at) != 2 or len(cards) != 1:
        raise BadPosition(f"position: a grid cell is one card at [q, r], not {cell!r}")
    return int(at[0]), int(at[1]), str(cards[0])
