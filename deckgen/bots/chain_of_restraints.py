"""The greedy Chain of Restraints bot, following the "Greedy policy" of MYSTIQUE-GAMES.md.

1. It wins when one of its moves completes a line.
2. Otherwise it avoids leaving a line the next player could complete: a line whose top cards
   but one share a value the bot's card does not restrain, with the last space open to the
   next player (an empty space she may use, or a pile she may cover).
3. Among the moves left it prefers threats: lines through its card where all top cards but
   one share a value and the last space is still playable.
4. Then it prefers the card that leaves the next player the fewest cards that may follow it:
   counted in her hand when it knows all of it (after a pass), else among the cards it has
   not seen.

Ties go to the first move in `legal_moves()` order. It reads only what its seat knows.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.chain_of_restraints import RestraintsState


class GreedyRestraintsBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat

    def choose(self, state: RestraintsState) -> Move:
        game = state.game
        cards = state.legal_cards()
        targets = state.target_cells
        feat = game.feat
        cellfeat = state.cellfeat
        colof, rowof = state.colof, state.rowof
        # 1. a winning move
        if state.n_cells + 1 >= game.line_length:
            for card in cards:
                for cell in targets:
                    if self._completes(state, feat[card], cell):
                        return (card, colof[cell], rowof[cell])
        # lines with all top cards but one sharing a value, not through the target: their
        # open space and the value, precomputed once
        open_lines = self._open_lines(state)
        me = state.current_player
        unrestrained = self._next_player_pool(state, me)
        best: tuple[int, int, int] | None = None
        choice: Move | None = None
        for cell in targets:
            after = self._targets_after(state, cell)
            # lines through the cell: values the other top cards share (the next player may
            # cover this card with one), and for each open space the values of the rest
            covers: list[int] = []
            rests: list[int] = []
            for others in game.lines[cell]:
                tops = [cellfeat[o] for o in others]
                if tops.count(0) > 1:
                    continue
                for k, spot in enumerate(others):
                    rest = -1
                    for j, top in enumerate(tops):
                        if j != k:
                            rest &= top
                    if rest and (cellfeat[spot] or after >> spot & 1):
                        rests.append(rest)
                if 0 not in tops:
                    covered = -1
                    for top in tops:
                        covered &= top
                    if covered:
                        covers.append(covered)
            outside = [common for line, spot, common in open_lines
                       if cell not in line and (cellfeat[spot] or after >> spot & 1)]
            outside += covers
            for card in cards:
                f = feat[card]
                danger = 0
                for common in outside:
                    if common & ~f:
                        danger += 1
                threats = 0
                for rest in rests:
                    if rest & f:  # all top cards but one share a value of this card
                        threats += 1
                key = (danger, -threats, (unrestrained & game.allowed[card]).bit_count())
                if best is None or key < best:
                    best, choice = key, (card, colof[cell], rowof[cell])
        assert choice is not None, "every turn has a target cell and a card for it"
        return choice

    @staticmethod
    def _completes(state: RestraintsState, f: int, cell: int) -> bool:
        cellfeat = state.cellfeat
        for others in state.game.lines[cell]:
            common = f
            for other in others:
                common &= cellfeat[other]
            if common:
                return True
        return False

    @staticmethod
    def _open_lines(state: RestraintsState) -> list[tuple[tuple[int, ...], int, int]]:
        """(line, open space, shared values) for lines whose other top cards share values."""
        cellfeat = state.cellfeat
        out = []
        occupied = state.occupied
        length = state.game.line_length
        for line in state.game.windows:
            mask = 0
            for c in line:
                mask |= 1 << c
            if (mask & occupied).bit_count() < length - 1:
                continue
            for spot in line:
                common = -1
                for c in line:
                    if c != spot:
                        common &= cellfeat[c]
                if common and common != -1 and not common & cellfeat[spot]:
                    out.append((line, spot, common))
        return out

    @staticmethod
    def _targets_after(state: RestraintsState, cell: int) -> int:
        """The spaces the next player may use after a card goes on `cell`."""
        if state.occupied >> cell & 1:
            return sum(1 << c for c in state.target_cells)
        game = state.game
        side = game.side
        col, row = cell % side, cell // side
        mincol, maxcol = min(state.mincol, col), max(state.maxcol, col)
        minrow, maxrow = min(state.minrow, row), max(state.maxrow, row)
        span = game.grid_side - 1
        window = (game.colwin[max(0, maxcol - span)][min(side - 1, mincol + span)]
                  & game.rowwin[max(0, maxrow - span)][min(side - 1, minrow + span)])
        return (state.reach | game.near[cell] | 1 << cell) & window

    @staticmethod
    def _next_player_pool(state: RestraintsState, me: int) -> int:
        """The cards the next player may hold as far as this seat knows: her hand when every
        card of it is known, else every card this seat has not seen."""
        nxt = (me + 1) % state.n_players
        hand = state.hands[nxt]
        known = state.known[me][nxt] & hand
        if known == hand:
            return known
        seen = state.hands[me] | state.table_mask
        for card in state.discard:
            seen |= 1 << card
        for seat in range(state.n_players):
            if seat != me:
                seen |= state.known[me][seat] & state.hands[seat]
        return state.game.cards.full_mask & ~seen | known


register_bot("chain-of-restraints", "greedy", GreedyRestraintsBot)
