"""Golden transcripts: a few seeded games per engine, as `deckgen play` prints them, pinned as
text under tests/games/golden/. A changed game fails here with the first line where it parts
from the pinned one. After a deliberate change to a game's rules or to how its chance or
bots draw, rewrite them with `DECKGEN_UPDATE_GOLDEN=1 make test` and read the diff."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deckgen.bots.registry import bots_for
from deckgen.games.registry import game_classes, get_game
from deckgen.sim.transcript import played_transcript

GOLDEN_DIR = Path(__file__).parent / "golden"
SEED = 7


def golden_cases() -> list[tuple[str, int, str]]:
    """Per game: random bots at the fewest players, and greedy in seat 0 against random bots
    at the most (when the game has a greedy bot)."""
    cases = []
    for game_id in sorted(game_classes()):
        players = get_game(game_id).rules.players
        cases.append((game_id, players.min, "random"))
        if "greedy" in bots_for(game_id):
            cases.append((game_id, players.max, "greedy," + ",".join(["random"] * (players.max - 1))))
    return cases


def golden_text(game_id: str, n_players: int, bots: str) -> str:
    game = get_game(game_id)
    _, text = played_transcript(game, n_players, bots.split(",") if "," in bots else [bots] * n_players, SEED, 0)
    return "\n".join(text) + "\n"


@pytest.mark.parametrize(("game_id", "n_players", "bots"), golden_cases(), ids=lambda v: str(v).split(",")[0])
def test_seeded_games_play_as_pinned(game_id: str, n_players: int, bots: str) -> None:
    path = GOLDEN_DIR / f"{game_id}-{n_players}p-{bots.split(',')[0]}.txt"
    text = golden_text(game_id, n_players, bots)
    if os.environ.get("DECKGEN_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing: run DECKGEN_UPDATE_GOLDEN=1 make test"
    pinned = path.read_text(encoding="utf-8").splitlines()
    played = text.splitlines()
    for number, (want, got) in enumerate(zip(pinned, played), start=1):
        assert got == want, f"{path.name}: line {number} differs:\n  pinned: {want}\n  played: {got}"
    assert len(played) == len(pinned), f"{path.name}: {len(played)} lines played, {len(pinned)} pinned"
