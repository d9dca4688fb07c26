"""What a Mystique Maze game in progress reads from its engine: card coordinates on the three
lines, the corner cards and each seat's own paths per player count. `game` builds on it the
states themselves, so a state never imports its engine."""

from __future__ import annotations

from collections.abc import Mapping

from deckgen.games.base import Game
from deckgen.games.mystique_maze.cards import ATTRIBUTES, DISCARD, FROM_DECK, FROM_PILE, MAX_CARDS
from deckgen.games.mystique_maze.params import MazeParams
from deckgen.games.mystique_maze.paths import SeatPaths
from deckgen.games.notation.piles import PilesNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class MazeTables(Game[MazeParams]):
    """The engine's tables: card coordinates, corner cards, each seat's paths per count."""

    Params = MazeParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = PilesNotation(self.cards.ids, "discard", (FROM_DECK, FROM_PILE, DISCARD))
        #: coords[card]: its place on the colour, suit and number lines.
        self.coords: list[tuple[int, int, int]] = [self._coords_of(card.attrs) for card in self.deck.cards]
        self.at = {xyz: card for card, xyz in enumerate(self.coords)}
        self.corner_cards: list[tuple[int, int]] = [
            (self.cards.index_of(a), self.cards.index_of(b)) for a, b in self.params.corners]
        self.discard_moves: tuple[tuple[int, int], ...] = tuple((DISCARD, c) for c in range(self.cards.size))
        self._seat_paths: dict[int, list[SeatPaths]] = {}

    def _coords_of(self, attrs: Mapping[str, object]) -> tuple[int, int, int]:
        p = self.params
        return (p.colour_line.index(str(attrs["colour"])), p.suit_line.index(str(attrs["suit"])),
                p.number_line.index(int(str(attrs["number"]))))

    def rule_problems(self) -> list[str]:
        p = self.params
        path = self.rules.path
        attributes = self.deck.attributes
        if not set(ATTRIBUTES) <= set(attributes):
            return [problem(path, "deck", "the deck needs colour, suit and number attributes")]
        problems = []
        if self.cards.size > MAX_CARDS:
            problems.append(problem(path, "deck", f"{self.cards.size} cards; the engine takes at most {MAX_CARDS}"))
        lines = {"colour": [str(v) for v in p.colour_line], "suit": [str(v) for v in p.suit_line],
                 "number": [str(v) for v in p.number_line]}
        for name, line in lines.items():
            values = [str(v) for v in attributes[name]]
            if sorted(line) != sorted(values):
                problems.append(problem(path, f"params.{name}_line",
                                        f"must hold each {name} of the deck once ({', '.join(values)})"))
        if len(p.corners) < self.rules.players.max:
            problems.append(problem(path, "params.corners", f"{len(p.corners)} seats, but the game seats "
                                                            f"up to {self.rules.players.max}"))
        problems += [problem(path, f"params.corners.{seat}", f"found {len(pair)} cards (expected 2: the seat's "
                             "two corners)") for seat, pair in enumerate(p.corners) if len(pair) != 2]
        named = [card for pair in p.corners for card in pair]
        unknown = [card for card in named if card not in self.cards.index]
        if unknown:
            problems.append(problem(path, "params.corners", f"unknown cards {', '.join(unknown)}"))
        elif len(set(named)) != len(named):
            problems.append(problem(path, "params.corners", "a card is the corner of two seats"))
        if problems:
            return problems
        by_id = {card.id: card for card in self.deck.cards}
        for n, spec in sorted(self.rules.setup.items()):
            for seat, (a, b) in enumerate(p.corners[:n]):
                ca, cb = self._coords_of(by_id[a].attrs), self._coords_of(by_id[b].attrs)
                steps = sum(abs(x - y) for x, y in zip(ca, cb))
                if spec.hand_size != steps - 1:
                    problems.append(problem(path, f"setup.{n}.hand_size",
                                            f"{spec.hand_size}, but seat {seat}'s corners are {steps} steps "
                                            f"apart: a hand must be exactly one shortest chain ({steps - 1} cards)"))
            if spec.decks != 1 or n * ((spec.hand_size or 0) + 2) > self.cards.size:
                problems.append(problem(path, f"setup.{n}", "one deck must hold the corners and the hands"))
        return problems

    def connected(self, a: int, b: int) -> bool:
        """Two cards share two attributes and the third is neighbouring on its line."""
        return sum(abs(x - y) for x, y in zip(self.coords[a], self.coords[b])) == 1

    def path_length(self, n_players: int) -> int:
        """Inner cards of a shortest chain: the hand size."""
        return self.rules.setup[n_players].hand_size or 0

    def shortest_paths(self, first: int, last: int, blocked: int = 0) -> list[int]:
        """Inner-card masks of the shortest paths from `first` to `last` (each step moves one
        attribute one value towards `last`), leaving out paths through `blocked` cards."""
        end = self.coords[last]
        at = self.at
        out = []
        stack: list[tuple[tuple[int, int, int], int]] = [(self.coords[first], 0)]
        while stack:
            here, mask = stack.pop()
            if here == end:
                out.append(mask)
                continue
            for axis in range(3):
                if here[axis] != end[axis]:
                    step = 1 if end[axis] > here[axis] else -1
                    there = (here[0] + step * (axis == 0), here[1] + step * (axis == 1), here[2] + step * (axis == 2))
                    if there == end:
                        stack.append((there, mask))
                    elif not blocked >> at[there] & 1:
                        stack.append((there, mask | 1 << at[there]))
        return sorted(out)

    def seat_paths(self, n_players: int) -> list[SeatPaths]:
        """Each seat's own paths with `n_players` in play (computed once per count)."""
        tables = self._seat_paths.get(n_players)
        if tables is None:
            corners = self.corner_cards[:n_players]
            tables = []
            for seat, (a, b) in enumerate(corners):
                blocked = sum(1 << c for s, pair in enumerate(corners) if s != seat for c in pair)
                tables.append(SeatPaths((a, b), self.shortest_paths(a, b, blocked), self.cards.size))
            self._seat_paths[n_players] = tables
        return tables
