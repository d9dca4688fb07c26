"""How far the search bot plays each game out, and how much of it greedily.

A playout plays at most `rounds` rounds of moves after the candidate (that times the player
count) and then lets the game's standing judge the position. Its moves are random, except
that in the duel (the last round, where the best challenger meets the greedy move) the first
`greedy_moves` are the game's greedy bot's, whichever seat moves: greedy replies show what a
sensible opponent does next (answers a bluff, completes a line), which random replies hide,
but each costs a greedy decision, so games get as many as their greedy bot's cost allows.
Where `greedy_always` is set, every playout opens with them, not only the duel's: played to
the end, that is a policy rollout (Crazy Eights, Comet Chase), which improves on the greedy
bot where the worlds are dealt well; a round long, it is what Clique Mystique can afford.

Where the plain determinization misleads, the game's greedy bot (or the game's own `model`)
may deal the worlds instead (`search_playout.OpponentModel`): in Smoke and Mirrors a world
dealt at random lays an opponent's face-down act at random, as if its claim said nothing
about it, so doubting looked better than it is (search won 5 to 10 % of games against greedy
with random playouts, 43 % with greedy ones, so it kept the greedy move); with the standing
act laid as greedy would have laid it, 52 % of 200, and 58 % with two greedy moves opening the
duel's playouts. In Crazy Eights and Comet Chase a player who drew is dealt none of the cards
it could have played (`search_shedding`).

Where the game's standing says nothing until the end, the game judges its playouts itself
(`evaluate`): in President every seat stands level until the first goes out, who has won, so
search kept the greedy move (7 to 13 % of games won against greedy, fair 33 %); with
`search_climbing`'s race estimate it drew level (34 % of 200), and with the duel's playouts
played greedily throughout (`reply`: the greedy policy at a playout's price) it is stronger.
The figures per game are in docs/metrics.md (the search section).
"""

from __future__ import annotations

from deckgen.bots.search_climbing import ClimbingReply, climbing_value
from deckgen.bots.search_domination import (
    PLAYOUT_MOVES,
    DominationReply,
    DominationWorlds,
    domination_value,
    round_ended,
)
from deckgen.bots.search_energy import energy_value
from deckgen.bots.search_maze import maze_value
from deckgen.bots.search_playout import PlayoutSettings
from deckgen.bots.search_shedding import SheddingModel, SheddingReply
from deckgen.bots.search_shedding_policy import WildsLastPolicy

