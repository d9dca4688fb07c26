"""Where a Clique Mystique player may place, and what a placement turns.

The position is plain for speed: stacks are lists of card ints (bottom first) per cell;
`top`, `height` and `owner` per cell and the masks `own[seat]` keep what Groups and moves
read. Hands are bit masks over the cards and the deck is a list with its top card last. The
lines a seat could place in are kept per line and worked out again only where the board
changed. How a move changes the position is `state.CliqueState`. Moves (see the package
docstring):

- `(PLACE, cell, card, ...)`: 1-3 (cell, card) pairs, cells ascending;
- `(REPLACE, card, ...)`: the hand cards set aside, ascending;
- `PASS_MOVE`.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations
from typing import Any, Final

from deckgen.games.base import Move, State
from deckgen.games.clique_mystique.board import KIND_NAMES
from deckgen.games.clique_mystique.moves import PASS_MOVE, PLACE, REPLACE, placed_cells
from deckgen.games.clique_mystique.tables import CliqueTables
from deckgen.games.kit.cards import bits_of

#: Where a placement can go: (cells to fill, line size, key of the other top cards, cards that
#: may go there: those completing the Group when one cell is filled).
Slot = tuple[tuple[int, ...], int, int, int]
#: A line a placement may turn stacks in: (its Group table, key of its unplaced cells, its
#: placed cells, its opponent stacks).
LineCheck = tuple[list[int], int, int, int]
NO_SLOTS: Final[tuple[Slot, ...]] = ()


class CliquePlacements(State[Move]):
    """The board, hands, deck and the run of passes; the legal moves, and what a placement
    would turn."""

    is_over = False

    def __init__(self, game: CliqueTables, stacks: list[list[int]], owner: list[int], hands: list[int],
                 draw: list[int], rng: random.Random, events: list[dict[str, Any]] | None,
                 source: CliquePlacements | None = None) -> None:
        """A position from its board, hands and deck; with `source`, a search copy taking the
        rest from that state (cheaper than copy.copy, which goes field by field by name)."""
        self.game = game
        self.n_players = 2
        self.stacks = stacks
        self.owner = owner
        self.hands = hands
        self.draw = draw
        self.rng = rng
        self.events = events
        if source is not None:
            self._copy_play(source)
            return
        geo = game.geometry
        self.top = [stack[-1] if stack else -1 for stack in stacks]
        self.own = [sum(1 << c for c in range(geo.n_cells) if owner[c] == seat) for seat in (0, 1)]
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
        #: The legal placements (as codes, and as moves when asked for), until the next move.
        self._codes: list[int] | None = None
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

    def _copy_play(self, source: CliquePlacements) -> None:
        """Everything but the board, hands and deck from `source`: own lists for what moves
        change; the worked-out slots (tuples, never changed) and the scratch list shared."""
        self.top = source.top[:]
        self.own = source.own[:]
        self.current_player = source.current_player
        self.turns = source.turns
        self.passes = source.passes
        self.replace_streak = source.replace_streak[:]
        self.is_over = source.is_over
        self.placed_groups = source.placed_groups[:]
        self.placements_made = source.placements_made
        self.stacks_rotated = source.stacks_rotated
        self.replacements = source.replacements
        self.pass_count = source.pass_count
        self._codes = source._codes
        self._placements = source._placements
        self._slots = source._slots[:]
        self._line_slots = [source._line_slots[0][:], source._line_slots[1][:]]
        self._dirty = [source._dirty[0][:], source._dirty[1][:]]
        self._checks = [{}, {}]
        self._keys = source._keys

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

    def forget_placements(self) -> None:
        """Drop the placements worked out for this position: a move or new cards change them."""
        self._codes = None
        self._placements = None

    def placement_codes(self) -> list[int]:
        """Every legal placement as an int (`encode_pairs`), each once, in the order of
        `placements()`: distinct ints are cheaper to find than distinct tuples, and a random
        move builds the one tuple it draws. For each slot, the hand cards that complete its
        Group, on its cells in every order; each (cell, card) set once, however many lines
        give it."""
        if self._codes is not None:
            return self._codes
        me = self.current_player
        hand = self.hands[me]
        codes: list[int] = []
        if hand:
            game = self.game
            akey, base, n_cards = game.akey, game.pair_base, game.cards.size
            seen: set[int] = set()
            for chosen, size, fixed, cards in self.slots(me):
                hits = cards & hand
                if not hits:
                    continue
                if len(chosen) == 1:
                    first = chosen[0] * n_cards + 1
                    while hits:
                        low = hits & -hits
                        hits ^= low
                        code = first + low.bit_length() - 1
                        if code not in seen:
                            seen.add(code)
                            codes.append(code)
                    continue
                if hits.bit_count() < len(chosen):
                    continue
                table = game.kinds[size]
                for combo in combinations(bits_of(hits), len(chosen)):
                    key = fixed
                    for card in combo:
                        key |= akey[card]
                    if not table[key]:
                        continue
                    for order in permutations(combo):
                        code = 0
                        for j in range(len(chosen)):
                            code = code * base + chosen[j] * n_cards + order[j] + 1
                        if code not in seen:
                            seen.add(code)
                            codes.append(code)
        self._codes = codes
        return codes

    def decode(self, code: int) -> Move:
        """The placement `(PLACE, cell, card, ...)` a code of `placement_codes()` stands for."""
        base, n_cards = self.game.pair_base, self.game.cards.size
        pairs: list[int] = []
        while code:
            pair = code % base - 1
            code //= base
            pairs.append(pair % n_cards)
            pairs.append(pair // n_cards)
        pairs.append(PLACE)
        pairs.reverse()
        return tuple(pairs)

    def placements(self) -> list[Move]:
        """Every legal placement, in the order of `placement_codes()`."""
        if self._placements is None:
            self._placements = [self.decode(code) for code in self.placement_codes()]
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
        """`legal_moves()[i]` for a uniform i, building neither the replacements nor the
        placements not drawn."""
        codes = self.placement_codes()
        hand = bits_of(self.hands[self.current_player])
        replacements = (1 << len(hand)) - 1
        i = int(rng.random() * (len(codes) + replacements + 1))
        if i < len(codes):
            return self.decode(codes[i])
        subset = i - len(codes) + 1
        if subset > replacements:
            return PASS_MOVE
        return (REPLACE, *[card for j, card in enumerate(hand) if subset >> j & 1])

    # -- what a placement turns ----------------------------------------------------------

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
