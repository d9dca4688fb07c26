"""A Clique Mystique game in progress.

Stacks are lists of card ints (bottom first) per cell; `top`, `height` and `owner` per cell and
the masks `own[seat]` keep what Groups and moves read. Hands are bit masks over the cards and
the deck is a list with its top card last. Moves (see the package docstring):

- `(PLACE, cell, card, ...)`: 1-3 (cell, card) pairs, cells ascending;
- `(REPLACE, card, ...)`: the hand cards set aside, ascending;
- `PASS_MOVE`.
"""

from __future__ import annotations

import copy
import random
from itertools import combinations, permutations
from typing import Any, Final

from deckgen.games.base import Move, Result, State
from deckgen.games.clique_mystique.board import KIND_COUNTERS, KIND_NAMES
from deckgen.games.clique_mystique.moves import PASS, PASS_MOVE, PLACE, REPLACE, placed_cells
from deckgen.games.clique_mystique.tables import CliqueTables
from deckgen.games.kit.board import Cell
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import shuffle_in_place
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.ranking import scored_result

#: Where a placement can go: (cells to fill, line size, key of the other top cards, cards that
#: may go there: those completing the Group when one cell is filled).
Slot = tuple[tuple[int, ...], int, int, int]
#: A line a placement may turn stacks in: (its Group table, key of its unplaced cells, its
#: placed cells, its opponent stacks).
LineCheck = tuple[list[int], int, int, int]
NO_SLOTS: Final[tuple[Slot, ...]] = ()


