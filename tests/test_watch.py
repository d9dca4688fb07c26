"""`deckgen watch`: what a changed file affects, and one rebuild per change."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.project import Project, find_project
from deckgen.skeleton import init_project
from deckgen.watch import Rebuild, WatchPlan, affected, plan_for, watch_project

ROOT = Path("/p")
PLAN = WatchPlan(
    deck_folders={"sky": ROOT / "decks" / "sky", "sea": ROOT / "decks" / "sea"},
    shared=(ROOT / "art", ROOT / "fonts", ROOT / "decks" / "layouts"),
    rule_files={"comet-chase": ROOT / "decks" / "sky" / "games" / "comet-chase.yaml"},
    output=ROOT / "output",
    extra={"sea": frozenset({ROOT / "data" / "sea.csv"})},
)
SKY, SEA, GAME = Rebuild("deck", "sky"), Rebuild("deck", "sea"), Rebuild("game", "comet-chase")


@pytest.mark.parametrize(
    "changed, expected",
    [
        (["decks/sky/deck.yaml"], [SKY, GAME]),  # the booklet shows some of the deck's cards
        (["decks/sky/cards.csv"], [SKY, GAME]),
        (["decks/sky/layouts/card.yaml"], [SKY, GAME]),
        (["data/sea.csv"], [SEA]),  # no game plays the sea deck
        (["art/dawn.png"], [SEA, SKY, GAME]),
        (["fonts/Title.ttf"], [SEA, SKY, GAME]),
        (["decks/layouts/shared.yaml"], [SEA, SKY, GAME]),
        (["decks/sky/games/comet-chase.yaml"], [GAME]),
        (["decks/sky/cards.csv", "decks/sky/games/comet-chase.yaml", "decks/sky/deck.yaml"], [SKY, GAME]),
        (["output/sky/sky-pnp.pdf", "decks/sky/.cards.csv.swp", "decks/sky/cards.csv~", "README.md",
          "decks/sky/games/notes.txt"], []),
    ],
    ids=["deck", "csv", "layout", "source-elsewhere", "art", "font", "shared-layout", "rules", "several",
         "ignored"],
)
def test_what_a_change_affects(changed: list[str], expected: list[Rebuild]):
    assert affected([ROOT / c for c in changed], PLAN) == expected


def test_watch_needs_a_project():
    with pytest.raises(DeckgenError, match="deckgen watch works on a project"):
        plan_for(Project(None))


def test_the_plan_of_a_new_project(tmp_path: Path):
    init_project(tmp_path / "game")
    plan = plan_for(find_project(tmp_path / "game"))
    root = (tmp_path / "game").resolve()
    assert plan.deck_folders == {"sky": root / "decks" / "sky"}
    assert plan.rule_files == {"comet-chase": root / "decks" / "sky" / "games" / "comet-chase.yaml"}
    assert plan.extra == {"sky": frozenset({root / "decks" / "sky" / "cards.csv"})}


def test_a_change_rebuilds_once_and_an_error_keeps_watching(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    init_project(tmp_path / "game")
    here = find_project(tmp_path / "game")
    monkeypatch.chdir(tmp_path / "game")
    stop = threading.Event()
    made: list[Rebuild] = []
    said: list[str] = []

    def make(job: Rebuild, out_dir: Path) -> list[Path]:
        made.append(job)
        if len(made) == 1:
            raise DeckgenError("decks/sky/cards.csv: row 2, column suit: value 'x' is not declared")
        if len(made) == 3:
            stop.set()
        return [out_dir / "sky" / ("sky-pnp.pdf" if job.kind == "deck" else "comet-chase-rules.pdf")]

    cards = tmp_path / "game" / "decks" / "sky" / "cards.csv"

    def edit() -> None:
        for _ in range(2):
            time.sleep(0.4)
            cards.write_text(cards.read_text())
            time.sleep(0.4)
        time.sleep(2)
        stop.set()  # never hang the test run

    threading.Thread(target=edit, daemon=True).start()
    start = time.perf_counter()
    count = watch_project(here, Path("output"), said.append, stop, make, debounce_ms=100)
    assert time.perf_counter() - start < 5
    # The deck's booklet shows its cards, so its game is rebuilt too, but not after the deck failed.
    assert made == [SKY, SKY, GAME] and count == 2
    assert said == ["error: decks/sky/cards.csv: row 2, column suit: value 'x' is not declared",
                    "rebuilt deck sky: output/sky/sky-pnp.pdf",
                    "rebuilt game comet-chase: output/sky/comet-chase-rules.pdf"]
