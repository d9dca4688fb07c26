"""A tiny test-only game on the Mirror Deck, so the simulator can be tested without real engines.

"High card": each seat gets a hand; the leader and then every other seat play one card to a
trick (or pass, which only wastes a turn); the highest reading wins the trick and leads the
next. The game ends when every hand is empty; most tricks wins, ties share. Passing lets
random bots run into the turn cap, so runs contain unfinished games and shared wins.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckgen.bots.random_bot import RandomBot
from deckgen.games import base
from deckgen.games.base import Game, Move, Result, State, check_players
from deckgen.model import rules as rules_module
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
    }
)


class ToyState(State):
    def __init__(self, game: ToyGame, hands: list[list[int]], stock: list[int], options: dict[str, Any], record: bool):
        self.game = game
        self.n_players = len(hands)
        self.hands = hands
        self.stock = stock
        self.trick: list[tuple[int, int]] = []
        self.taken: list[list[int]] = [[] for _ in hands]
        self.tricks = [0] * self.n_players
        self.current_player = 0
        self.turns = 0
        self.passes = 0
        self.pass_allowed = bool(options["pass_allowed"])
        self.low_wins = bool(options["low_wins"])
        self.events: list[dict[str, Any]] | None = [] if record else None
        if self.events is not None:
            self.events.append({"type": "deal", "hands": [list(h) for h in hands]})

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
            self.current_player = (seat + 1) % self.n_players
            return
        pick = min if self.low_wins else max
        winner = pick(self.trick, key=lambda played: played[1])[0]
        self.tricks[winner] += 1
        self.taken[winner].extend(card for _, card in self.trick)
        self.trick = []
        self.current_player = winner
        if self.events is not None:
            self.events.append({"type": "trick", "winner": winner})

    def result(self) -> Result:
        finished = self.is_over
        best = max(self.tricks)
        winners = tuple(s for s, t in enumerate(self.tricks) if t == best) if finished else ()
        ranking = tuple(sorted(range(self.n_players), key=lambda s: -self.tricks[s]))
        return Result(finished, winners, tuple(float(t) for t in self.tricks), ranking, self.turns, self.counters)

    def observation(self, player: int) -> dict[str, Any]:
        return {"hand": list(self.hands[player]), "trick": [list(p) for p in self.trick], "tricks": list(self.tricks)}

    def card_zones(self) -> dict[str, list[Any]]:
        zones = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        zones.update({f"taken{s}": list(t) for s, t in enumerate(self.taken)})
        zones["trick"] = [card for _, card in self.trick]
        zones["stock"] = list(self.stock)
        return zones

    def describe_move(self, move: Move) -> str:
        if move == PASS:
            return "passes"  # without a seat, as some engines word it; the transcript adds it
        return f"seat {self.current_player} plays {move[0]}"

    @property
    def counters(self) -> dict[str, int]:
        return {"passes": self.passes}


class HighestCardBot:
    """Plays its highest card and never passes."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat

    def choose(self, state: State) -> Move:
        return max(m for m in state.legal_moves() if m != PASS)


class ToyGame(Game):
    id = "toy-high-card"
    bots = {"random": RandomBot, "greedy": HighestCardBot}

    def new_game(self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False) -> State:
        check_players(self, n_players)
        readings = [max(card.fields["readings"]) for card in self.deck.cards]
        rng.shuffle(readings)
        size = self.rules.setup_for(n_players).hand_size or 0
        hands = [readings[s * size : (s + 1) * size] for s in range(n_players)]
        return ToyState(self, hands, readings[n_players * size :], options, record)


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Game:
    """Makes the toy game the only registered game for one test, so these tests do not depend
    on the real engines or their rule files."""
    monkeypatch.setattr(rules_module, "all_rules", lambda: {TOY_RULES.id: TOY_RULES})
    monkeypatch.setattr(base, "_GAME_CLASSES", {ToyGame.id: ToyGame})
    return base.get_game(TOY_RULES.id)
