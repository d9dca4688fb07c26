"""The greedy Mystique Chain bot: break the chain now if it can, else leave the fewest ways on.

Everything is public, so the bot reads the whole state. Among its legal moves it takes one
after which no pool card matches (a win); otherwise one that leaves the opponent the fewest
matching pool cards; ties go to the move that keeps its own next turn safest (over every
reply, the fewest moves it would then have, made as large as possible), then at random.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mystique_chain import ChainState


class GreedyChainBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: ChainState) -> Move:
        scored: list[tuple[int, int, Move]] = []
        for move in state.legal_moves():
            after = self._after(state, move)
            if after.is_over:
                return move
            replies = after.legal_moves()
            left = len(replies) // 3 if after.declared >= 0 else len(replies)
            scored.append((left, -self._worst_reply(after, replies), move))
        best = min(score[:2] for score in scored)
        return self.rng.choice([move for *score, move in scored if tuple(score) == best])

    @staticmethod
    def _after(state: ChainState, move: Move) -> ChainState:
        after = state.clone()
        after.apply(move)
        return after

    def _worst_reply(self, after: ChainState, replies: list[Move]) -> int:
        """Over every opponent reply, the fewest moves the bot would then have."""
        worst = 1 << 30
        for reply in replies:
            mine = self._after(after, reply)
            worst = min(worst, 0 if mine.is_over else len(mine.legal_moves()))
            if worst == 0:
                break
        return worst


register_bot("mystique-chain", "greedy", GreedyChainBot)
