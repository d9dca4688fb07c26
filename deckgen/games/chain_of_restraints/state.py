"""A game of Chain of Restraints in progress: hands as masks, the deck and discard pile as
lists (top last), the grid as stacks in an array, and what each seat knows of the other
hands."""

from __future__ import annotations

import copy
import random
from typing import Any

from deckgen.games.base import Move, Result, State
from deckgen.games.chain_of_restraints.tables import ATTRIBUTES, RestraintsTables
from deckgen.games.kit import chance
from deckgen.games.kit.board import Cell
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.piles import draw_cards
from deckgen.games.kit.ranking import rank_by_score
from deckgen.games.kit.zones import hand


class RestraintsState(State[Move]):
    """A game in progress: hands as masks, the deck and discard pile as lists (top last), the
    grid as stacks in an array, and what each seat knows of the other hands."""

    is_over = False

    def __init__(self, game: RestraintsTables, hands: list[int], draw: list[int], hand_size: int,
                 immediate: bool, events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = len(hands)
        self.hands = hands
        self.draw = draw
        self.discard: list[int] = []
        self.hand_size = hand_size
        self.immediate = immediate
        self.events = events
        self.current_player = 0
        self.turns = 0
        self.is_over = False
        self.winner = -1
        #: Bits of the attributes (0 colour, 1 suit, 2 number) the winning line shares.
        self.win_kinds = 0
        self.win_line: tuple[int, ...] = ()
        self.drawn = False
        self.passes = 0
        self.redraws = 0
        #: known[s][t]: cards of the hand seat t holds that seat s has seen (shown or held).
        self.known = [[0] * self.n_players for _ in range(self.n_players)]
        #: The cards the next card may be: those sharing nothing with the previous card.
        self.restraint = game.cards.full_mask
        self.previous = -1
        side = game.side
        cells = side * side
        self.stacks: list[list[int]] = [[] for _ in range(cells)]
        self.cellfeat = [0] * cells
        self.occupied = 0
        self.n_cells = 0
        self.reach = 0
        self.table_mask = 0
        self.ocol = self.orow = -(game.grid_side - 1)
        self.colof = game.colof
        self.rowof = game.rowof
        self.mincol = self.minrow = side
        self.maxcol = self.maxrow = -1
        #: Whether the cards span a line's length in some direction (else no line can be made).
        self.lines_open = False
        #: Array cells a card may go to now, in row-major order (first card: the centre).
        self.target_cells = [game.centre]

    # -- the grid ------------------------------------------------------------------------

    def cell_of(self, col: int, row: int) -> int:
        """The array cell of grid coordinates (which must lie in the array)."""
        return (row - self.orow) * self.game.side + (col - self.ocol)

    def new_cell(self, cell: int) -> None:
        """A card lands on an empty cell: the bounding box, the reach and the targets change."""
        game = self.game
        side = game.side
        self.occupied |= 1 << cell
        self.n_cells += 1
        self.reach |= game.near[cell] | 1 << cell
        col, row = cell % side, cell // side
        self.mincol = min(self.mincol, col)
        self.maxcol = max(self.maxcol, col)
        self.minrow = min(self.minrow, row)
        self.maxrow = max(self.maxrow, row)
        span = game.grid_side - 1
        window = (game.colwin[max(0, self.maxcol - span)][min(side - 1, self.mincol + span)]
                  & game.rowwin[max(0, self.maxrow - span)][min(side - 1, self.minrow + span)])
        mask = self.reach & window
        targets: list[int] = []
        for shift, table in game.chunks:  # the set bits, a byte at a time
            part = mask >> shift & 255
            if part:
                targets += table[part]
        self.target_cells = targets
        reach = game.line_length - 1
        self.lines_open = self.maxcol - self.mincol >= reach or self.maxrow - self.minrow >= reach

    # -- moves ---------------------------------------------------------------------------

    def legal_cards(self) -> list[int]:
        return bits_of(self.hands[self.current_player] & self.restraint)

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        colof, rowof = self.colof, self.rowof
        targets = self.target_cells
        return [(card, colof[t], rowof[t]) for card in self.legal_cards() for t in targets]

    def random_move(self, rng: random.Random) -> Move:
        """Uniform over `legal_moves()` without building it: the same index into it."""
        cards = self.legal_cards()
        targets = self.target_cells
        n_targets = len(targets)
        pick = int(rng.random() * len(cards) * n_targets)
        cell = targets[pick % n_targets]
        return (cards[pick // n_targets], self.colof[cell], self.rowof[cell])

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`random_move` and `apply` in one loop: the moves `random_move` would draw."""
        rand = rng.random
        place = self._place
        while not self.is_over and self.turns < turn_cap:  # passing replaces self.hands
            cards = bits_of(self.hands[self.current_player] & self.restraint)
            targets = self.target_cells
            n_targets = len(targets)
            pick = int(rand() * len(cards) * n_targets)
            place(cards[pick // n_targets], targets[pick % n_targets])

    def apply(self, move: Move) -> None:
        card, col, row = move
        self._place(card, (row - self.orow) * self.game.side + (col - self.ocol))

    def _place(self, card: int, cell: int) -> None:
        game = self.game
        seat = self.current_player
        self.turns += 1
        bit = 1 << card
        hand = self.hands[seat] ^ bit
        self.table_mask |= bit
        stack = self.stacks[cell]
        stack.append(card)
        if len(stack) == 1:
            self.new_cell(cell)
        feat = game.feat[card]
        cellfeat = self.cellfeat
        cellfeat[cell] = feat
        self.previous = card
        self.restraint = game.allowed[card]
        if self.lines_open:
            if game.triples:  # lines of four: the three other cells of each, unrolled
                for a, b, c in game.triples[cell]:
                    common = feat & cellfeat[a] & cellfeat[b] & cellfeat[c]
                    if common:
                        self.hands[seat] = hand
                        self._win(seat, cell, (a, b, c), common)
                        return
            else:
                for others in game.lines[cell]:
                    common = feat
                    for other in others:
                        common &= cellfeat[other]
                        if not common:
                            break
                    else:
                        self.hands[seat] = hand
                        self._win(seat, cell, others, common)
                        return
        need = self.hand_size - hand.bit_count()
        draw = self.draw
        if need == 1 and len(draw) > 1 and self.events is None:  # the usual refill of one card
            self.hands[seat] = hand | 1 << draw.pop()
        else:
            self.hands[seat] = hand
            if need > 0 and not self._draw(seat, need):
                return
        self.current_player = seat + 1 if seat + 1 < self.n_players else 0
        if not self.hands[self.current_player] & self.restraint:
            self.no_legal_card()

    def _win(self, seat: int, cell: int, others: tuple[int, ...], common: int) -> None:
        game = self.game
        self.is_over = True
        self.winner = seat
        for kind, mask in enumerate(game.kind_masks):
            if common & mask:
                self.win_kinds |= 1 << kind
        self.win_line = tuple(sorted((cell, *others)))
        if self.events is not None:
            self.events.append({
                "type": "four", "seat": seat,
                "attributes": [ATTRIBUTES[k] for k in range(len(ATTRIBUTES)) if self.win_kinds >> k & 1],
                "cells": [[self.colof[c], self.rowof[c]] for c in self.win_line],
            })

    def _draw(self, seat: int, count: int) -> bool:
        """Draw `count` cards one at a time; False (and a drawn game) when the deck cannot
        serve one, or, with the option, when the last card of the deck is drawn."""
        drawn = draw_cards(self.draw, count, seat, self.events, self.game.cards.ids)
        hand = self.hands[seat]
        for card in drawn:
            hand |= 1 << card
        self.hands[seat] = hand
        if len(drawn) < count or (self.immediate and drawn and not self.draw):
            self._drawn_game()
            return False
        return True

    def _drawn_game(self) -> None:
        self.is_over = True
        self.drawn = True
        if self.events is not None:
            self.events.append({"type": "deck_out"})

    def _show(self, seat: int) -> None:
        """The player to move shows the hand she holds: every seat now knows it."""
        hand = self.hands[seat]
        for knows in self.known:
            knows[seat] = hand
        if self.events is not None:
            self.events.append({"type": "show", "seat": seat, "cards": self.game.cards.ids_of_mask(hand)})

    def _pass_right(self) -> None:
        """Every seat gives its hand to seat - 1; knowledge follows the hands, and each seat
        remembers the hand it gave away."""
        n = self.n_players
        old = self.hands
        self.hands = old[1:] + old[:1]
        moved = []
        for s, knows in enumerate(self.known):
            row = [knows[(t + 1) % n] & old[(t + 1) % n] for t in range(n)]
            row[(s - 1) % n] = old[s]
            row[s] = 0
            moved.append(row)
        self.known = moved
        self.passes += 1

    def no_legal_card(self) -> None:
        """Pass hands right until the player to move can play, at most N - 1 times; then one
        more pass returns them, and she discards and draws new hands until one can play."""
        seat = self.current_player
        n = self.n_players
        for passed in range(n):
            self._show(seat)
            self._pass_right()
            if self.events is not None:
                # Every seat passes; `stuck` is the seat that could not play.
                self.events.append({"type": "pass", "stuck": seat, "returned": passed == n - 1})
            if passed < n - 1 and self.hands[seat] & self.restraint:
                return
        while True:
            discarded = bits_of(self.hands[seat])
            self.discard += discarded
            self.hands[seat] = 0
            self.redraws += 1
            if self.events is not None:
                self.events.append({"type": "redraw", "seat": seat,
                                    "discarded": self.game.cards.ids_of(discarded)})
            if not self._draw(seat, self.hand_size):
                return
            if self.hands[seat] & self.restraint:
                return

    # -- search ----------------------------------------------------------------------------

    def clone(self) -> RestraintsState:
        """A copy for search: own hands, piles, stacks and knowledge; the card tables and
        the coordinate lists (never changed in place) are shared."""
        twin = copy.copy(self)
        twin.hands = self.hands[:]
        twin.draw = self.draw[:]
        twin.discard = self.discard[:]
        twin.known = [row[:] for row in self.known]
        twin.stacks = [stack[:] for stack in self.stacks]
        twin.cellfeat = self.cellfeat[:]
        twin.events = None
        return twin

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        """New cards for the deck and for hands: a seat that knew all of a replaced hand
        knows the new one, a seat that knew part of it knows none of it."""
        index = self.game.cards.index
        for name, ids in zones.items():
            cards = [index[c] for c in ids]
            if name == "draw":
                self.draw = cards
                continue
            seat = int(name.split("/")[1])
            self._replace_hand(seat, sum(1 << c for c in cards))

    def _replace_hand(self, seat: int, hand: int) -> None:
        old = self.hands[seat]
        self.hands[seat] = hand
        for row in self.known:
            row[seat] = hand if row[seat] & old == old else 0

    def determinize(self, seat: int, rng: random.Random) -> RestraintsState:
        """`State.determinize` on the card ints: the deck and the hands `seat` has seen nothing
        of are dealt again among themselves. The player to move is known to hold a card that
        may follow the previous one (she did not show her hand), so deals without one are
        dealt again (after 100 tries the cards stay where they are)."""
        twin = self.clone()
        hidden = [t for t in range(self.n_players)
                  if t != seat and not self.known[seat][t] & self.hands[t]]
        if not hidden and not self.draw:
            return twin
        mover = self.current_player
        for _ in range(100):
            pool = self.draw + [c for t in hidden for c in bits_of(self.hands[t])]
            chance.shuffle_in_place(pool, rng)
            hands = []
            for t in hidden:
                count = self.hands[t].bit_count()
                hands.append(sum(1 << c for c in pool[len(pool) - count:]))
                del pool[len(pool) - count:]
            if self.is_over or mover not in hidden or hands[hidden.index(mover)] & self.restraint:
                for t, hand in zip(hidden, hands):
                    twin._replace_hand(t, hand)
                twin.draw = pool
                break
        return twin

    # -- reporting -----------------------------------------------------------------------

    def standing(self) -> list[float]:
        """1 for the winner, 0 for everyone else, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(seat == self.winner) for seat in range(self.n_players)]

    def result(self) -> Result:
        scores = [0.0] * self.n_players
        if self.winner < 0:  # drawn or stopped at the cap: nobody won, so nobody ranks first
            return Result(self.is_over, (), tuple(scores), (), self.turns, self.counters)
        scores[self.winner] = 1.0
        winners, ranking = rank_by_score(scores)
        return Result(True, winners, tuple(scores), ranking, self.turns, self.counters)

    @property
    def counters(self) -> dict[str, int]:
        kinds = self.win_kinds  # a line sharing two attributes counts for both
        return {"hand_passes": self.passes, "redraws": self.redraws, "game_draws": int(self.drawn),
                "win_colour": kinds & 1, "win_suit": kinds >> 1 & 1, "win_number": kinds >> 2 & 1}

    def grid(self) -> list[dict[str, Any]]:
        """The stacks as `{"at": [col, row], "cards": [bottom .. top]}` in row-major order:
        the shape of a diagram's cells, and what `position(..., grid=...)` takes."""
        ids = self.game.cards.ids
        return [{"at": [self.colof[cell], self.rowof[cell]], "cards": [ids[c] for c in self.stacks[cell]]}
                for cell in bits_of(self.occupied)]

    def board_cells(self) -> list[Cell]:
        ids = self.game.cards.ids
        return [Cell(self.colof[cell], self.rowof[cell], ids[self.stacks[cell][-1]], len(self.stacks[cell]))
                for cell in bits_of(self.occupied)]

    def observation(self, player: int) -> dict[str, Any]:
        cards = self.game.cards
        known = [cards.ids_of_mask(self.hands[t] if t == player else self.known[player][t] & self.hands[t])
                 for t in range(self.n_players)]
        return {
            "seat": player, "hand": cards.ids_of_mask(self.hands[player]), "known_hands": known,
            "hand_sizes": [h.bit_count() for h in self.hands], "draw_size": len(self.draw),
            "discard": cards.ids_of(self.discard), "grid": self.grid(),
            "previous": cards.ids[self.previous] if self.previous >= 0 else None,
            "current_player": self.current_player, "over": self.is_over,
            "winner": self.winner if self.winner >= 0 else None,
        }

    def card_zones(self) -> dict[str, list[str]]:
        """Hands, the deck, the discard pile, and the table: every stack bottom to top, the
        stacks in row-major order (`grid()` says where each stands)."""
        cards = self.game.cards
        ids = cards.ids
        zones = {hand(s): cards.ids_of_mask(h) for s, h in enumerate(self.hands)}
        zones["draw"] = cards.ids_of(self.draw)
        zones["discard"] = cards.ids_of(self.discard)
        zones["table"] = [ids[c] for cell in bits_of(self.occupied) for c in self.stacks[cell]]
        return zones

    def hidden_zones(self, player: int) -> list[str]:
        """The deck, and the other hands of which the player has seen no card: a hand she
        has seen (shown, or held before a pass) is partly open to her, and her observation
        lists the cards of it she knows."""
        unseen = [hand(t) for t in range(self.n_players)
                  if t != player and not self.known[player][t] & self.hands[t]]
        return ["draw", *unseen]

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        card, col, row = move
        names = self.game.cards.names
        text = f"seat {self.current_player} plays the {names[card]}"
        if not self.occupied:
            return text + f" at ({col}, {row}), the first card"
        cell = self.cell_of(col, row)
        if 0 <= col - self.ocol < self.game.side and 0 <= row - self.orow < self.game.side and self.stacks[cell]:
            return text + f" on the {names[self.stacks[cell][-1]]} at ({col}, {row})"
        return text + f" at ({col}, {row})"
