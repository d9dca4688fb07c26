"""How far the search bot plays each game out, and how much of it greedily.

A playout plays at most `rounds` rounds of moves after the candidate (that times the player
count) and then lets the game's standing judge the position. Its moves are random, except
that in the duel (the last round, where the best challenger meets the greedy move) the first
`greedy_moves` are the game's greedy bot's, whichever seat moves: greedy replies show what a
sensible opponent does next (answers a bluff, completes a line), which random replies hide,
but each costs a greedy decision, so games get as many as their greedy bot's cost allows.

Where the playouts mislead in a way neither greedy replies nor a stricter test mend, the
game's search keeps the greedy move (`overrules_greedy` off) rather than play worse than it:
in President a truncated playout rewards passing, which delays the others' going out past its
horizon (7 % of games won against greedy, fair 33 %, with greedy playouts too); in Smoke and
Mirrors a determinization deals an opponent's face-down act at random, as if its claim said
nothing, so doubting looks better than it is (5 to 10 % with random playouts, 43 % with
greedy ones). The figures per game are in docs/metrics.md (the search section).
"""

from __future__ import annotations

from dataclasses import dataclass

#: Rounds of moves a playout plays after the candidate unless the game says otherwise.
DEPTH_ROUNDS = 3


@dataclass(frozen=True)
class PlayoutSettings:
    """One game's playout shape: rounds played in all, how many of the first moves are greedy,
    and whether the playouts may overrule the greedy move at all."""

    rounds: int = DEPTH_ROUNDS
    greedy_moves: int = 0
    overrules_greedy: bool = True

    def depth(self, n_players: int) -> int:
        """The most moves a playout plays after the candidate move."""
        return self.rounds * n_players


#: Games whose playouts differ from the default, by game id. Chain of Restraints: a random
#: reply hardly ever completes the line a move leaves open, so one greedy reply (the
#: opponent's) opens each duel playout; its greedy bot costs about 25 random moves, so more
#: would bring the search under 50 decisions a second. Mystical Eddies: with random duel
#: playouts search won 21 % of 100 games against greedy, with both opponents' greedy replies
#: 27.5 %, where greedy itself wins 26 % of the same games (fair 33 %). Clique Mystique: a
#: random move works out every placement (about two thirds of a decision's time), so three
#: rounds made 33 decisions a second and one round 74 (compiled, in one run at load 11); search
#: drew level with greedy at every depth (100 games on the same deals: -1, +1 and -1 points of
#: share against greedy's for one, two and three rounds). Mirrorquest: with random duel
#: playouts search won 54 % of 200 games against greedy (+4 points on greedy's share of the
#: same deals, -3 to +11), with the next seat's greedy reply 60 % (54-67 %, +10, +3 to +18) and
#: with two greedy replies 58 % (+8, 0 to +17).
GAME_SETTINGS: dict[str, PlayoutSettings] = {
    "chain-of-restraints": PlayoutSettings(greedy_moves=1),
    "clique-mystique": PlayoutSettings(rounds=1),
    "mirrorquest": PlayoutSettings(greedy_moves=1),
    "mystical-eddies": PlayoutSettings(greedy_moves=2),
    "president": PlayoutSettings(overrules_greedy=False),
    "smoke-and-mirrors": PlayoutSettings(overrules_greedy=False),
}


def playout_settings(game_id: str) -> PlayoutSettings:
    """The playout shape of a game."""
    return GAME_SETTINGS.get(game_id, PlayoutSettings())
