"""Worlds for the search bot in described shedding games (Crazy Eights, Comet Chase) that agree
with what the other players showed: a player who drew or passed held no card it could play.

The greedy bot plays a card whenever it can (`deckgen/bots/described.py`), so when the seat
after the searcher drew instead, none of its cards fitted the top card the searcher left; the
plain determinization deals it cards at random, often the very suit it showed it lacks, and
then playing into that suit looks no better than it is. This model keeps, per other seat,
what each such turn ruled out: the cards that would have fitted, and how many cards the
player held then (its oldest cards: a seat that has not played since only added cards on
top). A world is dealt at random, then each such hand is dealt again from the unseen cards
(its hand and the stock), its oldest place first, each place taking the first unseen card
that none of the turns it was held through rules out (any card where none is left).

It reads only what every seat sees, on worlds dealt for the searcher: hand sizes, the round,
and which cards fit a position (the engine's legal moves, on a world whose mover is handed
every card). A seat that played a card from its hand since is no longer read (which of its
cards it played is unknown), nor is a seat whose turn did not start on the top card the
searcher left (a player before it in the order played on it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from deckgen.games.base import Move, State

if TYPE_CHECKING:  # annotations only: importing it loads the described engine in every run
    from deckgen.games.described.state import DescribedState


@dataclass(frozen=True)
class AfterMove:
    """What every seat saw right after the searcher's move: the round, each seat's hand size,
    and the cards the next player could have played (a mask by card)."""

    round_no: int
    sizes: tuple[int, ...]
    fits: int


def hand_zones(world: DescribedState) -> list[int]:
    """Each seat's hand zone index."""
    return [world.layout.zone_index[f"hand/{seat}"] for seat in range(world.n_players)]


def fitting_cards(world: DescribedState) -> int:
    """The cards the player to move could play here, as a mask: its hand is made every card of
    the deck in a copy, whose legal plays then name them."""
    trial = world.clone()
    layout = trial.layout
    trial.zones[hand_zones(trial)[trial.current_player]] = list(range(len(layout.card_ids)))
    trial.phase = 0
    mask = 0
    for move in trial.legal_moves():
        if layout.move_kinds[move[0]] == "play" and move[1] >= 0:
            mask |= 1 << move[1]
    return mask


