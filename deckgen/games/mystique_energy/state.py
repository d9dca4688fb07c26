"""A game of Mystique Energy in progress: energy cards, hands, the draw pile, the placed cards
by cell and in placement order, and the frontier kept incrementally."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from deckgen.games.base import Move, Result, State
from deckgen.games.kit.board import Cell
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.piles import draw_card
from deckgen.games.kit.ranking import scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.games.kit.zones import hand
from deckgen.games.mystique_energy.cells import LOW, NEIGHBOURS, OFF, ORIGIN, SHIFT, cell_of, coords_of
from deckgen.games.mystique_energy.tables import EnergyTables


class EnergyState(State[Move]):
    """A game in progress: energy cards, hands (-1: none), the draw pile (top last), the
    placed cards by cell and in placement order, and the frontier."""

    is_over = False

    def __init__(self, game: EnergyTables, energy: list[int], hands: list[int], draw: list[int],
                 first: int, options: Mapping[str, Any], events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = len(energy)
        self.energy = energy
        self.hands = hands
        self.draw = draw
        self.current_player = first
        self.next_seat = next_seats(self.n_players)
        self.turns = 0
        self.events = events
        self.touching: int = game.params.touching
        self.exactly = bool(options["exactly_two"])
        #: cells[cell] = card; order, table, placers: cell, card and seat of each placement.
        self.cells: dict[int, int] = {}
        self.order: list[int] = []
        self.table: list[int] = []
        self.placers: list[int] = []
        #: front[cell]: occupied neighbours of an empty cell next to a card.
        self.front: dict[int, int] = {}
        self.exact: list[int] = []
        self.exact_at: dict[int, int] = {}
        self.more: list[int] = []
        self.more_at: dict[int, int] = {}
        self.held = sum(1 for h in hands if h >= 0)
        self.is_over = self.held == 0
        self._scores: list[int] | None = None
        #: The union-find of `largest_groups`: placements taken in, parents, root sizes, best.
        self._grouped = 0
        self._parent: dict[int, int] = {}
        self._size: dict[int, int] = {}
        self._best = [0] * len(game.key_names)
        self._present = 0
        self._edges_done = 0
        #: (cell << 4, neighbour << 4, values shared): a card and an earlier card it touches.
        self.edges: list[tuple[int, int, int]] = []

    # -- the grid ------------------------------------------------------------------------

    def place(self, cell: int, card: int, seat: int) -> None:
        """Put `card` on the empty `cell` and update the frontier and the legal cells."""
        cells = self.cells
        cells[cell] = card
        self.order.append(cell)
        self.table.append(card)
        self.placers.append(seat)
        front = self.front
        k = self.touching
        mask_of = self.game.key_mask
        mask = mask_of[card]
        count = front.pop(cell, 0)
        if count == k:
            exact, exact_at = self.exact, self.exact_at
            i = exact_at.pop(cell)
            last = exact.pop()
            if last != cell:
                exact[i] = last
                exact_at[last] = i
        elif count > k:
            more, more_at = self.more, self.more_at
            i = more_at.pop(cell)
            last = more.pop()
            if last != cell:
                more[i] = last
                more_at[last] = i
        for step in NEIGHBOURS:
            near = cell + step
            if near in cells:
                common = mask & mask_of[cells[near]]
                if common:
                    self.edges.append((cell << 4, near << 4, common))
                continue
            count = front.get(near, 0) + 1
            front[near] = count
            if count == k:
                self.exact_at[near] = len(self.exact)
                self.exact.append(near)
            elif count == k + 1:
                exact, exact_at = self.exact, self.exact_at
                i = exact_at.pop(near)
                last = exact.pop()
                if last != near:
                    exact[i] = last
                    exact_at[last] = i
                self.more_at[near] = len(self.more)
                self.more.append(near)

    def legal_cells(self) -> list[int]:
        """The cells the card in hand may go to, in the order `legal_moves` lists them."""
        placed = len(self.order)
        if not placed:
            return [ORIGIN]
        if placed < self.touching:
            return sorted(self.front)
        if self.exactly and self.exact:
            return list(self.exact)
        if self.exactly:
            return list(self.more)
        return self.exact + self.more

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        return [((c >> SHIFT) - OFF, (c & LOW) - OFF) for c in self.legal_cells()]

    def random_move(self, rng: random.Random) -> Move:
        """Uniform over `legal_moves()`, drawing the very move `legal_moves()[i]` would."""
        if len(self.order) >= self.touching and not self.exactly:
            exact = self.exact
            n_exact = len(exact)
            i = int(rng.random() * (n_exact + len(self.more)))
            cell = exact[i] if i < n_exact else self.more[i - n_exact]
        else:
            cells = self.legal_cells()
            cell = cells[int(rng.random() * len(cells))]
        return ((cell >> SHIFT) - OFF, (cell & LOW) - OFF)

    def apply(self, move: Move) -> None:
        q, r = move
        seat = self.current_player
        self.place(((q + OFF) << SHIFT) | (r + OFF), self.hands[seat], seat)
        self.turns += 1
        if self.draw:
            self.hands[seat] = draw_card(self.draw, seat, self.events, self.game.cards.ids)
        else:
            self.hands[seat] = -1
            self.held -= 1
            if not self.held:
                self.is_over = True
                if self.events is not None:
                    self.events.append(self.scoring_event())
                return
        after = self.next_seat[seat]
        while self.hands[after] < 0:
            after = self.next_seat[after]
        self.current_player = after

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """The random bot in every seat: `random_move` and `apply` in one loop."""
        rand = rng.random
        place = self.place
        hands, draw, next_seat = self.hands, self.draw, self.next_seat
        exact, more = self.exact, self.more
        while not self.is_over and self.turns < turn_cap:
            if len(self.order) < self.touching or self.exactly or self.events is not None:
                self.apply(self.random_move(rng))
                continue
            n_exact = len(exact)
            i = int(rand() * (n_exact + len(more)))
            cell = exact[i] if i < n_exact else more[i - n_exact]
            seat = self.current_player
            place(cell, hands[seat], seat)
            self.turns += 1
            if draw:
                hands[seat] = draw.pop()
            else:
                hands[seat] = -1
                self.held -= 1
                if not self.held:
                    self.is_over = True
                    return
            after = next_seat[seat]
            while hands[after] < 0:
                after = next_seat[after]
            self.current_player = after

    # -- scoring -------------------------------------------------------------------------

    def largest_groups(self) -> list[int]:
        """best[key]: the size of the largest connected group of placed cards with that value
        (keys: colours, then suits, then numbers, as `game.key_names` names them). Kept by a
        union-find over (cell, value) nodes that takes in the placements made since the last
        call, so standings read before every move stay cheap."""
        if self._grouped < len(self.order):
            self._take_in_placements()
        return list(self._best)

    def _take_in_placements(self) -> None:
        """Join the groups along the shared-value edges `place` recorded since the last call:
        a union-find over (cell, value) nodes, a node missing from `_parent` being a root and
        one missing from `_size` a group of 1."""
        parent, size, best, edges = self._parent, self._size, self._best, self.edges
        for number in range(self._edges_done, len(edges)):
            cell, near, common = edges[number]
            while common:
                low = common & -common
                common ^= low
                key = low.bit_length() - 1
                mine = cell | key
                while mine in parent:
                    mine = parent[mine]
                theirs = near | key
                while theirs in parent:
                    theirs = parent[theirs]
                if mine != theirs:
                    big, small = size.get(mine, 1), size.get(theirs, 1)
                    if big < small:
                        mine, theirs, big, small = theirs, mine, small, big
                    parent[theirs] = mine
                    big += small
                    size[mine] = big
                    best[key] = max(best[key], big)
        self._edges_done = len(edges)
        present = self._present
        mask_of, table = self.game.key_mask, self.table
        for number in range(self._grouped, len(table)):
            present |= mask_of[table[number]]
        self._present = present
        for key in range(len(best)):
            if not best[key] and present >> key & 1:
                best[key] = 1
        self._grouped = len(table)

    def seat_groups(self, best: list[int] | None = None) -> list[list[int]]:
        """Per seat: the largest groups of its energy card's colour, suit and number."""
        best = best if best is not None else self.largest_groups()
        keys = self.game.keys
        return [[best[k] for k in keys[e]] for e in self.energy]

    def scores(self) -> list[int]:
        """Each seat's product (every factor at least 1; always so once the game is over)."""
        if self._scores is not None:
            return self._scores
        if self._grouped < len(self.order):
            self._take_in_placements()
        best, keys = self._best, self.game.keys
        scores = []
        for energy in self.energy:
            colour, suit, number = keys[energy]
            scores.append((best[colour] or 1) * (best[suit] or 1) * (best[number] or 1))
        if self.is_over:
            self._scores = scores
        return scores

    def standing(self) -> list[float]:
        """Minus each seat's product so far: higher stands better."""
        return [-float(score) for score in self.scores()]

    def last_placements(self) -> list[int]:
        """The placement number of each seat's latest card (-1: none yet)."""
        last = [-1] * self.n_players
        for number, seat in enumerate(self.placers):
            last[seat] = number
        return last

    def result(self) -> Result:
        earlier_last = [-float(n) for n in self.last_placements()]
        return scored_result(self.is_over, [float(s) for s in self.scores()], self.turns, self.counters,
                             highest_wins=False, tie_break=earlier_last)

    def extent(self) -> int:
        """The greatest hex distance between two placed cards (0 for one card or none): the
        widest spread along q, r or q + r (cells sort by q first, so q needs no list)."""
        order = self.order
        if not order:
            return 0
        rs = [c & LOW for c in order]
        ss = [(c >> SHIFT) + (c & LOW) for c in order]
        return max((max(order) >> SHIFT) - (min(order) >> SHIFT), max(rs) - min(rs), max(ss) - min(ss))

    @property
    def counters(self) -> dict[str, int]:
        counts = {"score_spread": 0, "grid_extent": self.extent(), "winner_score": 0}
        if self.is_over:
            scores = self.scores()
            counts["score_spread"] = max(scores) - min(scores)
            counts["winner_score"] = min(scores)
        return counts

    def scoring_event(self) -> dict[str, Any]:
        ids = self.game.cards.ids
        return {"type": "scoring", "energy": [ids[e] for e in self.energy], "groups": self.seat_groups(),
                "scores": self.scores()}

    # -- what seats see ------------------------------------------------------------------

    def grid(self) -> list[dict[str, Any]]:
        """The placed cards as `{"at": [q, r], "cards": [card]}` in placement order: the shape
        of a diagram's cells, and what `position(..., grid=...)` takes."""
        ids = self.game.cards.ids
        return [{"at": list(coords_of(cell)), "cards": [ids[card]]} for cell, card in zip(self.order, self.table)]

    def board_cells(self) -> list[Cell]:
        ids = self.game.cards.ids
        return [Cell(*coords_of(cell), ids[card]) for cell, card in zip(self.order, self.table)]

    def observation(self, player: int) -> dict[str, Any]:
        ids = self.game.cards.ids
        hand = self.hands[player]
        seen = {
            "seat": player,
            "energy": ids[self.energy[player]],
            "energies": [ids[e] if self.is_over or s == player else None for s, e in enumerate(self.energy)],
            "hand": ids[hand] if hand >= 0 else None,
            "holding": [h >= 0 for h in self.hands],
            "draw_size": len(self.draw),
            "grid": self.grid(),
            "placed_by": list(self.placers),
            "current_player": self.current_player,
            "over": self.is_over,
        }
        if self.is_over:
            seen["scores"] = self.scores()
        return seen

    def card_zones(self) -> dict[str, list[str]]:
        """Energy cards, hands, the draw pile (top last) and the table: the placed cards in
        placement order (`grid()` says where each lies)."""
        ids = self.game.cards.ids
        zones = {f"energy/{s}": [ids[e]] for s, e in enumerate(self.energy)}
        zones.update({hand(s): [ids[h]] if h >= 0 else [] for s, h in enumerate(self.hands)})
        zones["draw"] = [ids[c] for c in self.draw]
        zones["table"] = [ids[c] for c in self.table]
        return zones

    def hidden_zones(self, player: int) -> list[str]:
        """The draw pile, the other hands, and the other energy cards until the scoring."""
        others = [s for s in range(self.n_players) if s != player]
        energy = [] if self.is_over else [f"energy/{s}" for s in others]
        return ["draw", *[hand(s) for s in others], *energy]

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        index = self.game.cards.index
        for name, card_ids in zones.items():
            cards = [index[c] for c in card_ids]
            kind, _, seat = name.partition("/")
            if kind == "draw":
                self.draw[:] = cards
            elif kind == "energy":
                self.energy[int(seat)] = cards[0]
            elif kind == "hand" and cards:
                self.hands[int(seat)] = cards[0]
        self._scores = None

    def shared_parts(self) -> tuple[object, ...]:
        return (self.game, self.next_seat)

    def clone(self) -> EnergyState:
        """A copy for search: its own cards, grid and scoring caches (flat containers of ints and
        tuples), the game shared. The default deep copy took about 8 ms, a playout's budget forty times."""
        twin = copy.copy(self)
        twin.energy, twin.hands, twin.draw = self.energy[:], self.hands[:], self.draw[:]
        twin.cells, twin.front = dict(self.cells), dict(self.front)
        twin.exact_at, twin.more_at = dict(self.exact_at), dict(self.more_at)
        twin.order, twin.table, twin.placers = self.order[:], self.table[:], self.placers[:]
        twin.exact, twin.more, twin.edges, twin._best = self.exact[:], self.more[:], self.edges[:], self._best[:]
        twin._parent, twin._size = dict(self._parent), dict(self._size)
        twin._scores = None if self._scores is None else self._scores[:]
        twin.events = None
        return twin

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        q, r = move
        seat = self.current_player
        text = f"seat {seat} places the {self.game.cards.names[self.hands[seat]]} at ({q}, {r})"
        if not self.order:
            return text + ", the first card"
        touched = sum(1 for step in NEIGHBOURS if cell_of(q, r) + step in self.cells)
        return text + f", touching {touched}"
