"""The engine deckgen builds from a rule file's `play` section.

`DescribedGame` checks the section into a typed program once (`deckgen.model.play_program`),
then compiles it per player count into a `Layout` of closures; every game of that count
shares it. The engine keeps the whole contract of `docs/engine.md`, so every command that
plays a hand-written engine plays a described one.

The engine cache keeps the checked program (`kept_data`): a command about a described game
whose files did not change builds it from that, without the rule data's schema (pydantic)
or the expression parser (lark), some 0.15 CPU-s of every such command.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadPosition
from deckgen.games.base import Game
from deckgen.games.registry import register_described
from deckgen.games.described.actions import compile_actions
from deckgen.games.described.expressions import Tables, compile_expr
from deckgen.games.described.layout import Layout
from deckgen.games.described.majority_rows import majorities_by_rows
from deckgen.games.described.moves import compile_move
from deckgen.games.described.program import Expression
from deckgen.games.described.rows import card_rows_of
from deckgen.games.described.secret_turns import SecretTurns
from deckgen.games.described.state import DescribedState
from deckgen.games.kit.cards import CardIndex
from deckgen.games.kit.zones import DeclaredZone
from deckgen.model.play_nodes import value_type
from deckgen.model.play_defs import Program
from deckgen.model.play_rules import GameData

#: Fields of a state `position` accepts besides zones and counters.
POSITION_FACTS = ("round", "dealer", "direction", "phase", "turns")


class DescribedGame(Game):
    """A game played from its rule file's description."""

    id = "described"
    #: The designer's own numbers, any names, as the rule file gives them: the description's
    #: expressions read them (`params.hand_cards`) and the text quotes them.
    Params = dict

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.program: Program = checked_program(data)
        self._layouts: dict[tuple[int, tuple[str, ...]], Layout[DescribedState]] = {}
        #: By player count and options' names and values: the layout and the setup numbers.
        self._fresh: dict[tuple[int, tuple[str, ...], tuple[int, ...]], tuple[Layout[DescribedState], list[int]]] = {}

    def kept_data(self) -> GameData:
        """As every engine's, with the play section as its checked program."""
        return GameData(self.rules._replace(play=self.program), self.params, self.deck)

    def layout(self, n_players: int, options: Mapping[str, Any] | None = None) -> Layout[DescribedState]:
        """The program compiled for a player count and the zones' visibility that the options
        (by default the rule file's) choose, built once."""
        chosen = self.rules.resolve_options() if options is None else options
        values = {name: int(value) for name, value in chosen.items() if isinstance(value, (bool, int))}
        visible = tuple(zone.visibility(values) for zone in self.program.zones.values())
        key = (n_players, visible)
        if key not in self._layouts:
            self._layouts[key] = self.build_layout(n_players, visible)
        return self._layouts[key]

    def build_layout(self, n: int, visible: tuple[str, ...]) -> Layout[DescribedState]:
        p = self.program
        decks = self.rules.setup_for(n).decks
        cards = CardIndex.of_deck(self.deck, decks)
        layout: Layout[DescribedState] = Layout(n, str(self.rules.path))
        layout.card_ids, layout.card_names = cards.ids, cards.names
        t = Tables(layout)
        for zone, seen_by in zip(p.zones.values(), visible):
            t.zones[zone.name] = len(layout.zone_names)
            owners = list(range(n)) if zone.per_seat else [-1]
            for owner in owners:
                name = f"{zone.name}/{owner}" if zone.per_seat else zone.name
                layout.zone_index[name] = len(layout.zone_names)
                layout.zone_names.append(name)
                layout.declared.append(DeclaredZone(name, owner, seen_by, zone.order == "fan"))
                if layout.declared[-1].covered_for(0):
                    layout.covered.append(len(layout.declared) - 1)
        for zone in p.zones.values():
            for k in range(n if zone.per_seat else 1):
                other = zone.refill_from
                if other is None:
                    layout.refill_from.append(-1)
                else:
                    layout.refill_from.append(t.zones[other] + (k if p.zones[other].per_seat else 0))
                layout.keep_top.append(zone.keep_top)
        for counter in p.counters.values():
            t.counters[counter.name] = len(layout.counter_starts)
            layout.counter_groups.append((counter.name, len(layout.counter_starts), counter.per_seat))
            for _ in range(n if counter.per_seat else 1):
                if counter.reset_each_round:
                    layout.round_resets.append(len(layout.counter_starts))
                layout.counter_public.append(counter.public)
                layout.counter_starts.append(counter.start)
                layout.counter_kinds.append(counter.type)
        seat_zones = [zone.name for zone in p.zones.values() if zone.per_seat]
        if seat_zones:
            layout.hands = t.zones["hand" if "hand" in seat_zones else seat_zones[0]]
        layout.value_names = {value_type(name): a.values for name, a in p.attributes.items()}
        self.card_tables(t, decks)
        t.options = {name: i for i, name in enumerate(self.rules.options)}
        layout.stock, layout.order, layout.turn_unit = t.zones[p.stock], p.order, p.turn_unit
        layout.counts_moves = p.turn_unit == "move"
        layout.phase_names = list(p.phases)
        if p.tricks is not None:
            layout.trick_zone, layout.trick_to = t.zones[p.tricks.zone], t.zones[p.tricks.to]
        self.compile_rules(layout, t)
        return layout

    def card_tables(self, t: Tables, decks: int) -> None:
        """Each attribute, table, number and copy as a list by card int."""
        p = self.program
        base = list(self.deck.cards) * decks
        size = len(self.deck.cards)
        for name, attribute in p.attributes.items():
            column = []
            for card in base:
                value = card.attrs.get(name)
                if value is None or str(value) not in attribute.values:
                    column.append(0 if attribute.numeric else -1)
                else:
                    column.append(int(str(value)) if attribute.numeric else attribute.values.index(str(value)))
            t.attributes[name] = column
        for name, (of, numbers, default) in p.tables.items():
            values = p.attributes[of].values
            t.tables[name] = [numbers[values.index(str(card.attrs[of]))]
                              if card.attrs.get(of) is not None and str(card.attrs[of]) in values else default
                              for card in base]
        t.card_numbers = [card.number or 0 for card in base]
        t.copies = [i // size for i in range(len(base))]

    def compile_rules(self, layout: Layout[DescribedState], t: Tables) -> None:
        p = self.program
        generators, counted = [], []
        for move in p.moves:
            generate, apply, words, cards = compile_move(move, t)
            generators.append(generate)
            counted.append(cards)
            layout.move_kinds.append(move.kind)
            layout.move_apply.append(apply)
            layout.move_then.append(compile_actions(move.then, t))
            layout.move_words.append(words)
            source = move.args.get("from")
            layout.move_sources.append((compile_expr(source, t) if source is not None else NoZone()).ev)
            declared = move.args.get("declare")
            kind = p.counters[declared].type.removesuffix(" value") if declared else ""
            layout.declared_columns.append(t.attributes[kind] if declared else [])
            layout.declared_values.append(layout.value_names[p.counters[declared].type] if declared else ())
        for phase in p.phases.values():
            layout.phase_moves.append([
                (move.index, move.otherwise, compile_expr(move.when, t) if move.when is not None else None,
                 generators[move.index], counted[move.index], layout.counted_moves.get(move.index))
                for move in phase])
            layout.counted_phases.append(any(entry[4] is not None or entry[5] is not None
                                             for entry in layout.phase_moves[-1]))
            only = len(phase) == 1 and phase[0].when is None
            layout.only_cards.append(counted[phase[0].index] if only else None)
            layout.only_move.append(phase[0].index if only else -1)
            layout.quick_plays.append(layout.quick_moves.get(phase[0].index) if only else None)
        layout.dealer = compile_expr(p.dealer, t)
        layout.rotate_dealer = p.rotate_dealer
        layout.first = compile_expr(p.first, t) if p.first is not None else None
        layout.setup = compile_actions(p.setup, t)
        layout.round_end = compile_expr(p.round_end, t)
        layout.round_can_end = not (p.round_end.op == "const" and p.round_end.data == 0)
        layout.round_score = compile_actions(p.round_score, t)
        layout.game_end = compile_expr(p.game_end, t)
        if p.tricks is not None:
            layout.trick_among = card_rows_of(p.tricks.among, t, layout.trick_zone)
            layout.trick_by = card_rows_of(p.tricks.by, t, layout.trick_zone)
            layout.trick_then = compile_actions(p.tricks.then, t)
        if p.simultaneous is not None:
            layout.secret_turns = SecretTurns(compile_expr(p.simultaneous.who, t),
                                              compile_actions(p.simultaneous.reveal, t))
        layout.score = None if p.score is None else majorities_by_rows(p.score, t) or compile_expr(p.score, t)
        layout.greedy = compile_expr(p.greedy, t).ev if p.greedy is not None else None
        numeric = [t.attributes[name] for name, a in p.attributes.items() if a.numeric] + list(t.tables.values())
        layout.card_worth = [sum(column[c] for column in numeric) for c in range(len(layout.card_ids))]
        layout.lowest_wins = p.lowest_wins
        layout.tie_break = compile_expr(p.tie_break, t) if p.tie_break is not None else None
        layout.standing = compile_expr(p.standing, t) if p.standing is not None else None
        layout.teams = p.teams

    def fresh_state(self, n_players: int, rng: random.Random, options: dict[str, Any],
                    record: bool) -> DescribedState:
        values = [int(v) if isinstance(v, (bool, int)) else 0 for v in options.values()]
        key = (n_players, tuple(options), tuple(values))
        known = self._fresh.get(key)
        if known is None:  # the layout and setup of these options, found once (the rule model is not compiled)
            spec = self.rules.setup_for(n_players)
            known = self._fresh[key] = (self.layout(n_players, options),
                                        [spec.hand_size or 0, spec.removed, spec.set_aside, spec.decks])
        layout, setup = known
        state = DescribedState(layout, rng, values, list(setup), [] if record else None)
        state.dealer = state.layout.dealer.ev(state, -1) % n_players
        return state

    def new_game(self, n_players: int, rng: random.Random, options: dict[str, Any],
                 record: bool = False) -> DescribedState:
        state = self.fresh_state(n_players, rng, options, record)
        state.begin()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        **details: Any,
    ) -> DescribedState:
        """A state from card ids by zone (`hand/0`, `stock`...), counters by name (a list by
        seat for a counter of each seat, values by name) and the facts `round`, `dealer`,
        `direction`, `phase`, `turns`. A trick's cards (led card first) were played by the seats
        before `current_player`, one each."""
        p = self.program
        seat_kinds = tuple(z.name for z in p.zones.values() if z.per_seat) or ("hand",)
        shared = tuple(z.name for z in p.zones.values() if not z.per_seat)
        facts = {k: details.pop(k) for k in list(details) if k in POSITION_FACTS or k in p.counters}
        n_players, placed = self.place_zones(zones, seat_kinds, shared, details, self.layout_cards(zones))
        resolved = self.rules.resolve_options(options)
        state = self.fresh_state(n_players, random.Random(0), resolved, False)
        layout = state.layout
        for name, cards in placed.items():
            state.zones[layout.zone_index[name]] = list(cards)
        state.current_player = state.me = current_player
        for name, value in facts.items():
            self.set_fact(state, name, value)
        if layout.trick_zone >= 0:  # the trick's cards were played by the seats before the one to move
            played = len(state.zones[layout.trick_zone])
            state.trick_seats = [(current_player - (played - i) * state.direction) % n_players for i in range(played)]
        return state

    def side_of(self, seat: int, n_players: int) -> int:
        """With `teams: opposite`, partners (seats opposite) are one side."""
        return seat % (n_players // 2) if self.program.teams else seat

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """Tricks, starting plays, reveals, reshuffles and round ends in words; draws and the deal are
        left to the move lines and the log."""
        kind = event.get("type")
        if kind == "trick":
            return f"seat {event['winner']} wins the trick with the {self.card_name(event['card'])}"
        if kind == "start_play":
            return f"seat {event['seat']} starts with the {self.card_name(event['card'])}"
        if kind == "reveal":
            return "the secret choices are revealed"
        if kind == "reshuffle":
            return f"{event['cards']} cards of {event['source']} are shuffled into {event['zone']}"
        if kind == "round_end":
            counters = event.get("counters") or {}
            shown = "; ".join(f"{name} {', '.join(map(_word, value)) if isinstance(value, list) else _word(value)}"
                              for name, value in counters.items())
            return f"round {event['round']} ends" + (f" ({shown})" if shown else "")
        return None

    def card_name(self, card_id: str) -> str:
        """A card's name from its id in any player count's cards (two decks' ids included)."""
        for layout in self._layouts.values():
            if card_id in layout.card_ids:
                return layout.card_names[layout.card_ids.index(card_id)]
        return card_id

    def layout_cards(self, zones: Mapping[str, Sequence[str]]) -> CardIndex:
        """The cards of the player count the zones are for (two decks' ids where it takes two)."""
        first = next((z.name for z in self.program.zones.values() if z.per_seat), "hand")
        count = sum(1 for name in zones if name.startswith(f"{first}/"))
        self.rules.check_players(count)
        layout = self.layout(count)
        return CardIndex(self.deck.id, layout.card_ids, layout.card_names)

    def set_fact(self, state: DescribedState, name: str, value: Any) -> None:
        layout = state.layout
        if name == "phase":
            if value not in layout.phase_names:
                raise BadPosition(f"position: unknown phase {value!r} ({', '.join(layout.phase_names)})")
            state.phase = layout.phase_names.index(value)
            return
        if name in ("round", "dealer", "direction", "turns"):
            setattr(state, "round_no" if name == "round" else name, int(value))
            return
        counter = self.program.counters[name]
        start = next(i for n, i, _ in layout.counter_groups if n == name)
        values = value if counter.per_seat else [value]
        if not isinstance(values, list) or len(values) != (state.n_players if counter.per_seat else 1):
            raise BadPosition(f"position: counter {name} needs {'a list by seat' if counter.per_seat else 'a value'}")
        for k, v in enumerate(values):
            state.tally[start + k] = self.counter_value(counter.type, name, v)

    def counter_value(self, kind: str, name: str, value: Any) -> int:
        if kind.endswith(" value"):
            values = self.program.attributes[kind.removesuffix(" value")].values
            if value is None:
                return -1
            if str(value) not in values:
                raise BadPosition(f"position: counter {name}: {value!r} is not one of {', '.join(values)}")
            return values.index(str(value))
        if isinstance(value, bool) or isinstance(value, int):
            return int(value)
        raise BadPosition(f"position: counter {name}: {value!r} is not a number")


def _word(value: Any) -> str:
    """A counter's value as a rule file writes it: none, true, false, a number or a value."""
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


class NoZone(Expression):
    """The zone of a move that takes cards from none (a pass, a declaration)."""

    def ev(self, state: DescribedState, card: int) -> int:
        return -1


register_described(DescribedGame)


def checked_program(data: GameData) -> Program:
    """The typed program of a described game for its deck: the one the engine cache kept (its
    rules' `play` is then a `Program`) when it was checked against this deck, else the play
    section checked anew, read again from the rule file where only another deck's program
    is at hand (a sweep's deck variant of a game built from the cache)."""
    rules = data.rules
    play = rules.play
    if isinstance(play, Program):
        if play.deck is data.deck or play.deck == data.deck:
            return play
        from deckgen.model.rules import load_play_rules

        play = load_play_rules(rules.id).play
    assert play is not None, "a described game has a play section"
    from deckgen.model.play_program import build_program  # the schema and the parser: only to check

    return build_program(play, data.deck, rules.options, rules.params, rules.path, rules.players.counts())
