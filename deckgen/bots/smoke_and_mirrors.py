"""The greedy Smoke and Mirrors bot: honest when it can, bluffs believably, doubts the unlikely.

It sees only what its seat may: its own hand and act, the sizes of acts on the table, the
claim, breaks left, the removed cards and the cards it knows have left the round (a caught
bluff it saw, a card it gave away). Everything else is its "unseen pool".
"""

from __future__ import annotations

import itertools
import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.smoke_and_mirrors import (
    BREAK_MOVE,
    CHALLENGE_MOVE,
    GIVE,
    PHASE_OPENING,
    PHASE_SWAP,
    SmokeState,
    SmokeTables,
)

#: Challenge the standing act when its estimated chance of being honest is below this,
#: depending on what the bot could do otherwise: act honestly, rest, or only bluff.
DOUBT_WHEN_HONEST = 0.25
DOUBT_WHEN_RESTING = 0.35
DOUBT_WHEN_BLUFFING = 0.5

#: Worlds a determinization deals at most looking for one in which this bot would have laid
#: the standing act as its player did (search's opponent model, `sample_world`).
MODEL_ATTEMPTS = 20

#: Shared caches keyed by the engine object (one per game id) and masks.
_HONEST_SHARE: dict[tuple[int, int, int, int], float] = {}
_REACH: dict[tuple[int, int], int] = {}


def honest_share(game: SmokeTables, pool: int, size: int, claim: int) -> float:
    """Chance that a hand dealt out of `pool` (one card of each type, as the deal gives)
    holds `size` cards that make `claim`: how believable a claim on that many face-down
    cards is to someone who cannot see them. Cards of equal type and value are grouped, so
    the enumeration stays small."""
    key = (id(game), pool, size, claim)
    found = _HONEST_SHARE.get(key)
    if found is None:
        found = _HONEST_SHARE[key] = _honest_share(game, pool, size, claim)
    return found


def _honest_share(game: SmokeTables, pool: int, size: int, claim: int) -> float:
    # Per type: one representative card per distinct value, weighted by how many there are.
    piles: list[list[tuple[int, int]]] = []
    for type_index in range(len(game.type_values)):
        by_value: dict[tuple[bool, int], list[int]] = {}
        for c in game.bits(pool):
            if game.card_type[c] == type_index:
                by_value.setdefault((game.is_mirror[c], game.value[c]), []).append(c)
        if by_value:
            piles.append([(cards[0], len(cards)) for cards in by_value.values()])
    honest = total = 0
    for hand in itertools.product(*piles):
        weight = 1
        for _, count in hand:
            weight *= count
        total += weight
        for group in itertools.combinations(hand, size):
            mask = 0
            for c, _ in group:
                mask |= 1 << c
            if game.totals(mask) >> claim & 1:
                honest += weight
                break
    return honest / total if total else 0.0


def reach(game: SmokeTables, cards: int) -> int:
    """Bitmask of every total some group of `cards` can make."""
    key = (id(game), cards)
    found = _REACH.get(key)
    if found is None:
        found = 0
        group = cards
        while group:
            found |= game.totals(group)
            group = (group - 1) & cards
        _REACH[key] = found
    return found