class CliqueState(State):
    """The board, hands, deck and the run of passes."""

    is_over = False

    def __init__(self, game: CliqueTables, stacks: list[list[int]], owner: list[int], hands: list[int],
                 draw: list[int], rng: random.Random, events: list[dict[str, Any]] | None) -> None:
        self.game = game
        geo = game.geometry
        self.n_players = 2
        self.stacks = stacks
        self.owner = owner
        self.top = [stack[-1] if stack else -1 for stack in stacks]
        self.own = [sum(1 << c for c in range(geo.n_cells) if owner[c] == seat) for seat in (0, 1)]
        self.hands = hands
        self.draw = draw
        self.rng = rng
        self.events = events
        self.current_player = game.params.first_seat
        self.turns = 0
        #: Consecutive passes (two end the game), and each seat's run of replacements.
        self.passes = 0
        self.replace_streak = [0, 0]
        self.is_over = False
        self.placed_groups = [0] * len(KIND_NAMES)
        self.placements_made = 0
        self.stacks_rotated = 0
        self.replacements = 0
        self.pass_count = 0
        self._placements: list[Move] | None = None
        #: Per seat, kept until the board changes: the slots, and the line checks by placed cells.
        self._slots: list[list[Slot] | None] = [None, None]
        #: Per seat: the slots of each line (None: not a candidate line), and whether each line
        #: is to be worked out again (flags, not a mask over the 268 lines: no long-int arithmetic).
        n_lines = len(geo.lines)
        self._line_slots: list[list[tuple[Slot, ...] | None]] = [[None] * n_lines for _ in (0, 1)]
        self._dirty = [[True] * n_lines for _ in (0, 1)]
        self._checks: list[dict[int, list[LineCheck]]] = [{}, {}]
        #: Scratch: the top card keys of a line's own stacks, by position (see _one_line).
        self._keys = [0] * max(len(cells) for cells in geo.lines)

    # -- legal moves -------------------------------------------------------------------

    def slots(self, seat: int) -> list[Slot]:
        """Where `seat` could place, from the candidate lines (a stack of each player and at
        most three empty cells): the cells to fill (the empty ones, and perhaps some own stacks
        to cover, never all of them: condition (1)), the line's size, the other top cards' key
        and the cards that may go there. A line's slots depend on its cells only, so only the
        lines through cells changed since the seat's last look are worked out again."""
        cached = self._slots[seat]
        if cached is not None:
            return cached
        per_line = self._line_slots[seat]
        dirty = self._dirty[seat]
        masks = self.game.geometry.line_masks
        mine, theirs = self.own[seat], self.own[1 - seat]
        found: list[Slot] = []
        for number in range(len(per_line)):
            if dirty[number]:
                dirty[number] = False
                mask = masks[number]
                per_line[number] = self._one_line(number, mine, theirs) if mask & mine and mask & theirs else None
            slots = per_line[number]
            if slots:
                found.extend(slots)
        self._slots[seat] = found
        return found

    def _one_line(self, number: int, mine: int, theirs: int) -> tuple[Slot, ...] | None:
        """The slots of one line holding stacks of both players; None when no placement can
        ever make it a qualifying Group as it stands (too many gaps, or the opponent's cards
        in it already rule a Group out). Works on the line's positions (bit j: its cell j,
        cells ascending), which keeps every mask a short int and enumerates the own stacks to
        cover in the order of the board's cells."""
        game = self.game
        cells = game.geometry.lines[number]
        size = len(cells)
        akey, top, keys = game.akey, self.top, self._keys
        empty, owned, gaps = 0, 0, 0
        theirs_key, theirs_count = 0, 0
        for j in range(size):
            c = cells[j]
            if mine >> c & 1:
                owned |= 1 << j
                keys[j] = akey[top[c]]
            elif theirs >> c & 1:
                theirs_key |= akey[top[c]]
                theirs_count += 1
            else:
                empty |= 1 << j
                gaps += 1
        most = game.max_placed
        if gaps > most:
            return None
        if not game.feasible[size][theirs_count][theirs_key]:
            return None  # the opponent's cards, which stay, already rule a Group out
        if not (empty or owned & (owned - 1)):
            return NO_SLOTS  # nothing to place without covering the one own stack
        memo, subsets = game.card_masks, game.geometry.subsets[number]
        found: list[Slot] = []
        cover = (owned - 1) & owned  # every proper subset of the own stacks: (1) keeps one
        while True:
            chosen = empty | cover
            fixed, filling = theirs_key, 0
            for j in range(size):
                if chosen >> j & 1:
                    filling += 1
                elif owned >> j & 1:
                    fixed |= keys[j]
            if 0 < filling <= most:
                cards = memo[fixed << 6 | (size - filling) << 3 | size]
                if cards < 0:
                    cards = game.card_mask(size, size - filling, fixed)
                if cards:
                    found.append((subsets[chosen], size, fixed, cards))
            if not cover:
                break
            cover = (cover - 1) & owned
        return tuple(found) if found else NO_SLOTS

    def placements(self) -> list[Move]:
        """Every legal placement: for each slot, the hand cards that complete its Group, on
        its cells in every order; each (cell, card) set once, however many lines give it."""
        if self._placements is not None:
            return self._placements
        me = self.current_player
        hand = self.hands[me]
        found: dict[Move, None] = {}
        if hand:
            game = self.game
            akey = game.akey
            for chosen, size, fixed, cards in self.slots(me):
                hits = cards & hand
                if not hits:
                    continue
                if len(chosen) == 1:
                    cell = chosen[0]
                    for card in bits_of(hits):
                        found[(PLACE, cell, card)] = None
                    continue
                if hits.bit_count() < len(chosen):
                    continue
                table = game.kinds[size]
                picks = bits_of(hits)
                for combo in combinations(picks, len(chosen)):
                    key = fixed
                    for card in combo:
                        key |= akey[card]
                    if not table[key]:
                        continue
                    for order in permutations(combo):
                        move = [PLACE]
                        for cell, card in zip(chosen, order):
                            move.append(cell)
                            move.append(card)
                        found[tuple(move)] = None
        self._placements = list(found)
        return self._placements

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        moves = list(self.placements())
        hand = bits_of(self.hands[self.current_player])
        for subset in range(1, 1 << len(hand)):
            moves.append((REPLACE, *[card for j, card in enumerate(hand) if subset >> j & 1]))
        moves.append(PASS_MOVE)
        return moves

    def random_move(self, rng: random.Random) -> Move:
        """`legal_moves()[i]` for a uniform i, without building the replacements."""
        placements = self.placements()
        hand = bits_of(self.hands[self.current_player])
        replacements = (1 << len(hand)) - 1
        i = int(rng.random() * (len(placements) + replacements + 1))
        if i < len(placements):
            return placements[i]
        subset = i - len(placements) + 1
        if subset > replacements:
            return PASS_MOVE
        return (REPLACE, *[card for j, card in enumerate(hand) if subset >> j & 1])

    # -- applying moves ----------------------------------------------------------------

    def apply(self, move: Move) -> None:
        seat = self.current_player
        self.turns += 1
        self._placements = None
        code = move[0]
        if code == PLACE:
            self.passes = 0
            self.replace_streak[seat] = 0
            self._place(seat, move)
        elif code == REPLACE:
            self.passes = 0
            self.replace_streak[seat] += 1
            self._replace(seat, move[1:])
        else:
            self.passes += 1
            self.replace_streak[seat] = 0
            self.pass_count += 1
            if self.passes >= 2:
                self.is_over = True
                return
        self.current_player = 1 - seat

    def line_checks(self, seat: int, placed: int) -> list[LineCheck]:
        """The lines that could turn stacks when `seat` places on the `placed` cells: through a
        placed cell, all occupied afterwards, holding a stack `seat` owns now and does not
        cover and a stack of the opponent. Each with its Group table, the key of its cards not
        covered, its placed cells and its opponent stacks. Kept until the next placement."""
        cache = self._checks[seat]
        found = cache.get(placed)
        if found is not None:
            return found
        game, geo = self.game, self.game.geometry
        theirs = self.own[1 - seat]
        occupied = self.own[seat] | theirs | placed
        earlier = self.own[seat] & ~placed
        akey, top, lines, masks = game.akey, self.top, geo.lines, geo.line_masks
        self.slots(seat)  # the candidate lines: a stack of each player, few gaps, a Group possible
        candidates = self._line_slots[seat]
        numbers: list[int]
        if placed & (placed - 1):  # lines through any placed cell, each once, in line order
            numbers = sorted({number for cell in bits_of(placed) for number in geo.through[cell]})
        else:
            numbers = geo.through[placed.bit_length() - 1]
        found = []
        for number in numbers:
            if candidates[number] is None:
                continue
            mask = masks[number]
            if mask & ~occupied or not mask & earlier:
                continue
            fixed = 0
            cells = lines[number]
            for c in cells:
                if not placed >> c & 1:
                    fixed |= akey[top[c]]
            found.append((game.kinds[len(cells)], fixed, mask & placed, mask & theirs))
        cache[placed] = found
        return found

    def outcome(self, move: Move) -> tuple[int, list[int]]:
        """What a placement by the current player turns (a mask of cells) and the kinds of
        the Groups that qualify: every line through a placed cell that forms a Group after
        the placement, before anything turns, and meets conditions (1) and (2)."""
        puts: tuple[int, ...] = move
        rotate = 0
        kinds: list[int] = []
        for table, fixed, in_line, theirs in self.line_checks(self.current_player, placed_cells(puts)):
            kind = table[self._line_key(puts, fixed, in_line)]
            if kind:
                kinds.append(kind)
                rotate |= theirs
        return rotate, kinds

    def placement_gains(self) -> list[int]:
        """Per legal placement, in the order of placements(), the cards it turns to the mover
        (every card of each stack it turns): what a bot weighing placements reads, worked out
        here, in the compiled engine, rather than move by move through outcome()."""
        seat = self.current_player
        stacks = self.stacks
        gains: list[int] = []
        last = -1
        checks: list[LineCheck] = []
        for move in self.placements():
            puts: tuple[int, ...] = move
            placed = placed_cells(puts)
            if placed != last:  # a slot's moves come together: one look-up for them all
                last, checks = placed, self.line_checks(seat, placed)
            rotate = 0
            for table, fixed, in_line, theirs in checks:
                if rotate & theirs != theirs and table[self._line_key(puts, fixed, in_line)]:
                    rotate |= theirs
            turned = 0
            while rotate:
                low = rotate & -rotate
                rotate ^= low
                turned += len(stacks[low.bit_length() - 1])
            gains.append(turned)
        return gains

    def _line_key(self, puts: tuple[int, ...], fixed: int, in_line: int) -> int:
        """The key of a line's top cards after a placement: `fixed` (its cards not covered)
        and the cards placed on its cells `in_line`."""
        akey = self.game.akey
        key = fixed
        for j in range(1, len(puts), 2):
            if in_line >> puts[j] & 1:
                key |= akey[puts[j + 1]]
        return key

    def _place(self, seat: int, move: Move) -> None:
        rotate, kinds = self.outcome(move)
        placed = claimed = 0
        stacks, top, owner = self.stacks, self.top, self.owner
        for j in range(1, len(move), 2):
            cell, card = move[j], move[j + 1]
            self.hands[seat] ^= 1 << card
            stacks[cell].append(card)
            top[cell] = card
            placed |= 1 << cell
            if owner[cell] < 0:
                owner[cell] = seat
                self.own[seat] |= 1 << cell
                claimed |= 1 << cell
        if self.events is not None:  # ownership: new stacks claimed, the opponent's turned
            self.events.append({"type": "owners", "seat": seat, "claimed": bits_of(claimed),
                                "rotated": bits_of(rotate), "groups": [KIND_NAMES[k] for k in kinds]})
        for kind in kinds:
            self.placed_groups[kind] += 1
        self.placements_made += 1
        self.stacks_rotated += rotate.bit_count()
        self.own[1 - seat] &= ~rotate
        self.own[seat] |= rotate
        for cell in bits_of(rotate):
            owner[cell] = seat
        self._slots = [None, None]
        self._checks = [{}, {}]
        through = self.game.geometry.through
        dirty, other = self._dirty
        for cell in bits_of(placed | rotate):
            for number in through[cell]:
                dirty[number] = True
                other[number] = True
        self._draw(seat, self.game.hand_size - self.hands[seat].bit_count())

    def _draw(self, seat: int, count: int) -> None:
        count = min(count, len(self.draw))
        if count <= 0:
            return
        drawn = self.draw[-count:]
        del self.draw[-count:]
        for card in drawn:
            self.hands[seat] |= 1 << card
        if self.events is not None:
            self.events.append({"type": "draw", "seat": seat, "cards": self.game.cards.ids_of(drawn)})

    def _replace(self, seat: int, cards: Move) -> None:
        for card in cards:
            self.hands[seat] ^= 1 << card
        self._draw(seat, len(cards))
        self.draw.extend(cards)
        shuffle_in_place(self.draw, self.rng)
        self.replacements += 1
        if self.events is not None:
            self.events.append({"type": "shuffle", "seat": seat, "returned": len(cards), "cards": len(self.draw)})

    # -- scoring -----------------------------------------------------------------------

    def owned_cards(self, seat: int) -> int:
        return sum(len(self.stacks[c]) for c in bits_of(self.own[seat]))

    def scores(self) -> list[int]:
        """Cards in the stacks a seat owns minus the cards in its hand."""
        return [self.owned_cards(s) - self.hands[s].bit_count() for s in (0, 1)]

    def tie_breaks(self) -> list[int]:
        """Per seat: for every Group on the board whose stacks all belong to it, the cards in
        those stacks, twice for a Clique with two constant attributes."""
        game, geo = self.game, self.game.geometry
        counts = [0, 0]
        akey, top, stacks = game.akey, self.top, self.stacks
        for number, mask in enumerate(geo.line_masks):
            for seat in (0, 1):
                if mask & ~self.own[seat]:
                    continue
                cells = geo.lines[number]
                key = 0
                for c in cells:
                    key |= akey[top[c]]
                weight = game.weights[len(cells)][key]
                if weight:
                    counts[seat] += weight * sum(len(stacks[c]) for c in cells)
        return counts

    def standing(self) -> list[float]:
        """Cards in owned stacks minus cards in hand, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(s) for s in self.scores()]

    def result(self) -> Result:
        scores = self.scores()
        return scored_result(self.is_over, [float(s) for s in scores], self.turns, self.counters,
                             tie_break=[float(t) for t in self.tie_breaks()])

    @property
    def counters(self) -> dict[str, int]:
        counts = {KIND_COUNTERS[kind]: self.placed_groups[kind] for kind in range(1, len(KIND_NAMES))}
        counts.update(placements=self.placements_made, stacks_rotated=self.stacks_rotated,
                      replacements=self.replacements, passes=self.pass_count)
        return counts

    # -- search: copies and determinizations -------------------------------------------

    def shared_parts(self) -> tuple[object, ...]:
        return (self.game,)

    def _twin(self) -> CliqueState:
        """A copy with its own board, hands and deck, sharing the random source."""
        twin = copy.copy(self)
        twin.stacks = [stack[:] for stack in self.stacks]
        twin.top = self.top[:]
        twin.owner = self.owner[:]
        twin.own = self.own[:]
        twin.hands = self.hands[:]
        twin.draw = self.draw[:]
        twin.replace_streak = self.replace_streak[:]
        twin.placed_groups = self.placed_groups[:]
        twin.events = None
        twin._slots = self._slots[:]
        twin._line_slots = [self._line_slots[0][:], self._line_slots[1][:]]
        twin._dirty = [self._dirty[0][:], self._dirty[1][:]]
        twin._checks = [{}, {}]
        return twin

    def clone(self) -> CliqueState:
        twin = self._twin()
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def determinize(self, seat: int, rng: random.Random) -> CliqueState:
        """The other hand and the deck dealt again among themselves, each keeping its size."""
        twin = self._twin()
        other = 1 - seat
        pool = self.draw + bits_of(self.hands[other])
        shuffle_in_place(pool, rng)
        count = self.hands[other].bit_count()
        twin.hands[other] = sum(1 << c for c in pool[:count])
        twin.draw = pool[count:]
        twin.rng = rng
        twin._placements = None
        return twin

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        index = self.game.cards.index
        for name, cards in zones.items():
            ints = [index[c] for c in cards]
            if name == "draw":
                self.draw = ints
            else:
                self.hands[int(name.split("/")[1])] = sum(1 << c for c in ints)
        self._placements = None

    # -- what seats see ----------------------------------------------------------------

    def board(self) -> list[dict[str, Any]]:
        """The stacks as the rule data's diagrams write them: at [col, row], cards bottom to
        top, owner."""
        geo, ids = self.game.geometry, self.game.cards.ids
        return [{"at": [geo.col(c), geo.row(c)], "cards": [ids[x] for x in stack], "owner": self.owner[c]}
                for c, stack in enumerate(self.stacks) if stack]

    def board_cells(self) -> list[Cell]:
        geo, ids = self.game.geometry, self.game.cards.ids
        return [Cell(geo.col(c), geo.row(c), card=ids[stack[-1]], height=len(stack), owner=self.owner[c])
                for c, stack in enumerate(self.stacks) if stack]

    def observation(self, player: int) -> dict[str, Any]:
        return {
            "seat": player,
            "hand": self.game.cards.ids_of_mask(self.hands[player]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "draw_size": len(self.draw),
            "board": self.board(),
            "current_player": self.current_player,
            "passes": self.passes,
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        ids = self.game.cards.ids
        zones = {f"hand/{s}": self.game.cards.ids_of_mask(h) for s, h in enumerate(self.hands)}
        zones["draw"] = [ids[c] for c in self.draw]
        for cell, stack in enumerate(self.stacks):
            if stack:
                zones[f"cell/{cell}"] = [ids[c] for c in stack]
        return zones

    def hidden_zones(self, player: int) -> list[str]:
        """The other hand and the deck; every stack, covered cards included, is public."""
        return [f"hand/{1 - player}", "draw"]

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        names = self.game.cards.names
        if move[0] == PASS:
            return f"seat {seat} passes"
        if move[0] == REPLACE:
            return f"seat {seat} replaces {len(move) - 1} card{'s' if len(move) > 2 else ''}: " + ", ".join(
                names[c] for c in move[1:])
        geo = self.game.geometry
        puts = []
        for j in range(1, len(move), 2):
            cell = move[j]
            where = "on own stack" if self.owner[cell] == seat else "at"
            puts.append(f"{names[move[j + 1]]} {where} row {geo.row(cell)} col {geo.col(cell)}")
        rotate, kinds = self.outcome(move)
        groups = ", ".join(KIND_NAMES[k] for k in kinds) or "no Group"
        turned = ", ".join(f"row {geo.row(c)} col {geo.col(c)}" for c in bits_of(rotate)) or "nothing"
        return f"seat {seat} places {'; '.join(puts)} ({groups}; turns {turned})"