#: Games whose playouts differ from the default, by game id. Chain of Restraints: a random
#: reply hardly ever completes the line a move leaves open, so one greedy reply (the
#: opponent's) opens each duel playout; its greedy bot costs about 25 random moves, so more
#: would bring the search under 50 decisions a second. Mystical Eddies: with random duel
#: playouts search won 21 % of 100 games against greedy, with both opponents' greedy replies
#: 27.5 %, where greedy itself wins 26 % of the same games (fair 33 %); with playouts of eight
#: rounds (eight tricks) opening with two greedy tricks in the duel, 37 % of 200 (+8 points on
#: greedy's share of the same deals, +2 to +15; on 200 others 41 %, +5, -1 to +12), where three
#: rounds won 28 % (-1); to the end of the round (18 rounds) did as well or better but made
#: fewer than 50 decisions a second. Clique Mystique: a random move works out every placement
#: (about two thirds of a decision's time), so three rounds made 33 decisions a second and one
#: round 74 (compiled, in one run at load 11); search with random moves drew level with greedy
#: at every depth (100 games on the same deals: -1, +1 and -1 points of share against greedy's
#: for one, two and three rounds), and with ten times the playouts (+0). Played greedily, both
#: moves of the round in every playout (the searcher's opponent's and its own next), it won 64 %
#: of 200 games (+15 points on greedy's share of the same deals, +7 to +23) at 67 decisions a
#: second; greedy playouts to the end won 74 % of 100 (+21) but made 3 a second.
#: Mirrorquest: with random duel playouts search won 54 % of 200 games against greedy (+4
#: points on greedy's share of the same deals, -3 to +11), with the next seat's greedy reply
#: 60 % (54-67 %, +10, +3 to +18) and with two greedy replies 58 % (+8, 0 to +17). Smoke and
#: Mirrors (worlds dealt by its greedy
#: bot's opponent model): 52 % of 200 games with random duel playouts, 56 % with one greedy
#: reply, 58 % with two and 56 % with six (the whole playout). President (its race estimate):
#: 34 % of 200 with random playouts (fair 33 %), and with the duel's playouts greedy throughout
#: 36 % at three rounds, 42 % at four (+8 points on greedy's share of the same deals, +2 to
#: +15) and 42 % at five, but 50 decisions a second at five and 60 at four (with the three
#: highest ranks counted as pile winners, `search_climbing.TOP_RANKS`, four rounds won 48 %).
#: Mystique Maze (`search_maze`'s race over the hands' paths): a random discard of one's own
#: wrecks the hand a playout is judged by, so a playout is one round (two moves: after a take
#: the seat's own discard, after a discard the opponent's take), its first move greedy in the
#: duel; 61 % of 200 games against greedy (+12 points on greedy's share of
#: the same deals, +4 to +20) where three random rounds judged by the standing won 46 %.
#: Mystique Energy (`search_energy`'s graded ratio of the products): 56 % of 400 games against
#: greedy (51-61 %; +4 points on greedy's share of the same deals, -2 to +9), and +7 (0 to +14)
#: on 200 other games, where the standing (who has the lower product) won 54 % of 200 (+2).
#: Zoomies: whether a trick is worth taking turns on where the points stand at the end (second
#: place wins), and random followers neither win nor duck a trick on purpose, so playouts run
#: to the end of the game (13 rounds: every trick) and the duel's open with three greedy
#: tricks: 35 % of 200 games against greedy (fair 25 %; +10 points on greedy's share of the
#: same deals, +2 to +17), where three random rounds won 27 % and one greedy reply 26 %; six
#: greedy tricks won as much (38 %, +12) at 48 to 69 decisions a second instead of 73 to 80.
#: Crazy Eights and Comet Chase (the described game `deckgen init` writes): a policy rollout,
#: every playout played to the end of the game by the greedy bot's policy for every seat
#: (`search_shedding.SheddingReply`, its price a playout's) on worlds in which a player who drew
#: holds none of the cards it could have played (`search_shedding.SheddingModel`). Comet Chase
#: (three players): 42 % of 200 games against greedy (+8 points on greedy's share of the same
#: deals, 0 to +15) and 39 % of 400 others (+6, +2 to +11), where three random rounds won 35 %
#: (+1); Crazy Eights: +4 (-4 to +13) on 200 games and +2 (-4 to +8) on 400 others, where three
#: random rounds judged by the standing (minus the penalty points: an 8 held looks worst) left
#: it 7 points behind. The worlds' model alone, with random playouts, changed neither. Since,
#: Crazy Eights' searcher plays its own moves by a better policy than greedy's, which keeps its
#: 8s (`search_shedding_policy.WildsLastPolicy`, +5.5 points against greedy by itself): the move
#: search starts from (`prior`) and its own later moves in every playout (`own_reply`), the
#: others' still greedy: 60 % of 1,000 games (+7, +3 to +10) and 58 % of 1,000 others (+9, +5
#: to +12). On 600 games each of seeds 5 and 6, +14 and +7 where greedy's start made +6 and +1;
#: with the policy's first form (drawing above three cards), only as the start +8 and only in
#: the playouts +8 (seed 5), both +12 and +6, and both with an 8's declarations of suits
#: the hand lacks dropped +12 and +5. A duel given half the budget, or leaving the start at 0.5
#: or 1.5 standard errors instead of 1, changed nothing (+12/+7, +12/+5, +14/+8); nor did a
#: policy that also reads which suit the next player drew on (+13/+8, 80 decisions a second),
#: all against +14/+7.
#: Mystique Domination (`search_domination`): every playout is played to the end of the round
#: searched by the greedy bot's policy for every seat (`DominationReply`, the greedy bot's own
#: move found from the hand's masks, 4 us a move against its 9, compiled engines) and judged by
#: the team's chance to win the game from the scores then (`domination_value`): 40 % of 200
#: games against greedy (fair 25 %; +13 points on greedy's share of the same deals, +9 to +16)
#: and 41 % of 200 others (+15, +12 to +19), at 92 to 95 decisions a second. Judged instead by
#: who leads after the round (the standing), +5 (+1 to +9); three random rounds +0 over 600
#: games; greedy playouts to the end of the game +8, but at 5 to 7 decisions a second.
GAME_SETTINGS: dict[str, PlayoutSettings] = {
    "chain-of-restraints": PlayoutSettings(greedy_moves=1),
    "clique-mystique": PlayoutSettings(rounds=1, greedy_moves=2, greedy_always=True),
    "comet-chase": PlayoutSettings(rounds=100, greedy_moves=200, greedy_always=True, reply=SheddingReply,
                                   model=SheddingModel),
    "crazy-eights": PlayoutSettings(rounds=100, greedy_moves=200, greedy_always=True, reply=SheddingReply,
                                    model=SheddingModel, own_reply=WildsLastPolicy, prior=WildsLastPolicy),
    "mirrorquest": PlayoutSettings(greedy_moves=1),
    "mystical-eddies": PlayoutSettings(rounds=8, greedy_moves=6),
    "mystique-domination": PlayoutSettings(rounds=PLAYOUT_MOVES // 4, greedy_moves=PLAYOUT_MOVES, greedy_always=True,
                                           reply=DominationReply, model=DominationWorlds, evaluate=domination_value,
                                           stop=round_ended),
    "mystique-energy": PlayoutSettings(evaluate=energy_value),
    "mystique-maze": PlayoutSettings(rounds=1, greedy_moves=1, evaluate=maze_value),
    "president": PlayoutSettings(rounds=4, greedy_moves=12, evaluate=climbing_value, reply=ClimbingReply),
    "smoke-and-mirrors": PlayoutSettings(greedy_moves=2),
    "zoomies": PlayoutSettings(rounds=13, greedy_moves=12),
}


def playout_settings(game_id: str) -> PlayoutSettings:
    """The playout shape of a game."""
    return GAME_SETTINGS.get(game_id, PlayoutSettings())
