"""Mystical Eddies: trick taking where the next player decides what the led card means.

The first player after the leader who holds a card sharing an attribute with the led card
must play one; what it shares is *established* (one or two attributes), later players must
share all of it if they can, else toss; the candidates rank by what was not established, and
the leader wins if nothing was. Cards are ints, hands bit masks, a move is `(card,)`;
attributes are bits (SUIT 1, COLOUR 2, NUMBER 4). The trick rules are the small pure
functions below; the engine plays by their tables. A turn (cap, game length) is a round.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from pydantic import Field

from deckgen.errors import BadPosition
from deckgen.games.base import Game, Move, Result, State, register
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import deal_event, shuffled_order
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.ranking import rank_by_score, scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.games.notation.one_card import OneCardNotation
from deckgen.model.common import StrictModel, problem
from deckgen.model.rules import GameRules

SUIT: Final = 1
COLOUR: Final = 2
NUMBER: Final = 4
#: Established attribute masks in words, and the counter of tricks won under each.
ATTRIBUTE_WORDS: Final = {0: "nothing", SUIT: "suit", COLOUR: "colour", NUMBER: "number",
                   SUIT | COLOUR: "suit and colour", SUIT | NUMBER: "suit and number",
                   COLOUR | NUMBER: "colour and number"}
COUNTER_NAMES: Final = {m: w.replace(" and ", "_") + "_tricks" if m else "unfollowed_tricks" for m, w in ATTRIBUTE_WORDS.items()}
#: Balance categories, in the order of `categories[seat]`.
CATEGORY_NAMES: Final = ("suit", "colour", "number")
#: The Balance points a trick earns per established mask: (suit, colour, number).
CATEGORY_POINTS: Final = [(m & SUIT, m >> 1 & 1, m >> 2 & 1) for m in range(8)]
#: Masks per established attribute set (7 = all three, which no two cards share).
MASKS: Final = 8
#: Attempts at a determinization that respects what tosses revealed.
DEAL_TRIES: Final = 20


# -- the trick rules, as pure functions ------------------------------------------------

def shared_attributes(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """The attributes two cards share, as a mask; cards are (suit, colour, number) values."""
    return (SUIT if a[0] == b[0] else 0) | (COLOUR if a[1] == b[1] else 0) | (NUMBER if a[2] == b[2] else 0)


def ranking_key(established: int, ranks: tuple[int, int, int]) -> int:
    """How a candidate ranks when `established` attributes were established (higher wins);
    `ranks` are the card's (suit, colour, number) ranks, 1 for the lowest of each.

    Suit: number, then colour. Colour: suit, then number. Number: colour, then suit.
    Two attributes: the third one alone. Nothing established: 0 (the leader wins)."""
    suit, colour, number = ranks
    return {SUIT: number * 16 + colour, COLOUR: suit * 16 + number, NUMBER: colour * 16 + suit,
            SUIT | COLOUR: number, SUIT | NUMBER: colour, COLOUR | NUMBER: suit}.get(established, 0)


def follows(shared: int, established: int) -> bool:
    """Whether a card sharing `shared` with the led card follows: before anything is
    established any shared attribute does (and establishes); after, all established ones."""
    return shared != 0 if established == 0 else shared & established == established


def playable(hand: int, following: int) -> int:
    """The legal cards of a hand (masks): the following cards, or any card when none follows."""
    return hand & following or hand


def trick_outcome(cards: Sequence[int], match: Sequence[int], keys: Sequence[int], size: int) -> tuple[int, int]:
    """(established attributes, position of the winning card) of a trick's cards in play
    order from the leader; `match[a * size + b]` is `shared_attributes` of cards a and b and
    `keys[established * size + c]` the `ranking_key` of card c."""
    lead = cards[0]
    established = 0
    best, best_key = 0, 0
    for i in range(1, len(cards)):
        card = cards[i]
        shared = match[card * size + lead]
        if established == 0:
            if shared:
                established = shared
                best_key = keys[shared * size + lead]
                if keys[shared * size + card] > best_key:
                    best, best_key = i, keys[shared * size + card]
        elif shared & established == established and keys[established * size + card] > best_key:
            best, best_key = i, keys[established * size + card]
    return established, best


def constrained_deal(cards: list[int], room: list[int], refused: list[int], rng: random.Random) -> list[int] | None:
    """The cards dealt at random into zones of `room[z]` cards each (masks per zone), no zone
    getting a card of its `refused[z]` mask: the most constrained cards first, each to an
    allowed zone with room, chosen in proportion to its room. None at a dead end (retry)."""
    order = [cards[i] for i in shuffled_order(len(cards), rng)]
    order.sort(key=lambda c: sum(1 for z in range(len(room)) if not refused[z] >> c & 1))
    left = list(room)
    dealt = [0] * len(room)
    for card in order:
        open_room = [left[z] if not refused[z] >> card & 1 else 0 for z in range(len(room))]
        total = sum(open_room)
        if not total:
            return None
        pick = int(rng.random() * total)
        zone = 0
        while pick >= open_room[zone]:
            pick -= open_room[zone]
            zone += 1
        dealt[zone] |= 1 << card
        left[zone] -= 1
    return dealt


# -- the engine --------------------------------------------------------------------------

class EddiesParams(StrictModel):
    #: Cards set aside unseen at the start of every round, before the deal.
    set_aside: int = Field(ge=0)
    #: Rankings, highest first.
    suit_ranking: list[str] = Field(min_length=1)
    colour_ranking: list[str] = Field(min_length=1)
    number_ranking: list[int] = Field(min_length=1)


class EddiesState(State):
    """A game in progress: hands and won cards as masks, the trick as a list in play order."""

    is_over = False

    def __init__(self, game: MysticalEddies, n_players: int, rng: random.Random,
                 options: Mapping[str, Any], events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.size = game.cards.size
        self.match = game.match
        self.keys = game.keys
        self.following = game.following
        self.n_players = n_players
        self.next_seat = next_seats(n_players)
        self.rng = rng
        self.events = events
        self.is_over = False
        self.balance = bool(options["balance"])
        self.target = int(options["target"])
        self.rounds = int(options["rounds"]) or n_players
        self.turn_cap = game.rules.turn_cap
        self.hand_size = game.rules.setup[n_players].hand_size or 0
        self.hands = [0] * n_players
        self.won = [0] * n_players
        self.removed = 0
        self.trick: list[int] = []
        self.trick_mask = 0
        self.lead = -1
        self.established = 0
        self.best_key = 0
        self.best_seat = 0
        self.leader = 0
        self.current_player = 0
        #: Rounds completed (the unit of the turn cap); the round in play is turns + 1.
        self.turns = 0
        self.round_number = 1
        self.tricks = [0] * n_players
        self.categories = [[0, 0, 0] for _ in range(n_players)]
        self.by_established = [0] * MASKS
        self.leader_wins = 0
        #: voids[seat]: cards the seat has shown it does not hold this round (by tossing).
        self.voids = [0] * n_players


    def legal_mask(self) -> int:
        hand = self.hands[self.current_player]
        if self.lead < 0:
            return hand
        return hand & self.following[self.lead * MASKS + self.established] or hand

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        moves = self.game.moves
        return [moves[c] for c in bits_of(self.legal_mask())]

    def random_move(self, rng: random.Random) -> Move:
        """`legal_moves()[int(rng.random() * len)]` without building the list."""
        legal = self.legal_mask()
        k = int(rng.random() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        return self.game.moves[(legal & -legal).bit_length() - 1]

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`apply(random_move(rng))` until the end or the cap: the same draws, a whole trick
        at a time in local variables, the trick's end as `finish_trick` does it (the game can
        only end, or reach the cap, between tricks). A trick under way is played out first."""
        rand = rng.random
        hands = self.hands
        won = self.won
        tricks = self.tricks
        categories = self.categories
        by_established = self.by_established
        voids = self.voids
        following = self.following
        match_rows = self.game.match_rows
        key_rows = self.game.key_rows
        next_seat = self.next_seat
        followers = self.n_players - 1
        while not self.is_over and self.turns < turn_cap:
            if self.trick or self.events is not None:  # a recorded game logs every trick
                self.play_card(self.random_move(rng)[0])
                continue
            seat = leader = self.current_player
            legal = hand = hands[seat]
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            mask = bit
            lead = bit.bit_length() - 1
            shares = match_rows[lead]
            base = lead * MASKS
            established = 0
            best_seat = seat
            best_key = 0
            keys: list[int] = key_rows[0]
            for _ in range(followers):
                seat = next_seat[seat]
                hand = hands[seat]
                legal = hand & following[base + established]
                if not legal:  # a toss: the seat shows it holds no following card
                    legal = hand
                    voids[seat] |= following[base + established]
                k = int(rand() * legal.bit_count())
                while k:
                    legal &= legal - 1
                    k -= 1
                bit = legal & -legal
                hands[seat] = hand ^ bit
                mask |= bit
                card = bit.bit_length() - 1
                shared = shares[card]
                if established == 0:
                    if shared:
                        established = shared
                        keys = key_rows[shared]
                        best_key = keys[lead]
                        if keys[card] > best_key:
                            best_key = keys[card]
                            best_seat = seat
                elif shared & established == established and keys[card] > best_key:
                    best_key = keys[card]
                    best_seat = seat
            # the end of the trick, as finish_trick
            by_established[established] += 1
            if best_seat == leader:
                self.leader_wins += 1
            tricks[best_seat] += 1
            if established:
                points, step = categories[best_seat], CATEGORY_POINTS[established]
                points[0], points[1], points[2] = points[0] + step[0], points[1] + step[1], points[2] + step[2]
            won[best_seat] |= mask
            self.leader = self.current_player = best_seat
            if not hands[best_seat]:
                self.end_round()

    def apply(self, move: Move) -> None:
        self.play_card(move[0])

    def play_card(self, card: int) -> None:
        seat = self.current_player
        bit = 1 << card
        self.hands[seat] ^= bit
        self.trick.append(card)
        self.trick_mask |= bit
        lead = self.lead
        if lead < 0:
            self.lead = card
            self.established = 0
            self.best_seat = seat
        else:
            size = self.size
            shared = self.match[card * size + lead]
            established = self.established
            if established == 0:
                if shared:
                    keys = self.keys
                    self.established = shared
                    self.best_key = keys[shared * size + lead]
                    key = keys[shared * size + card]
                    if key > self.best_key:
                        self.best_key = key
                        self.best_seat = seat
                else:
                    self.voids[seat] |= self.following[lead * MASKS]
            elif shared & established == established:
                key = self.keys[established * size + card]
                if key > self.best_key:
                    self.best_key = key
                    self.best_seat = seat
            else:
                self.voids[seat] |= self.following[lead * MASKS + established]
        if len(self.trick) < self.n_players:
            self.current_player = self.next_seat[seat]
        else:
            self.finish_trick()

    def finish_trick(self) -> None:
        winner = self.best_seat
        established = self.established
        self.by_established[established] += 1
        if winner == self.leader:
            self.leader_wins += 1
        self.tricks[winner] += 1
        if established:
            points, step = self.categories[winner], CATEGORY_POINTS[established]
            points[0], points[1], points[2] = points[0] + step[0], points[1] + step[1], points[2] + step[2]
        self.won[winner] |= self.trick_mask
        if self.events is not None:
            self.events.append({"type": "trick", "cards": self.game.cards.ids_of(self.trick), "leader": self.leader,
                                "winner": winner, "established": ATTRIBUTE_WORDS[established]})
        self.trick = []
        self.trick_mask = 0
        self.lead = -1
        self.established = 0
        self.leader = self.current_player = winner
        if not self.hands[winner]:
            self.end_round()

    def end_round(self) -> None:
        self.turns += 1
        if self.events is not None:
            self.events.append({"type": "round_end", "round": self.round_number, "tricks": list(self.tricks),
                                "categories": [dict(zip(CATEGORY_NAMES, points)) for points in self.categories],
                                "scores": self.scores()})
        if self.target:
            if max(self.scores()) >= self.target:
                self.is_over = True
                return
        elif self.turns >= self.rounds:
            self.is_over = True
            return
        if self.turns >= self.turn_cap:  # stopped unfinished: no round is dealt that nobody plays
            return
        self.round_number += 1
        self.deal()

    def deal(self) -> None:
        """Shuffle all the cards, set some aside unseen, deal the rest evenly; the first
        leader of round r is seat (r - 1) mod N."""
        order = shuffled_order(self.size, self.rng)
        n, size = self.n_players, self.hand_size
        aside = len(order) - n * size
        bit = self.game.cards.bits.__getitem__
        self.removed = sum(map(bit, order[:aside]))
        hands = [order[aside + s * size: aside + (s + 1) * size] for s in range(n)]
        for seat in range(n):
            self.hands[seat] = sum(map(bit, hands[seat]))
        self.won[:] = self.voids[:] = [0] * n
        self.leader = self.current_player = (self.round_number - 1) % n
        if self.events is not None:
            self.events.append(deal_event(self.game.cards, hands, round=self.round_number,
                                          leader=self.leader, removed=self.game.cards.ids_of(order[:aside])))


    def shared_parts(self) -> tuple[object, ...]:
        return (self.game, self.match, self.keys, self.following, self.next_seat)

    def clone(self) -> EddiesState:
        """An independent copy (its own random source, in the same state), recording nothing."""
        twin = copy.copy(self)
        twin.hands = list(self.hands)
        twin.won = list(self.won)
        twin.trick = list(self.trick)
        twin.tricks = list(self.tricks)
        twin.categories = [list(points) for points in self.categories]
        twin.by_established = list(self.by_established)
        twin.voids = list(self.voids)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> EddiesState:
        """A clone whose cards hidden from `seat` (the other hands and the set-aside cards) are
        dealt again, each zone keeping its size and no hand getting a card its seat has shown
        it lacks by tossing this round; future chance from `rng`."""
        twin = self.clone()
        zones = [s for s in range(self.n_players) if s != seat] + [-1]  # -1: the set-aside cards
        held = [self.hands[s] if s >= 0 else self.removed for s in zones]
        pool = bits_of(sum(held))
        room = [h.bit_count() for h in held]
        refused = [self.voids[s] if s >= 0 else 0 for s in zones]
        dealt = None
        for tries in range(DEAL_TRIES + 1):  # the last try ignores the voids (never needed after play)
            dealt = dealt or constrained_deal(pool, room, refused if tries < DEAL_TRIES else [0] * len(room), rng)
        assert dealt is not None
        for s, mask in zip(zones, dealt):
            if s >= 0:
                twin.hands[s] = mask
            else:
                twin.removed = mask
        twin.rng = rng
        return twin

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        """Hidden zones are hands (`hand/<s>`) and the set-aside cards (`removed`)."""
        index = self.game.cards.index
        for name, card_ids in zones.items():
            mask = sum([1 << index[c] for c in card_ids])
            if name == "removed":
                self.removed = mask
            else:
                self.hands[int(name.split("/")[1])] = mask


    def scores(self) -> list[int]:
        """Tricks won, or under Balance each seat's lowest category."""
        if self.balance:
            return [min(points) for points in self.categories]
        return list(self.tricks)

    def standing(self) -> list[float]:
        return [float(s) for s in self.scores()]

    def result(self) -> Result:
        return scored_result(self.is_over, [float(s) for s in self.scores()], self.turns, self.counters)

    @property
    def counters(self) -> dict[str, int]:
        counts = {COUNTER_NAMES[mask]: self.by_established[mask] for mask in COUNTER_NAMES}
        counts["leader_wins"] = self.leader_wins
        counts["game_draws"] = 0
        if self.is_over:
            winners, _ = rank_by_score(self.scores())
            counts["game_draws"] = int(len(winners) > 1)
        return counts


    def observation(self, player: int) -> dict[str, Any]:
        cards = self.game.cards
        n = self.n_players
        return {
            "seat": player,
            "hand": cards.ids_of_mask(self.hands[player]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "round": self.round_number,
            "rounds": None if self.target else self.rounds,
            "target": self.target or None,
            "balance": self.balance,
            "leader": self.leader,
            "current_player": self.current_player,
            "trick": [{"seat": (self.leader + i) % n, "card": cards.ids[c]} for i, c in enumerate(self.trick)],
            "established": ATTRIBUTE_WORDS[self.established] if self.trick else None,
            "played_this_round": [cards.ids_of_mask(w) for w in self.won],
            "tricks": list(self.tricks),
            "categories": [dict(zip(CATEGORY_NAMES, points)) for points in self.categories],
            "scores": self.scores(),
            "set_aside": self.removed.bit_count(),
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        cards = self.game.cards
        zones = {f"hand/{s}": cards.ids_of_mask(h) for s, h in enumerate(self.hands)}
        zones.update({f"won/{s}": cards.ids_of_mask(w) for s, w in enumerate(self.won)})
        zones["trick"] = cards.ids_of(self.trick)
        zones["removed"] = cards.ids_of_mask(self.removed)
        return zones

    def hidden_zones(self, player: int) -> list[str]:
        """The other hands and the cards set aside; tricks are played face up."""
        return [f"hand/{s}" for s in range(self.n_players) if s != player] + ["removed"]

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        card = move[0]
        seat = self.current_player
        names = self.game.cards.names
        if not self.trick:
            return f"seat {seat} leads the {names[card]}"
        shared = self.match[card * self.size + self.lead]
        if self.established == 0:
            text = (f"seat {seat} plays the {names[card]}, establishing {ATTRIBUTE_WORDS[shared]}" if shared
                    else f"seat {seat} tosses the {names[card]}")
        elif follows(shared, self.established):
            text = f"seat {seat} follows with the {names[card]}"
        else:
            text = f"seat {seat} tosses the {names[card]}"
        if len(self.trick) + 1 == self.n_players:
            established, best = trick_outcome(self.trick + [card], self.match, self.keys, self.size)
            winner = (self.leader + best) % self.n_players
            how = f"by {ATTRIBUTE_WORDS[established]}" if established else "nobody followed the lead"
            text += f"; seat {winner} wins the trick ({how})"
        return text


class MysticalEddies(Game):
    """The Mystical Eddies engine: match, follow and ranking tables per card, deals, positions."""

    id = "mystical-eddies"
    Params = EddiesParams

    def __init__(self, rules: GameRules) -> None:
        super().__init__(rules)
        self.notation = OneCardNotation(self.cards.ids)
        params = self.params
        suits = [str(v) for v in self.deck.attributes["suit"]]
        colours = [str(v) for v in self.deck.attributes["colour"]]
        values: list[tuple[int, int, int]] = []
        ranks: list[tuple[int, int, int]] = []
        for c in self.deck.cards:
            suit, colour, number = str(c.attrs["suit"]), str(c.attrs["colour"]), int(str(c.attrs["number"]))
            values.append((suits.index(suit), colours.index(colour), number))
            ranks.append((len(params.suit_ranking) - params.suit_ranking.index(suit),
                          len(params.colour_ranking) - params.colour_ranking.index(colour),
                          len(params.number_ranking) - params.number_ranking.index(number)))
        size = len(values)
        #: match[a * size + b]: the attributes cards a and b share.
        self.match = [shared_attributes(values[a], values[b]) for a in range(size) for b in range(size)]
        #: keys[established * size + c]: card c's ranking key in that context.
        self.keys = [ranking_key(e, ranks[c]) for e in range(MASKS) for c in range(size)]
        #: following[lead * MASKS + established]: the mask of cards that follow.
        self.following = [sum([1 << c for c in range(size) if c != lead and follows(self.match[c * size + lead], e)])
                          for lead in range(size) for e in range(MASKS)]
        #: The same tables as rows: match_rows[lead][card], key_rows[established][card].
        self.match_rows = [self.match[lead * size: (lead + 1) * size] for lead in range(size)]
        self.key_rows = [self.keys[e * size: (e + 1) * size] for e in range(MASKS)]
        self.moves: list[tuple[int]] = [(c,) for c in range(size)]
        self.ranks = ranks

    def rule_problems(self) -> list[str]:
        params, path = self.params, self.rules.path
        attributes = self.deck.attributes
        if not {"colour", "suit", "number"} <= set(attributes):
            return [problem(path, "deck", "the deck needs colour, suit and number attributes")]
        problems = []
        for field, given, known in (("suit_ranking", params.suit_ranking, attributes["suit"]),
                                    ("colour_ranking", params.colour_ranking, attributes["colour"]),
                                    ("number_ranking", [str(v) for v in params.number_ranking],
                                     [str(v) for v in attributes["number"]])):
            if sorted(map(str, given)) != sorted(map(str, known)):
                problems.append(problem(path, f"params.{field}", f"must rank each of {list(known)} once"))
        for n, spec in self.rules.setup.items():
            dealt = (self.cards.size - params.set_aside) // n
            if spec.hand_size != dealt or spec.removed != self.cards.size - n * dealt:
                problems.append(problem(path, f"setup.{n}",
                                        f"{n} players get {dealt} cards each and {self.cards.size - n * dealt} "
                                        f"are set aside (got hand_size {spec.hand_size}, removed {spec.removed})"))
        return problems

    def describe_event(self, event: dict[str, Any]) -> str | None:
        if event.get("type") != "deal":
            return None
        return (f"round {event['round']}: {len(event['hands'][0])} cards each, {len(event['removed'])} set aside unseen; "
                f"seat {event['leader']} leads")

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> EddiesState:
        self.check_players(n_players)
        state = EddiesState(self, n_players, rng, options, [] if record else None)
        state.deal()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        round_number: int = 1,
        tricks: Sequence[int] | None = None,
        categories: Sequence[Sequence[int]] | None = None,
        rng: random.Random | None = None,
        **details: Any,
    ) -> EddiesState:
        """A position: `hand/<s>`, `won/<s>` (cards of the tricks won this round), `trick` (in
        play order from its leader, `current_player` minus the cards played), `removed`.
        `tricks`: tricks won in the game (default this round's); `categories`: Balance points
        (suit, colour, number) per seat; `rng` deals later rounds (default a fixed seed)."""
        n, placed = self.place_zones(zones, ("hand", "won"), ("trick", "removed"), details)
        trick = placed["trick"]
        if len(trick) >= n:
            raise BadPosition(f"position: the trick holds {len(trick)} cards, at most {n - 1} before it is won")
        leader = (current_player - len(trick)) % n
        played = {(leader + i) % n for i in range(len(trick))}
        sizes = {len(placed[f"hand/{s}"]) + (s in played) for s in range(n)}
        if len(sizes) != 1 or sizes == {0}:
            raise BadPosition("position: every hand must hold as many cards (at least 1) before the trick")
        if not 1 <= round_number <= self.rules.turn_cap:
            raise BadPosition(f"position: round_number {round_number} is outside 1-{self.rules.turn_cap}")
        state = EddiesState(self, n, rng or random.Random(0), self.rules.resolve_options(options), None)
        state.hands = [sum([1 << c for c in placed[f"hand/{s}"]]) for s in range(n)]
        state.won = [sum([1 << c for c in placed[f"won/{s}"]]) for s in range(n)]
        state.removed = sum([1 << c for c in placed["removed"]])
        state.round_number = round_number
        state.turns = round_number - 1
        state.tricks = list(tricks) if tricks is not None else [len(placed[f"won/{s}"]) // n for s in range(n)]
        if categories is not None:
            state.categories = [list(points) for points in categories]
        state.leader = state.current_player = leader
        for card in trick:  # replay the trick: its cards go back to their players first
            state.hands[state.current_player] |= 1 << card
            state.play_card(card)
        return state


register(MysticalEddies)  # a call: mypyc compiles a decorated class as a plain one (see base.register)
