"""The Mystique engine: typed parameters, the dealer draw and the first deal, and
positions for scenario tests."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadOption, BadPosition
from deckgen.games.base import Game
from deckgen.games.kit.zones import hand
from deckgen.games.mystique.cards import CardTable, build_card_table
from deckgen.games.mystique.params import MystiqueParams
from deckgen.games.mystique.state import MystiqueState
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class MystiqueGame(Game[MystiqueParams]):
    """The Mystique engine: deals per the setup table and builds skirmish states."""

    id = "mystique"
    Params = MystiqueParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self._tables: dict[int, CardTable] = {}

    def rule_problems(self) -> list[str]:
        """Spell attributes and numbers must be the deck's; partnerships need even counts."""
        params = self.params
        where = self.rules.path
        problems = []
        unknown = [a for a in params.spell_attributes + params.deflect_attributes if a not in self.deck.attributes]
        if unknown:
            problems.append(problem(where, "params.spell_attributes", f"{unknown} are not attributes of the deck"))
        numbers: list[Any] = list(self.deck.attributes.get("number", []))
        for key in ("deflect_number", "ace_number"):
            if getattr(params, key) not in numbers:
                problems.append(problem(where, f"params.{key}", f"{getattr(params, key)} is not a card number"))
        odd = [n for n in params.partnership_players if n % 2 or n not in self.rules.players.counts()]
        if odd:
            problems.append(problem(where, "params.partnership_players",
                                    f"{odd}: partners sit opposite, so an even count the game allows"))
        return problems

    def setup_problems(self) -> list[str]:
        """Every card of the setup's decks is dealt or set aside, exactly."""
        problems = []
        for n, spec in self.rules.setup.items():
            dealt = n * (spec.hand_size or 0) + spec.removed
            held = spec.decks * self.cards.size
            if dealt != held:
                problems.append(problem(self.rules.path, f"setup.{n}",
                                        f"{n} x {spec.hand_size} dealt + {spec.removed} set aside = {dealt}, "
                                        f"but {spec.decks} deck(s) hold {held}"))
        return problems

    def table(self, decks: int) -> CardTable:
        """The card list for a number of decks (built once)."""
        if decks not in self._tables:
            self._tables[decks] = build_card_table(self.deck, decks, self.params)
        return self._tables[decks]

    def _check_partnerships(self, n_players: int, options: Mapping[str, Any]) -> None:
        allowed = self.params.partnership_players
        if options["partnerships"] and n_players not in allowed:
            counts = " or ".join(str(n) for n in allowed)
            raise BadOption(f"game mystique: partnerships need {counts} players (got {n_players})")

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> MystiqueState:
        setup = self.rules.setup_for(n_players)
        self._check_partnerships(n_players, options)
        table = self.table(setup.decks)
        events: list[dict[str, Any]] | None = [] if record else None
        dealer = self._draw_dealer(n_players, table, rng, events)
        state = MystiqueState(table, [0] * n_players, 0, 0, self.params, options, events, rng)
        state.deal_sizes = (setup.removed, setup.hand_size or 0)
        state.deal_skirmish(dealer, rng)
        return state

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """A new skirmish of a match, in words (the first deal goes without saying)."""
        if event.get("type") == "deal" and event.get("skirmish", 1) > 1:
            return (f"skirmish {event['skirmish']}: seat {event['dealer']} deals, "
                    f"seat {event['first_player']} opens")
        return None

    @staticmethod
    def _draw_dealer(
        n_players: int, table: CardTable, rng: random.Random, events: list[dict[str, Any]] | None
    ) -> int:
        """Each contender draws a card; the highest card number deals, ties draw again."""
        contenders = list(range(n_players))
        while True:
            drawn = rng.sample(range(table.size), len(contenders))
            numbers = [table.card_numbers[c] for c in drawn]
            top = max(numbers)
            if events is not None:
                events.append({
                    "type": "dealer_draw",
                    "draws": [[s, table.ids[c]] for s, c in zip(contenders, drawn)],
                })
            contenders = [s for s, number in zip(contenders, numbers) if number == top]
            if len(contenders) == 1:
                return contenders[0]

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        decks: int | None = None,
        **details: Any,
    ) -> MystiqueState:
        """A state at the start of a round from card ids by zone (`hand/<s>`, `burns/<s>`,
        `removed`; `table` must be empty), for scenario tests and puzzles. Cards named nowhere
        are set aside; `current_player` is the spellcaster to open."""
        setup = self.rules.setup_for(sum(1 for name in zones if name.startswith("hand/")))
        table = self.table(decks or setup.decks)
        n_players, placed = self.place_zones(zones, ("hand", "burns"), ("table", "removed"), details, table.cards)
        if placed["table"]:
            raise BadPosition("position: starts before a round is opened, so the table must be empty")
        resolved = self.rules.resolve_options(options)
        self._check_partnerships(n_players, resolved)
        hand_masks = [sum(1 << c for c in placed[hand(s)]) for s in range(n_players)]
        burn_masks = [sum(1 << c for c in placed[f"burns/{s}"]) for s in range(n_players)]
        used = 0
        for mask in hand_masks + burn_masks:
            used |= mask
        removed = table.cards.full_mask & ~used
        state = MystiqueState(table, hand_masks, removed, current_player, self.params, resolved, None,
                              random.Random(0))
        state.burns = burn_masks
        return state