class GreedyBot:
    """Acts honestly when its cards allow, rests or bluffs when they do not, challenges
    acts that look unlikely from what it can see."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: SmokeState) -> Move:
        game = state.game
        me = self.seat
        if state.phase == PHASE_SWAP:
            return self.card_to_give(state)
        available = state.hands[me] | state.acts[me]
        claim = state.next_claim()
        in_play = game.cards.full_mask & ~state.layout.removed
        opening = state.phase == PHASE_OPENING
        honest = self.honest_groups(game, available, claim, opening)
        can_rest = not opening and state.breaks_left[me] > 0
        if state.act_seat >= 0 and state.act_seat != me:
            doubt = DOUBT_WHEN_HONEST if honest else DOUBT_WHEN_RESTING if can_rest else DOUBT_WHEN_BLUFFING
            if self.standing_act_share(state, in_play) < doubt:
                return CHALLENGE_MOVE
        act = self.act(game, in_play, available, claim, opening, can_rest, honest)
        return BREAK_MOVE if act is None else game.act_move(act)

    def sample_world(self, state: SmokeState, rng: random.Random) -> SmokeState:
        """A determinization in which the standing act is the one this bot would have laid in its
        player's place, for the search's opponent model: a world dealt at random is kept only
        where this bot, holding that player's cards, would have acted with as many cards as it
        did (not rested), and that act is laid, so the claim says what this policy makes it say.
        It reads only the world dealt (the public table and this seat's cards), and falls back
        on the last world dealt when `MODEL_ATTEMPTS` worlds all disagree (a player unlike it)."""
        for _ in range(MODEL_ATTEMPTS):
            world = state.determinize(self.seat, rng)
            actor = world.act_seat
            if actor < 0 or actor == self.seat:
                return world
            act = self.modelled_act(world, actor)
            if act is not None and act.bit_count() == world.acts[actor].bit_count():
                world.place_act(actor, act)
                return world
        return world

    def modelled_act(self, world: SmokeState, actor: int) -> int | None:
        """The act this bot would have laid for the standing claim with the cards `actor` holds
        in `world` (None: it would have rested). Nothing `actor` holds has changed since: a
        standing act's player has not moved again."""
        game = world.game
        available = world.hands[actor] | world.acts[actor]
        opening = world.claim == game.first_claim
        honest = self.honest_groups(game, available, world.claim, opening)
        can_rest = not opening and world.breaks_left[actor] > 0
        return self.act(game, game.cards.full_mask & ~world.layout.removed, available, world.claim, opening, can_rest,
                        honest)

    def honest_groups(self, game: SmokeTables, available: int, claim: int, opening: bool) -> list[int]:
        """The groups of `available` (of the opening's size in the opening) that make `claim`."""
        return [m for m in self.groups(available, self.sizes(game, available, opening)) if game.totals(m) >> claim & 1]

    @staticmethod
    def sizes(game: SmokeTables, available: int, opening: bool) -> range | list[int]:
        """How many cards an act may hold: the opening's count, else one to all of them."""
        return [game.opening_cards] if opening else range(1, available.bit_count() + 1)

    def act(self, game: SmokeTables, in_play: int, available: int, claim: int, opening: bool, can_rest: bool,
            honest: list[int]) -> int | None:
        """The act this bot lays out of `available` for `claim` (None: it rests instead); `in_play`
        is every card not removed for the player count."""
        if honest:
            # An honest act wants to be challenged: show the least believable honest group.
            return min(honest, key=lambda m: (honest_share(game, in_play, m.bit_count(), claim), m.bit_count(), m))
        if can_rest:
            return None
        # A bluff wants to pass unchallenged: play the number of cards that makes the claim
        # most believable, and of those the group whose true totals come nearest the claim.
        options = self.groups(available, self.sizes(game, available, opening))
        return max(options, key=lambda m: (honest_share(game, in_play, m.bit_count(), claim),
                                           self.nearest_below(game.totals(m), claim), -m))

    @staticmethod
    def groups(cards: int, sizes: range | list[int]) -> list[int]:
        """Every group (as a mask) of `cards` with one of the given sizes."""
        out = []
        group = cards
        while group:
            if group.bit_count() in sizes:
                out.append(group)
            group = (group - 1) & cards
        return out

    @staticmethod
    def nearest_below(totals: int, claim: int) -> int:
        """The highest total under the claim the cards can make (0 if none)."""
        below = totals & ((1 << claim) - 1)
        return below.bit_length() - 1 if below else 0

    def standing_act_share(self, state: SmokeState, in_play: int) -> float:
        """Estimated chance the standing act is honest: its card count drawn from the cards
        this seat cannot account for (0 when no such group reaches the claim)."""
        me = self.seat
        unseen = in_play & ~state.hands[me] & ~state.acts[me] & ~state.known_out[me]
        size = state.acts[state.act_seat].bit_count()
        return honest_share(state.game, unseen, size, state.claim)

    def card_to_give(self, state: SmokeState) -> Move:
        """Give away the card whose loss leaves the most totals above the claim reachable,
        on ties the lowest-valued card."""
        game = state.game
        me = self.seat
        hand = state.hands[me]
        act = state.acts[me]
        above_claim = ~((1 << (state.claim + 1)) - 1)

        def kept_reach(card: int) -> tuple[int, int]:
            left = (hand & ~(1 << card)) | act
            return (reach(game, left) & above_claim).bit_count(), -game.value[card]

        return (GIVE, max(game.bits(hand), key=kept_reach))


register_bot("smoke-and-mirrors", "greedy", GreedyBot)