class SheddingModel:
    """Deals the search bot's worlds so that every player who drew or passed on the searcher's
    top card holds none of the cards that fitted it (search.OpponentModel and MoveObserver)."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat
        #: After the searcher's last move, if the next player has yet to be read.
        self.after: AfterMove | None = None
        #: Per seat: (cards ruled out, cards it held then) for each turn it could not play.
        self.ruled_out: list[list[tuple[int, int]]] = []
        self.round_no = 0

    def observe(self, state: State, move: Move, rng: random.Random) -> None:
        """Remember what every seat sees after the searcher's `move` (read on a world dealt for
        it: the hidden cards do not change what is seen)."""
        world = cast("DescribedState", state.determinize(self.seat, rng))
        self.read_since(world)  # a forced move deals no world for search: read the turns before it here
        world.apply(move)
        if world.is_over or world.current_player == self.seat:
            return  # the searcher moves again (after a draw): its next move is the one to read
        zones = world.zones
        self.after = AfterMove(world.round_no, tuple(len(zones[zone]) for zone in hand_zones(world)),
                               fitting_cards(world))

    def read_since(self, world: DescribedState) -> None:
        """Read the turns made since the searcher's last move, once, and forget a past round's."""
        if self.after is not None or world.round_no != self.round_no:
            self.read_turns(world)

    def read_turns(self, world: DescribedState) -> None:
        """What the other seats showed since the searcher's last move: a seat whose hand did
        not shrink drew or passed, so held nothing that fitted the searcher's top card."""
        after, self.after = self.after, None
        if world.round_no != self.round_no or not self.ruled_out:  # a new round: new hands
            self.ruled_out = [[] for _ in range(world.n_players)]
            self.round_no = world.round_no
        if after is None or after.round_no != world.round_no:
            return
        sizes = [len(world.zones[zone]) for zone in hand_zones(world)]
        on_top = True  # whether this seat's turn began on the top card the searcher left
        for step in range(1, world.n_players):
            other = (self.seat + step * world.layout.order) % world.n_players
            grew = sizes[other] - after.sizes[other]
            if grew < 0:
                self.ruled_out[other] = []
                on_top = False
                continue
            if on_top:
                self.ruled_out[other].append((after.fits, sizes[other]))
            on_top = on_top and grew == 1  # drew and kept it: the top card stayed

    def sample_world(self, state: State, rng: random.Random) -> State:
        """A world for the searcher in which every hand agrees with the turns read."""
        world = cast("DescribedState", state.determinize(self.seat, rng))
        self.read_since(world)
        if any(self.ruled_out):
            self.deal_again(world)
        return world

    def deal_again(self, world: DescribedState) -> None:
        """Deal each hand with turns read again from the unseen cards, oldest place first."""
        zones, layout = world.zones, world.layout
        hidden = [layout.zone_index[name] for name in world.hidden_zones(self.seat)]
        pool = [card for zone in hidden for card in zones[zone]]
        sizes = {zone: len(zones[zone]) for zone in hidden}
        dealt: dict[int, list[int]] = {}
        for seat, turns in enumerate(self.ruled_out):
            zone = hand_zones(world)[seat]
            if not turns or zone not in sizes:
                continue
            hand = dealt[zone] = []
            for place in range(sizes[zone]):
                barred = 0
                for fits, held in turns:
                    if place < held:
                        barred |= fits
                pick = next((i for i, card in enumerate(pool) if not barred >> card & 1), 0)
                hand.append(pool.pop(pick))
        for zone in hidden:
            if zone not in dealt:
                dealt[zone], pool = pool[:sizes[zone]], pool[sizes[zone]:]
        for zone, cards in dealt.items():
            zones[zone] = cards


#: Move kinds from most to least wanted, as the described greedy bot ranks them (kept here, not
#: in `described`, which loads the described engine, which most runs never use).
KIND_ORDER = ("play", "give", "buy", "declare", "take", "draw", "pass")


def most_wanted(moves: list[Move], kinds: list[str]) -> list[Move]:
    """The moves of the most wanted kind (`KIND_ORDER`), in the engine's order, as the greedy
    bot narrows its choice first."""
    wanted = min(KIND_ORDER.index(kinds[move[0]]) for move in moves)
    return [move for move in moves if KIND_ORDER.index(kinds[move[0]]) == wanted]


class SheddingReply:
    """The described greedy bot's policy at a playout's price, for playouts played out to the
    end: the most wanted kind of move (a play when it can), the cards worth most by the
    description's rating, declaring the value most of the rest of the hand shares, equals
    broken at random as the greedy bot breaks them. The greedy bot weighs every move through
    the description's expressions (33 us a move in Crazy Eights, compiled); this counts the
    hand's declared values once a decision."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, world: DescribedState) -> Move:
        layout = world.layout
        kinds, rating = layout.move_kinds, layout.greedy
        best: list[Move] = []
        best_key = (0, 0)
        held_values: dict[int, int] | None = None
        for move in most_wanted(world.legal_moves(), kinds):
            cards = (move[1], *move[3:]) if move[1] >= 0 else ()
            worth = sum(rating(world, card) for card in cards) if rating is not None else \
                sum(layout.card_worth[card] for card in cards)
            shared = 0
            column = layout.declared_columns[move[0]]
            if move[2] >= 0 and column:
                if held_values is None:
                    held_values = {}
                    for card in world.zones[layout.move_sources[move[0]](world, -1)]:
                        held_values[column[card]] = held_values.get(column[card], 0) + 1
                shared = held_values.get(move[2], 0) - sum(1 for card in cards if column[card] == move[2])
            if not best or (worth, shared) > best_key:
                best, best_key = [move], (worth, shared)
            elif (worth, shared) == best_key:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)
