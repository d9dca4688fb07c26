"""A Clique Mystique game in progress: how placements, replacements and passes change the
position, the score, the copies search makes, and what each seat sees. Where a seat may place
and what a placement turns is `placements.CliquePlacements`."""

from __future__ import annotations

import random
from typing import Any

from deckgen.games.base import Move, Result
from deckgen.games.clique_mystique.board import KIND_COUNTERS, KIND_NAMES
from deckgen.games.clique_mystique.moves import PASS, PLACE, REPLACE
from deckgen.games.clique_mystique.placements import CliquePlacements
from deckgen.games.kit.board import Cell
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import shuffle_in_place
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.ranking import scored_result


class CliqueState(CliquePlacements):
    """A Clique Mystique game: a position that moves change."""

    # -- applying moves ----------------------------------------------------------------

    def apply(self, move: Move) -> None:
        seat = self.current_player
        self.turns += 1
        self.forget_placements()
        code = move[0]
        if code == PLACE:
            self.passes = 0
            self.replace_streak[seat] = 0
            self._place(seat, move)
        elif code == REPLACE:
            self.passes = 0
            self.replace_streak[seat] += 1
            self._replace(seat, move[1:])
        else:
            self.passes += 1
            self.replace_streak[seat] = 0
            self.pass_count += 1
            if self.passes >= 2:
                self.is_over = True
                return
        self.current_player = 1 - seat

    def _place(self, seat: int, move: Move) -> None:
        rotate, kinds = self.outcome(move)
        placed = claimed = 0
        stacks, top, owner = self.stacks, self.top, self.owner
        for j in range(1, len(move), 2):
            cell, card = move[j], move[j + 1]
            self.hands[seat] ^= 1 << card
            stacks[cell] = stacks[cell] + [card]  # a new list: copies share the stacks
            top[cell] = card
            placed |= 1 << cell
            if owner[cell] < 0:
                owner[cell] = seat
                self.own[seat] |= 1 << cell
                claimed |= 1 << cell
        if self.events is not None:  # ownership: new stacks claimed, the opponent's turned
            self.events.append({"type": "owners", "seat": seat, "claimed": bits_of(claimed),
                                "rotated": bits_of(rotate), "groups": [KIND_NAMES[k] for k in kinds]})
        for kind in kinds:
            self.placed_groups[kind] += 1
        self.placements_made += 1
        self.stacks_rotated += rotate.bit_count()
        self.own[1 - seat] &= ~rotate
        self.own[seat] |= rotate
        for cell in bits_of(rotate):
            owner[cell] = seat
        self._slots = [None, None]
        self._checks = [{}, {}]
        through = self.game.geometry.through
        dirty, other = self._dirty
        for cell in bits_of(placed | rotate):
            for number in through[cell]:
                dirty[number] = True
                other[number] = True
        self._draw(seat, self.game.hand_size - self.hands[seat].bit_count())

    def _draw(self, seat: int, count: int) -> None:
        count = min(count, len(self.draw))
        if count <= 0:
            return
        drawn = self.draw[-count:]
        del self.draw[-count:]
        for card in drawn:
            self.hands[seat] |= 1 << card
        if self.events is not None:
            self.events.append({"type": "draw", "seat": seat, "cards": self.game.cards.ids_of(drawn)})

    def _replace(self, seat: int, cards: Move) -> None:
        for card in cards:
            self.hands[seat] ^= 1 << card
        self._draw(seat, len(cards))
        self.draw.extend(cards)
        shuffle_in_place(self.draw, self.rng)
        self.replacements += 1
        if self.events is not None:
            self.events.append({"type": "shuffle", "seat": seat, "returned": len(cards), "cards": len(self.draw)})

    # -- scoring -----------------------------------------------------------------------

    def owned_cards(self, seat: int) -> int:
        return sum(len(self.stacks[c]) for c in bits_of(self.own[seat]))

    def scores(self) -> list[int]:
        """Cards in the stacks a seat owns minus the cards in its hand."""
        return [self.owned_cards(s) - self.hands[s].bit_count() for s in (0, 1)]

    def tie_breaks(self) -> list[int]:
        """Per seat: for every Group on the board whose stacks all belong to it, the cards in
        those stacks, twice for a Clique with two constant attributes."""
        game, geo = self.game, self.game.geometry
        counts = [0, 0]
        akey, top, stacks = game.akey, self.top, self.stacks
        for number, mask in enumerate(geo.line_masks):
            for seat in (0, 1):
                if mask & ~self.own[seat]:
                    continue
                cells = geo.lines[number]
                key = 0
                for c in cells:
                    key |= akey[top[c]]
                weight = game.weights[len(cells)][key]
                if weight:
                    counts[seat] += weight * sum(len(stacks[c]) for c in cells)
        return counts

    def standing(self) -> list[float]:
        """Cards in owned stacks minus cards in hand, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(s) for s in self.scores()]

    def result(self) -> Result:
        scores = self.scores()
        return scored_result(self.is_over, [float(s) for s in scores], self.turns, self.counters,
                             tie_break=[float(t) for t in self.tie_breaks()])

    @property
    def counters(self) -> dict[str, int]:
        counts = {KIND_COUNTERS[kind]: self.placed_groups[kind] for kind in range(1, len(KIND_NAMES))}
        counts.update(placements=self.placements_made, stacks_rotated=self.stacks_rotated,
                      replacements=self.replacements, passes=self.pass_count)
        return counts

    # -- search: copies and determinizations -------------------------------------------

    def shared_parts(self) -> tuple[object, ...]:
        return (self.game,)

    def _twin(self) -> CliqueState:
        """A copy with its own board list, hands and deck, sharing the random source. The
        stacks themselves are shared: a placement replaces a stack rather than growing it."""
        return CliqueState(self.game, self.stacks[:], self.owner[:], self.hands[:], self.draw[:], self.rng,
                           None, self)

    def clone(self) -> CliqueState:
        twin = self._twin()
        twin.rng = copied(self.rng)
        return twin

    def clone_reseeded(self, rng: random.Random) -> CliqueState:
        """A clone drawing from `rng`, without first copying a random state it would drop."""
        twin = self._twin()
        twin.rng = rng
        return twin

    def determinize(self, seat: int, rng: random.Random) -> CliqueState:
        """The other hand and the deck dealt again among themselves, each keeping its size."""
        twin = self._twin()
        other = 1 - seat
        pool = self.draw + bits_of(self.hands[other])
        shuffle_in_place(pool, rng)
        count = self.hands[other].bit_count()
        twin.hands[other] = sum(1 << c for c in pool[:count])
        twin.draw = pool[count:]
        twin.rng = rng
        twin.forget_placements()
        return twin

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        index = self.game.cards.index
        for name, cards in zones.items():
            ints = [index[c] for c in cards]
            if name == "draw":
                self.draw = ints
            else:
                self.hands[int(name.split("/")[1])] = sum(1 << c for c in ints)
        self.forget_placements()

    # -- what seats see ----------------------------------------------------------------

    def board(self) -> list[dict[str, Any]]:
        """The stacks as the rule data's diagrams write them: at [col, row], cards bottom to
        top, owner."""
        geo, ids = self.game.geometry, self.game.cards.ids
        return [{"at": [geo.col(c), geo.row(c)], "cards": [ids[x] for x in stack], "owner": self.owner[c]}
                for c, stack in enumerate(self.stacks) if stack]

    def board_cells(self) -> list[Cell]:
        geo, ids = self.game.geometry, self.game.cards.ids
        return [Cell(geo.col(c), geo.row(c), card=ids[stack[-1]], height=len(stack), owner=self.owner[c])
                for c, stack in enumerate(self.stacks) if stack]

    def observation(self, player: int) -> dict[str, Any]:
        return {
            "seat": player,
            "hand": self.game.cards.ids_of_mask(self.hands[player]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "draw_size": len(self.draw),
            "board": self.board(),
            "current_player": self.current_player,
            "passes": self.passes,
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        ids = self.game.cards.ids
        zones = {f"hand/{s}": self.game.cards.ids_of_mask(h) for s, h in enumerate(self.hands)}
        zones["draw"] = [ids[c] for c in self.draw]
        for cell, stack in enumerate(self.stacks):
            if stack:
                zones[f"cell/{cell}"] = [ids[c] for c in stack]
        return zones

    def hidden_zones(self, player: int) -> list[str]:
        """The other hand and the deck; every stack, covered cards included, is public."""
        return [f"hand/{1 - player}", "draw"]

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        names = self.game.cards.names
        if move[0] == PASS:
            return f"seat {seat} passes"
        if move[0] == REPLACE:
            return f"seat {seat} replaces {len(move) - 1} card{'s' if len(move) > 2 else ''}: " + ", ".join(
                names[c] for c in move[1:])
        geo = self.game.geometry
        puts = []
        for j in range(1, len(move), 2):
            cell = move[j]
            where = "on own stack" if self.owner[cell] == seat else "at"
            puts.append(f"{names[move[j + 1]]} {where} row {geo.row(cell)} col {geo.col(cell)}")
        rotate, kinds = self.outcome(move)
        groups = ", ".join(KIND_NAMES[k] for k in kinds) or "no Group"
        turned = ", ".join(f"row {geo.row(c)} col {geo.col(c)}" for c in bits_of(rotate)) or "nothing"
        return f"seat {seat} places {'; '.join(puts)} ({groups}; turns {turned})"
