"""A reader of game logs that follows the cards from the log alone: the deal, each move's
notation and the chance events, never the engine's state. What it knows is where each card
the log names lies (its zone, in `card_zones` naming, in the order the cards came); what a
move or an event does to the cards is a game's `LogMapping`, declared per game beside the
others in `log_mappings*`. The rebuild test compares what the reader knows with what the
engine shows each seat after every move: a log that loses a public fact cannot be followed."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from deckgen.games.base import Game, State
from deckgen.sim.contract import card_ids_in
from deckgen.sim.log import LogLine, record_game

#: What one seat is shown: per zone it sees, its cards (sorted) or, for a covered pile, its top.
View = dict[str, tuple[str, ...]]
#: Where the reader puts cards it no longer follows (back in a deck, out of sight): no seat's view.
UNSEEN = "unseen"
#: A grid game's board as everyone sees it: per (col, row), the top card, the stack's height, its owner.
Board = dict[tuple[int, int], tuple[str, int, int]]


class Unreadable(Exception):
    """The log holds something its mapping cannot follow (a move to a zone it cannot work out)."""


class Reader:
    """Where each card the log has named lies, zone by zone in arrival order (the last card of
    a pile is its top)."""

    def __init__(self, players: int, known: frozenset[str]) -> None:
        self.players = players
        #: Every card id of the game (the deck as `deckgen cards` lists it): a move's notation
        #: names its cards by these.
        self.known = known
        self.zones: dict[str, list[str]] = {}
        self.where: dict[str, str] = {}
        #: Grid games: the stacks laid on each (col, row), bottom first, and their owners.
        self.stacks: dict[tuple[int, int], list[str]] = {}
        self.owners: dict[tuple[int, int], int] = {}
        #: Game-specific facts a mapping keeps between lines (whose trick, the round...).
        self.notes: dict[str, Any] = {}

    def put(self, cards: Iterable[str], zone: str) -> None:
        """These cards now lie on top of `zone`, wherever they were."""
        for card in cards:
            old = self.where.get(card)
            if old is not None:
                self.zones[old].remove(card)
            self.where[card] = zone
            self.zones.setdefault(zone, []).append(card)

    def lay(self, card: str, zone: str, col: int, row: int) -> None:
        """`card` goes onto the stack at (col, row) of the board, which is zone `zone`."""
        self.put([card], zone)
        self.stacks.setdefault((col, row), []).append(card)

    def board(self) -> Board:
        return {at: (stack[-1], len(stack), self.owners.get(at, -1)) for at, stack in self.stacks.items()}

    def cards(self, zone: str) -> list[str]:
        return list(self.zones.get(zone, ()))

    def move_all(self, source: str, zone: str) -> None:
        """Every card of `source` goes onto `zone`, in order."""
        self.put(self.cards(source), zone)

    def forget_all(self) -> None:
        """Every card goes out of sight (a new round gathers and deals them all again)."""
        self.put([card for cards in self.zones.values() for card in cards], UNSEEN)

    def deal(self, hands: list[list[str]], zone: str = "hand") -> None:
        """Each seat's hand as the deal names it (cards left from before go back unseen)."""
        for seat in range(self.players):
            self.move_all(f"{zone}/{seat}", UNSEEN)
            self.put(hands[seat], f"{zone}/{seat}")



#: A move as a mapping reads it: the reader, the seat that moved, the move's JSON and the
#: card ids its notation names.
MoveRule = Callable[[Reader, int, Any, list[str]], None]
EventRule = Callable[[Reader, dict[str, Any]], None]


@dataclass(frozen=True)
class LogMapping:
    """How a game's log moves cards: what a move does and what each event type does. An
    event type not named moves no card."""

    move: MoveRule
    events: dict[str, EventRule] = field(default_factory=dict)


def notation_cards(notation: str, ids: frozenset[str]) -> list[str]:
    """The card ids a move's notation names, in order."""
    return [token for token in notation.split() if token in ids]


