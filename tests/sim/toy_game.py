"""A tiny test-only game on the Mirror Deck, written on the engine kit the way a new game
would be: its rules, its engine, its bot and a fixture, and nothing else. The contract suite
plays it like every shipped game, and the simulator tests use it without real engines.

"High card": each seat gets a hand; the leader and then every other seat play one card to a
trick (or pass, which only wastes a turn); the card's higher reading decides the trick (the
highest wins, or the lowest with `low_wins`) and its winner leads the next. The game ends
when every hand is empty; most tricks wins, ties share. Passing lets random bots run into
the turn cap, so runs contain unfinished games and shared wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import pytest

from deckgen.bots import registry as bot_registry
from deckgen.errors import BadPosition
from deckgen.games import registry
from deckgen.games.base import Game, Move, Result, State
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled_order
from deckgen.games.kit.ranking import scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.model import rules as rules_module
from deckgen.games.kit.params import bounded
from deckgen.model.play_rules import GameData
from deckgen.model.rules import GameRules

PASS: tuple[int] = (-1,)

TOY_RULES = GameRules.model_validate(
    {
        "id": "toy-high-card",
        "name": "Toy High Card",
        "deck": "mirror",
        "aliases": ["toy"],
        "players": {"min": 2, "max": 4},
        "metadata": {"minutes": "5", "complexity": 1, "designer": "deckgen tests"},
        "setup": {2: {"hand_size": 4}, 3: {"hand_size": 3}, 4: {"hand_size": 3}},
        "options": {
            "pass_allowed": {"type": "bool", "default": True, "description": "Seats may pass instead of playing."},
            "low_wins": {"type": "bool", "default": False, "description": "The lowest card takes the trick."},
        },
        "turn_cap": 14,
        "params": {"reading": "high"},
    }
)


@dataclass(frozen=True)
class ToyParams:
    #: Which of a card's two readings counts in a trick.
    reading: str = bounded(pattern="^(low|high)$")


class ToyState(State):
    def __init__(self, game: ToyGame, hands: list[list[int]], draw: list[int], options: Mapping[str, Any],
                 events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = len(hands)
        self.next_seat = next_seats(self.n_players)
        self.hands = hands
        self.draw = draw
        self.trick: list[tuple[int, int]] = []
        self.won: list[list[int]] = [[] for _ in hands]
        self.tricks = [0] * self.n_players
        self.current_player = 0
        self.turns = 0
        self.passes = 0
        self.pass_allowed = bool(options["pass_allowed"])
        self.low_wins = bool(options["low_wins"])
        self.events = events

    @property
    def is_over(self) -> bool:
        return not self.trick and not any(self.hands)

    def legal_moves(self) -> list[Move]:
        moves: list[Move] = [(card,) for card in self.hands[self.current_player]]
        if self.pass_allowed:
            moves.append(PASS)
        return moves

    def apply(self, move: Move) -> None:
        self.turns += 1
        if move == PASS:
            self.passes += 1
            return
        seat = self.current_player
        self.hands[seat].remove(move[0])
        self.trick.append((seat, move[0]))
        if len(self.trick) < self.n_players:
            self.current_player = self.next_seat[seat]
            return
        value = self.game.value
        pick = min if self.low_wins else max
        winner = pick(self.trick, key=lambda played: value[played[1]])[0]
        self.tricks[winner] += 1
        self.won[winner].extend(card for _, card in self.trick)
        self.trick = []
        self.current_player = winner
        if self.events is not None:
            self.events.append({"type": "trick", "seat": winner})

    def result(self) -> Result:
        return scored_result(self.is_over, [float(t) for t in self.tricks], self.turns, self.counters)

    def observation(self, player: int) -> dict[str, Any]:
        ids = self.game.cards.ids
        return {
            "hand": [ids[c] for c in self.hands[player]],
            "trick": [[seat, ids[c]] for seat, c in self.trick],
            "tricks": list(self.tricks),
        }

    def card_zones(self) -> dict[str, list[str]]:
        ids_of = self.game.cards.ids_of
        zones = {f"hand/{s}": ids_of(h) for s, h in enumerate(self.hands)}
        zones.update({f"won/{s}": ids_of(w) for s, w in enumerate(self.won)})
        zones["trick"] = ids_of(card for _, card in self.trick)
        zones["draw"] = ids_of(self.draw)
        return zones

    def describe_move(self, move: Move) -> str:
        if move == PASS:
            return f"seat {self.current_player} passes"
        return f"seat {self.current_player} plays {self.game.cards.names[move[0]]}"

    @property
    def counters(self) -> dict[str, int]:
        return {"passes": self.passes}

    def shared_parts(self) -> tuple[object, ...]:
        return (self.game, self.next_seat)

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        index = self.game.cards.index
        for name, ids in zones.items():
            cards = [index[card] for card in ids]
            if name == "draw":
                self.draw = cards
            else:
                self.hands[int(name.partition("/")[2])] = cards


class ToyGame(Game):
    id = "toy-high-card"
    Params = ToyParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        pick = max if self.params.reading == "high" else min
        #: Each card's value in a trick.
        self.value = [pick(card.fields["readings"]) for card in self.deck.cards]

    def new_game(self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False) -> State:
        size = self.rules.setup_for(n_players).hand_size or 0
        draw = shuffled_order(self.cards.size, rng)
        hands = deal_hands(draw, n_players, size)
        events = [deal_event(self.cards, hands)] if record else None
        return ToyState(self, hands, draw, options, events)

    def position(self, zones: Mapping[str, Sequence[str]], *, current_player: int = 0,
                 options: dict[str, Any] | None = None, **details: Any) -> State:
        n_players, placed = self.place_zones(zones, ("hand", "won"), ("draw", "trick"), details)
        if placed["trick"] or any(placed[f"won/{s}"] for s in range(n_players)):
            raise BadPosition("position: the toy game starts only before the first trick")
        state = ToyState(self, [placed[f"hand/{s}"] for s in range(n_players)], placed["draw"],
                         self.rules.resolve_options(options), None)
        state.current_player = current_player
        return state


class HighestCardBot:
    """Plays its best card for the trick and never passes."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat

    def choose(self, state: ToyState) -> Move:
        value = state.game.value
        return max((m for m in state.legal_moves() if m != PASS), key=lambda m: value[m[0]])


def install_toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registers the toy game and its bot (and only them) for one test."""
    monkeypatch.setattr(rules_module, "all_rules", lambda: {TOY_RULES.id: TOY_RULES})
    monkeypatch.setattr(rules_module, "all_play_rules", lambda: {TOY_RULES.id: TOY_RULES})
    monkeypatch.setattr(registry, "_GAME_CLASSES", {ToyGame.id: ToyGame})
    monkeypatch.setattr(registry, "_imported", True)
    monkeypatch.setattr(bot_registry, "_BOTS", {ToyGame.id: {"greedy": HighestCardBot}})
    monkeypatch.setattr(bot_registry, "_loaded", True)


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Game:
    """Makes the toy game the only registered game for one test, so these tests do not depend
    on the real engines or their rule files."""
    install_toy_game(monkeypatch)
    return registry.get_game(TOY_RULES.id)
