"""From a game's log alone a reader can rebuild what each seat is shown: every face-up zone
(piles, boards, tricks, score piles that are public, the tops of covered piles), a grid
game's board (each stack's place, top, height and owner) and each seat's own cards, after
every move, equal to what the engine shows that seat, and holding every card its observation
names. The reader follows the deal, each move's notation and the chance events through the
game's declared mapping (`log_mappings*`), never the engine's state; a log that loses a
public fact fails. A few seeded random games per game and player count, to stay fast."""

from __future__ import annotations

import pytest

from deckgen.games.registry import game_classes, get_game
from deckgen.sim.log import record_game
from tests.games.log_mappings import (BATTLE, CHAIN_OF_RESTRAINTS, CLIQUE, ENERGY, GUILDS, MAZE, MIRRORQUEST,
                                      MISMATCH, PILLARS, UP_AND_DOWN)
from tests.games.log_mappings_described import described_mapping
from tests.games.log_mappings_tricks import CHAIN, CIRCLE, DOMINATION, EDDIES, MYSTIQUE, SMOKE, ZOOMIES
from tests.games.log_reader import LogMapping, rebuild_problems

#: Seeded games per game and player count.
GAMES = 3

HAND_WRITTEN = {
    "battle-for-the-suns": BATTLE, "chain-of-restraints": CHAIN_OF_RESTRAINTS, "clique-mystique": CLIQUE,
    "mirrorquest": MIRRORQUEST, "mismatch": MISMATCH, "mystical-eddies": EDDIES, "mystique": MYSTIQUE,
    "mystique-chain": CHAIN, "mystique-circle": CIRCLE, "mystique-domination": DOMINATION,
    "mystique-energy": ENERGY, "mystique-guilds": GUILDS, "mystique-maze": MAZE, "mystique-pillars": PILLARS,
    "smoke-and-mirrors": SMOKE, "up-and-down": UP_AND_DOWN, "zoomies": ZOOMIES,
}


def mapping_of(game_id: str) -> LogMapping:
    return HAND_WRITTEN.get(game_id) or described_mapping(get_game(game_id))


def cases() -> list[tuple[str, int, int]]:
    """Every game at every player count: `GAMES` games at the fewest and most, one between."""
    found = []
    for game_id in sorted(game_classes()):
        players = get_game(game_id).rules.players
        found += [(game_id, n, GAMES if n in (players.min, players.max) else 1) for n in players.counts()]
    return found


def test_every_game_has_a_mapping() -> None:
    """A hand-written engine added without saying how its log moves cards fails here."""
    described = {g for g in game_classes() if ".described" in type(get_game(g)).__module__}
    assert set(game_classes()) - described == set(HAND_WRITTEN)


@pytest.mark.parametrize(("game_id", "n_players", "games"), cases(), ids=str)
def test_what_each_seat_sees_is_rebuilt_from_the_log(game_id: str, n_players: int, games: int) -> None:
    game = get_game(game_id)
    problems = [line for index in range(games) for line in rebuild_problems(game, mapping_of(game_id), n_players, index)]
    assert not problems, "\n".join(problems)


#: Events that begin something (a round, a sun, a play): none may follow a game's end.
BEGINNINGS = {"deal", "sunrise", "first_dealer", "first_leader", "first_starter", "start", "restart", "start_play",
              "lead"}


@pytest.mark.parametrize("game_id", sorted(game_classes()))
def test_nothing_begins_after_the_end(game_id: str) -> None:
    """A finished game's last move logs no new round, sun or opening play (no deal after the
    last round, no refill after the last sun): the log stops where the game did."""
    game = get_game(game_id)
    n = game.rules.players.min
    for index in range(3):
        state, lines = record_game(game, n, ["random"] * n, seed=9, index=index)
        last_move = max(i for i, line in enumerate(lines) if line["type"] == "move")
        after = {line["event"]["type"] for line in lines[last_move:] if line["type"] == "chance"}
        assert not state.is_over or not after & BEGINNINGS, f"game {index}: {sorted(after & BEGINNINGS)} after the end"


@pytest.mark.parametrize(("game_id", "options"), [
    ("mystique-guilds", {"buy_from_both": True}), ("mystique-guilds", {"hidden_hands": True}),
    ("mystique-pillars", {"split": "largest"}), ("mystique", {"skirmishes": 3, "spell_deflection": True}),
    ("mystique", {"partnerships": True}), ("mirrorquest", {"call_miss_rate": 0.5}),
    ("chain-of-restraints", {"draw_when_empty_immediately": True}), ("mystical-eddies", {"target": 40}),
    ("mystique-domination", {"lead": "went_out"}), ("mystique-maze", {"no_return_discard": True})], ids=str)
def test_options_that_move_other_cards_are_rebuilt_too(game_id: str, options: dict[str, object]) -> None:
    """Rule options that change where cards go (buys from both piles, the largest split, a
    match of skirmishes, penalty draws...) are followed from their logs as well."""
    game = get_game(game_id)
    n = 4 if options.get("partnerships") else game.rules.players.min
    problems = [line for index in range(2) for line in rebuild_problems(game, mapping_of(game_id), n, index,
                                                                          options=options)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("game_id", "lost"), [
    ("mystique-pillars", "uncover"), ("up-and-down", "draw"), ("mystique-guilds", "take_discard"),
    ("zoomies", "trick"), ("mismatch", "capture"), ("smoke-and-mirrors", "out"), ("mystique", "skirmish_end"),
    ("president", "moved"), ("hearts", "trick"), ("clique-mystique", "owners"), ("mystique-chain", "deal.discard"),
    ("mystique-circle", "deal.removed"), ("mystique-maze", "deal.corners"), ("mystique-domination", "round.score_piles"),
    ("up-and-down-described", "start_play.zone"), ("hearts", "moved")])
def test_a_log_that_loses_a_public_fact_cannot_be_rebuilt(game_id: str, lost: str) -> None:
    """Without its `lost` events (or one key of them) the reader's cards part from what the
    engine shows: the test says where (move, seat and zone, or the board's cell)."""
    game = get_game(game_id)
    n = game.rules.players.min
    problems = [line for index in range(GAMES) for line in rebuild_problems(game, mapping_of(game_id), n, index, lost)]
    assert problems and all("the log gives" in line or "cannot be followed" in line for line in problems)