def read(lines: list[LogLine], mapping: LogMapping, reader: Reader, lose: str = "") -> Iterator[Reader]:
    """Follow a log: yields the reader after the set-up and after each move with its events.
    `lose`: an event type the reader never sees (`trick`), or one key of one (`deal.removed`),
    as if the log had lost it."""
    kind, _, key = lose.partition(".")
    for line in lines:
        if line["type"] == "move":
            yield reader
            mapping.move(reader, line["seat"], line["move"], notation_cards(line["notation"], reader.known))
        elif line["type"] == "chance":
            event = line["event"]
            rule = mapping.events.get(event["type"])
            if event["type"] == kind and not key or rule is None:
                continue
            rule(reader, {k: v for k, v in event.items() if k != key} if event["type"] == kind else event)
    yield reader


def seat_view(zones: dict[str, list[str]], hidden: set[str], covered: set[str]) -> View:
    """The cards of every zone a seat sees: a covered pile by its top, the others whole."""
    view: View = {}
    for name, cards in zones.items():
        if name in hidden or name == UNSEEN or not cards:
            continue
        view[name] = tuple(cards[-1:]) if name in covered else tuple(sorted(cards))
    return view


@dataclass
class Shown:
    """What the engine showed each seat before one move: the views, the zones hidden from and
    covered for each seat, and the card ids each observation names."""

    views: list[View]
    board: Board
    hidden: list[set[str]]
    covered: list[set[str]]
    observed: list[set[str]]


def shown(state: State) -> Shown:
    zones = state.card_zones()
    every = set().union(*zones.values())
    hidden = [set(state.hidden_zones(s)) for s in range(state.n_players)]
    covered = [set(state.covered_zones(s)) for s in range(state.n_players)]
    board = {(cell.col, cell.row): (cell.card, cell.height, cell.owner) for cell in state.board_cells()}
    return Shown([seat_view(zones, hidden[s], covered[s]) for s in range(state.n_players)], board, hidden, covered,
                 [set(card_ids_in(state.observation(s))) & every for s in range(state.n_players)])


def differences(want: View, got: View) -> list[str]:
    return [f"{name}: the engine shows {list(want.get(name, ()))}, the log gives {list(got.get(name, ()))}"
            for name in sorted(set(want) | set(got)) if want.get(name, ()) != got.get(name, ())]


def rebuild_problems(game: Game, mapping: LogMapping, n_players: int, index: int, lose: str = "",
                     options: dict[str, Any] | None = None) -> list[str]:
    """Play a seeded random game, logging it; follow the log with the mapping and say where
    what the reader knows differs from what the engine showed a seat (first difference only)."""
    before: list[Shown] = []
    state, lines = record_game(game, n_players, ["random"] * n_players, seed=5, index=index, options=options,
                               on_move=lambda s, _: before.append(shown(s)))
    before.append(shown(state))
    reader = Reader(n_players, deck_of(game, lines))
    moves = [line for line in lines if line["type"] == "move"]
    try:
        for step, known in enumerate(read(lines, mapping, reader, lose)):
            at = f"{n_players} players, game {index}, " + (f"before move {step} (turn {moves[step]['turn']})"
                                                          if step < len(moves) else "at the end")
            engine = before[step]
            if engine.board != known.board():
                wrong_cells = sorted(at for at in set(engine.board) | set(known.board())
                                     if engine.board.get(at) != known.board().get(at))
                return [f"{at}: the board at (col, row) {wrong_cells[0]}: the engine shows "
                        f"{engine.board.get(wrong_cells[0])}, the log gives {known.board().get(wrong_cells[0])}"]
            for seat in range(n_players):
                view = seat_view(known.zones, engine.hidden[seat], engine.covered[seat])
                wrong = differences(engine.views[seat], view)
                unseen = engine.observed[seat] - {card for cards in view.values() for card in cards}
                if wrong:
                    return [f"{at}, seat {seat}: {wrong[0]}"]
                if unseen:
                    return [f"{at}, seat {seat}: its observation shows {sorted(unseen)[:3]}, the log gives them "
                            "nowhere that seat sees"]
    except (Unreadable, KeyError, ValueError, IndexError) as exc:
        return [f"{n_players} players, game {index}: the log cannot be followed ({exc!r})"]
    return []


def deck_of(game: Game, lines: list[LogLine]) -> frozenset[str]:
    """Every card id of the game the log's header names (what `deckgen cards` lists)."""
    state = game.new_game(lines[0]["players"], random.Random(0), game.rules.resolve_options(lines[0]["options"]))
    return frozenset(set().union(*state.card_zones().values()))
