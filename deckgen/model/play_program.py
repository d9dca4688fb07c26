"""A rule file's `play` section checked against its deck and turned into a typed program:
zones, counters and tables resolved, every expression typed, every action and move checked,
procedures expanded. Every problem is one line naming the file and the field path, with the
column of an expression's mistake; all problems are reported together.

The program is what `deckgen.games.described` compiles into an engine, and what the booklet
and quick reference read their numbers from.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from deckgen.errors import DataError
from deckgen.model.deck_data import Deck
from deckgen.model.play import PlaySpec, Step, VisibleChoice
from deckgen.model.play_buy import build_buy
from deckgen.model.play_decls import build_counters, build_tables
from deckgen.model.play_defs import Action, MoveDef, Program, SimultaneousDef, TrickDef, ZoneDef
from deckgen.model.play_features import refusal, unknown
from deckgen.model.play_groups import build_group
from deckgen.model.play_expr import Scope, check
from deckgen.model.play_nodes import BOOL, INT, SEAT, ZONE, Attribute, ExprError, Node, constant, with_options
from deckgen.model.wording import problem

#: The moves a phase may offer, and the actions a move, a round or a trick may run.
MOVE_KINDS = ("play", "draw", "pass", "declare", "give", "take", "buy")
ACTION_KINDS = ("shuffle", "deal", "split", "move", "draw", "set", "add", "if", "each_seat", "skip", "reverse",
                "again", "next", "phase", "end_round", "win", "start_play", "do")
#: How deep procedures may call procedures: deeper is a loop.
MAX_CALLS = 8


class _Builder:
    """Checks one play section, collecting problems rather than stopping at the first."""

    def __init__(self, spec: PlaySpec, deck: Deck, options: Mapping[str, Any], params: Mapping[str, Any],
                 path: Path) -> None:
        self.spec, self.deck, self.path = spec, deck, path
        self.problems: list[str] = []
        self.attributes = {
            name: Attribute(tuple(str(v) for v in values), all(_is_int(v) for v in values))
            for name, values in deck.attributes.items()
        }
        self.option_types = {name: {"bool": BOOL, "int": INT}.get(o.type, "") for name, o in options.items()}
        self.calls: list[str] = []
        self.called: set[str] = set()
        self.counters = build_counters(spec, self.attributes, self.fail)
        self.tables = build_tables(spec, self.attributes, params, self.fail)
        zones = {name: z.owner == "seat" for name, z in spec.zones.items()}
        numbering = deck.number_field
        self.scope = Scope(self.attributes, zones, {n: (c.type, c.per_seat) for n, c in self.counters.items()},
                           {n: t[0] for n, t in self.tables.items()},
                           {n: t for n, t in self.option_types.items() if t}, params, numbering,
                           spec.tricks is not None)
        self.move_index = 0

    def fail(self, where: str, message: str) -> None:
        self.problems.append(problem(self.path, f"play.{where}", message))

    def expr(self, text: Any, where: str, want: str | None, scope: Scope | None = None) -> Node:
        try:
            return check(text, scope or self.scope, want)
        except ExprError as error:
            self.fail(where, str(error))
            return Node("invalid", want or INT)  # reported; never compiled, never folded

    # --- actions -----------------------------------------------------------------------

    def one_key(self, step: Any, where: str, kinds: tuple[str, ...]) -> tuple[str, Any] | None:
        if not isinstance(step, dict) or len(step) != 1 and "if" not in step:
            asked = [refused for key in (step if isinstance(step, dict) else ()) if (refused := refusal(key, self.path))]
            self.fail(where, asked[0] if asked else f"expected one of {', '.join(kinds)} as the step's only key")
            return None
        kind = "if" if "if" in step else next(iter(step))
        if kind not in kinds:
            self.fail(where, unknown("move" if kinds is MOVE_KINDS else "action", str(kind), kinds, self.path))
            return None
        return kind, step if kind == "if" else step[kind]

    def actions(self, steps: Any, where: str, scope: Scope | None = None) -> tuple[Action, ...]:
        if not isinstance(steps, list):
            self.fail(where, "expected a list of actions")
            return ()
        out = []
        for i, step in enumerate(steps):
            found = self.one_key(step, f"{where}.{i}", ACTION_KINDS)
            if found is not None:
                out.extend(self.action(found[0], found[1], f"{where}.{i}", scope or self.scope))
        return tuple(out)

    def fields(self, value: Any, where: str, allowed: dict[str, bool]) -> dict[str, Any]:
        """The details of a step as a mapping, with its unknown and missing keys reported."""
        if not isinstance(value, dict):
            self.fail(where, f"expected a mapping with {', '.join(allowed)}")
            return {}
        for key in value:
            if key not in allowed:
                self.fail(f"{where}.{key}", unknown("key", str(key), list(allowed), self.path))
        for key, required in allowed.items():
            if required and key not in value:
                self.fail(where, f"{key} is missing")
        return value

    def zone(self, text: Any, where: str, scope: Scope, per_seat: bool | None = None) -> Node:
        node = self.expr(text, where, ZONE, scope)
        if node.op == "zone" and per_seat is not None and self.spec.zones[node.data].owner == "shared" and per_seat:
            self.fail(where, f"{node.data} is shared, but this needs a zone of each seat")
        return node

    def zone_name(self, text: Any, where: str, per_seat: bool) -> str:
        name = str(text)
        if name not in self.spec.zones:
            self.fail(where, f"unknown zone {name!r} ({', '.join(self.spec.zones)})")
        elif per_seat and self.spec.zones[name].owner != "seat":
            self.fail(where, f"{name} is shared, but this needs a zone of each seat")
        elif not per_seat and self.spec.zones[name].owner == "seat":
            self.fail(where, f"{name} belongs to each seat, but this needs a shared zone")
        return name

    def action(self, kind: str, value: Any, where: str, scope: Scope) -> list[Action]:
        w = f"{where}.{kind}"
        if kind == "shuffle":
            return [Action(kind, {"zone": self.zone(value, w, scope)})]
        if kind in ("deal", "split"):
            f = self.fields(value, w, {"from": True, "to": True, "count": kind == "deal"})
            args = {"from": self.zone(f.get("from", "x"), f"{w}.from", scope),
                    "to": self.zone_name(f.get("to", ""), f"{w}.to", True)}
            if kind == "deal":
                args["count"] = self.expr(f.get("count", 0), f"{w}.count", INT, scope)
            return [Action(kind, args)]
        if kind in ("move", "draw"):
            chosen = {"where": False} if kind == "move" else {}  # a draw takes the top cards, refilling
            f = self.fields(value, w, {"from": True, "to": True, "count": False, "all": False, **chosen})
            args = {"from": self.zone(f.get("from", "x"), f"{w}.from", scope),
                    "to": self.zone(f.get("to", "x"), f"{w}.to", scope),
                    "count": self.expr(f.get("count", 1), f"{w}.count", INT, scope), "all": bool(f.get("all", False)),
                    "where": self.expr(f["where"], f"{w}.where", BOOL, scope.with_bound("it")) if "where" in f
                    else None}
            if "where" in f and ("count" in f or "all" in f):
                self.fail(f"{w}.where", "where moves every card of the zone it holds for: leave out count and all")
            return [Action(kind, args)]
        if kind in ("set", "add"):
            if not isinstance(value, dict) or not value:
                self.fail(w, "expected counter: value pairs")
                return []
            return [self.assignment(kind, target, text, f"{w}.{target}", scope) for target, text in value.items()]
        if kind == "if":
            f = self.fields(value, where, {"if": True, "then": False, "else": False})
            return [Action("if", {"test": self.expr(f.get("if", False), f"{where}.if", BOOL, scope)},
                           self.actions(f.get("then", []), f"{where}.then", scope),
                           self.actions(f.get("else", []), f"{where}.else", scope))]
        if kind == "each_seat":
            return [Action(kind, {}, self.actions(value, w, scope.with_bound("seat")))]
        if kind == "skip":
            return [Action(kind, {"count": self.expr(value, w, INT, scope)})]
        if kind in ("reverse", "again", "end_round"):
            if value is not True:
                self.fail(w, "expected true")
            return [Action(kind, {})]
        if kind in ("next", "win"):
            return [Action(kind, {"seat": self.expr(value, w, SEAT, scope)})]
        if kind == "phase":
            if value not in self.spec.phases:
                self.fail(w, f"unknown phase {value!r} ({', '.join(self.spec.phases)})")
            return [Action(kind, {"phase": str(value)})]
        if kind == "start_play":
            f = self.fields(value, w, {"from": True, "to": True, "best": True, "then": False})
            card_scope = scope.with_bound("card")
            return [Action(kind, {"from": self.zone_name(f.get("from", ""), f"{w}.from", True),
                                  "to": self.zone(f.get("to", "x"), f"{w}.to", scope),
                                  "best": self.expr(f.get("best", 0), f"{w}.best", INT, card_scope)},
                           self.actions(f.get("then", []), f"{w}.then", scope))]
        return self.call(value, w, scope)

    def call(self, name: Any, where: str, scope: Scope) -> list[Action]:
        procedures = self.spec.procedures
        if name not in procedures:
            self.fail(where, f"unknown procedure {name!r} ({', '.join(procedures) or 'none declared'})")
            return []
        if name in self.calls or len(self.calls) >= MAX_CALLS:
            self.fail(where, f"procedure {name!r} calls itself ({' -> '.join(self.calls + [name])}): "
                      "its effects would loop")
            return []
        self.calls.append(name)
        self.called.add(name)
        try:
            return list(self.actions(procedures[name], f"procedures.{name}", scope))
        finally:
            self.calls.pop()

    def assignment(self, kind: str, target: str, text: Any, where: str, scope: Scope) -> Action:
        name, _, rest = str(target).partition("[")
        counter = self.counters.get(name)
        if counter is None:
            self.fail(where, f"unknown counter {name!r} ({', '.join(self.counters) or 'none declared'})")
            return Action(kind, {})
        seat = None
        if rest:
            if not counter.per_seat:
                self.fail(where, f"{name} is one counter for the game, so it takes no [seat]")
            seat = self.expr(rest.removesuffix("]"), where, SEAT, scope)
        elif counter.per_seat:
            seat = Node("me", SEAT)
        if kind == "add" and counter.type != INT:
            self.fail(where, f"add needs a number counter, and {name} holds a {counter.type}")
        value = self.expr(text, where, counter.type, scope)
        return Action(kind, {"counter": name, "seat": seat, "value": value})

    # --- moves -------------------------------------------------------------------------

    def moves(self) -> tuple[dict[str, tuple[MoveDef, ...]], list[MoveDef]]:
        phases: dict[str, tuple[MoveDef, ...]] = {}
        every: list[MoveDef] = []
        for phase, steps in self.spec.phases.items():
            defs = []
            for i, step in enumerate(steps):
                found = self.one_key(step, f"phases.{phase}.{i}", MOVE_KINDS)
                if found is not None:
                    move = self.move(phase, found[0], found[1], f"phases.{phase}.{i}.{found[0]}")
                    defs.append(move)
                    every.append(move)
            if not defs:
                self.fail(f"phases.{phase}", "a phase needs at least one move")
            phases[phase] = tuple(defs)
        return phases, every

    def move(self, phase: str, kind: str, value: Any, w: str) -> MoveDef:
        value = {} if value is None or value is True else value
        common = {"when": False, "otherwise": False, "then": False, "says": False}
        card_scope = self.scope.with_bound("card")
        args: dict[str, Any] = {}
        if kind == "play":
            f = self.fields(value, w, {**common, "from": True, "to": True, "if": False, "must": False,
                                       "declare": False, "declare_if": False, "cards": False, "readings": False})
            args = {"from": self.zone(f.get("from", "x"), f"{w}.from", self.scope),
                    "to": self.zone(f.get("to", "x"), f"{w}.to", self.scope),
                    "if": self.expr(f.get("if", True), f"{w}.if", BOOL, card_scope),
                    "must": self.expr(f["must"], f"{w}.must", BOOL, card_scope) if "must" in f else None,
                    "declare": self.declared(f.get("declare"), f"{w}.declare"),
                    "declare_if": self.expr(f.get("declare_if", True), f"{w}.declare_if", BOOL, card_scope),
                    "cards": build_group(self, f["cards"], f"{w}.cards", card_scope, self.scope) if "cards" in f
                    else None}
            args["readings"] = self.readings(f, w, card_scope) if "readings" in f else None
            tricks = self.spec.tricks
            if "cards" in f and tricks is not None and str(f.get("to")) == tricks.zone:
                self.fail(f"{w}.cards", f"a trick takes one card from each seat in turn; a set or run cannot go to "
                                        f"{tricks.zone}")
        elif kind == "give":
            f = self.fields(value, w, {**common, "from": True, "to": True, "if": False})
            args = {"from": self.zone(f.get("from", "x"), f"{w}.from", self.scope),
                    "to": self.zone(f.get("to", "x"), f"{w}.to", self.scope),
                    "if": self.expr(f.get("if", True), f"{w}.if", BOOL, card_scope)}
        elif kind in ("draw", "take"):
            counted = {"count": False} if kind == "draw" else {}  # a take moves every card of its zone
            f = self.fields(value, w, {**common, "from": True, "to": True, **counted})
            args = {"from": self.zone(f.get("from", "x"), f"{w}.from", self.scope),
                    "to": self.zone(f.get("to", "x"), f"{w}.to", self.scope),
                    "count": self.expr(f.get("count", 1), f"{w}.count", INT)}
        elif kind == "buy":
            f = value if isinstance(value, dict) else {}
            args = {"buy": build_buy(self, value, w, self.scope)}
        elif kind == "declare":
            f = self.fields(value, w, {**common, "counter": True})
            args = {"declare": self.declared(f.get("counter"), f"{w}.counter")}
        else:
            f = self.fields(value, w, common)
        if not isinstance(f.get("says", ""), str):
            self.fail(f"{w}.says", "expected a line of text (what the player aid prints for this move)")
        index = self.move_index
        self.move_index += 1
        when = self.expr(f["when"], f"{w}.when", BOOL) if "when" in f else None
        for key, condition in (("when", when), ("if", args.get("if"))):
            if isinstance(condition, Node) and constant(condition) == 0:
                self.fail(f"{w}.{key}", "this move can never be legal: its condition is always false")
        then_scope = card_scope if kind in ("play", "give") else self.scope
        return MoveDef(index, phase, kind, args, self.actions(f.get("then", []), f"{w}.then", then_scope),
                       bool(f.get("otherwise", False)), when, str(f.get("says", "")))

    def readings(self, f: dict[str, Any], w: str, card_scope: Scope) -> tuple[Node, ...] | None:
        """The numbers a card may be played as (`card` is the card): one move per distinct one."""
        given = f["readings"]
        if not isinstance(given, list) or not given:
            self.fail(f"{w}.readings", "expected a list of the numbers the card may be played as "
                                       "(readings: [card.value, 10 - card.value])")
            return None
        for key in ("declare", "cards"):
            if key in f:
                self.fail(f"{w}.readings", f"a play with readings moves one card as one number: leave out {key}")
        return tuple(self.expr(text, f"{w}.readings.{i}", INT, card_scope) for i, text in enumerate(given))

    def declared(self, name: Any, where: str) -> str | None:
        if name is None:
            return None
        counter = self.counters.get(str(name))
        if counter is None:
            self.fail(where, f"unknown counter {name!r} ({', '.join(self.counters) or 'none declared'})")
            return None
        if not counter.type.endswith(" value"):
            self.fail(where, f"{name} holds a {counter.type}; a declared counter holds an attribute's values")
            return None
        return counter.name

    # --- the whole section -------------------------------------------------------------

    def program(self) -> Program:
        spec = self.spec
        zones = {}
        for name, z in spec.zones.items():
            choice = z.visible if isinstance(z.visible, VisibleChoice) else None
            shown: tuple[str, ...] = (choice.then, choice.else_) if choice is not None else (str(z.visible),)
            if "owner" in shown and z.owner == "shared":
                self.fail(f"zones.{name}.visible", "a shared zone has no owner to see it (everyone or nobody)")
            decided_by = self.visible_if(choice.if_, f"zones.{name}.visible.if") if choice is not None else None
            if z.refill is not None and z.refill.from_ not in spec.zones:
                self.fail(f"zones.{name}.refill.from", f"unknown zone {z.refill.from_!r}")
            zones[name] = ZoneDef(name, z.owner == "seat", shown[0], z.order,
                                  z.refill.from_ if z.refill else None, z.refill.keep_top if z.refill else 0,
                                  decided_by, shown[-1])
        stock = spec.stock or next(iter(spec.zones))
        if stock not in spec.zones or spec.zones[stock].owner == "seat":
            self.fail("stock", f"{stock!r} is not a shared zone ({', '.join(spec.zones)})")
        seat_scope = self.scope.with_bound("seat")
        first = None if spec.round.first == "random" else self.expr(spec.round.first, "round.first", SEAT)
        tricks = None
        if spec.tricks is not None:
            t = spec.tricks
            card_scope = self.scope.with_bound("card")
            tricks = TrickDef(self.zone_name(t.zone, "tricks.zone", False), self.zone_name(t.to, "tricks.to", True),
                              self.expr(t.among, "tricks.among", BOOL, card_scope),
                              self.expr(t.by, "tricks.by", INT, card_scope),
                              self.actions(t.then, "tricks.then", self.scope.with_bound("winner")))
        phases, moves = self.moves()
        return Program(simultaneous=self.simultaneous(seat_scope), deck=self.deck,
            attributes=self.attributes, zones=zones, stock=stock, counters=self.counters, tables=self.tables,
            turn_unit=spec.turn_unit, order=1 if spec.order == "clockwise" else -1,
            dealer=self.expr(spec.dealer, "dealer", SEAT), rotate_dealer=spec.rotate_dealer, first=first,
            setup=self.actions(spec.round.setup, "round.setup"),
            round_end=self.expr(spec.round.end, "round.end", BOOL),
            round_score=self.actions(spec.round.score, "round.score"),
            phases=phases, moves=moves, tricks=tricks, game_end=self.expr(spec.end, "end", BOOL),
            score=self.expr(spec.result.score, "result.score", INT, seat_scope) if spec.result.score is not None
            else None,
            lowest_wins=spec.result.best == "lowest",
            tie_break=self.expr(spec.result.tie_break, "result.tie_break", INT, seat_scope)
            if spec.result.tie_break is not None else None,
            standing=self.expr(spec.result.standing, "result.standing", INT, seat_scope)
            if spec.result.standing is not None else None,
            greedy=self.expr(spec.greedy, "greedy", INT, self.scope.with_bound("card"))
            if spec.greedy is not None else None,
            numbering=self.scope.numbering, teams=spec.result.teams == "opposite", option_types=self.option_types,
        )

    def visible_if(self, text: Any, where: str) -> Node:
        """The condition choosing a zone's visibility: it may read the options only, since who
        sees a zone is settled when a game starts."""
        node = self.expr(text, where, BOOL)
        if node.op != "invalid" and with_options(node, {name: 0 for name in self.option_types}) is None:
            self.fail(where, "a zone's visibility is settled when the game starts: the condition may read "
                             "options only (options.hidden_hands)")
        return node

    def simultaneous(self, seat_scope: Scope) -> SimultaneousDef | None:
        """Secret turns: in the first phase, where every turn starts, so that a turn is one
        seat's choice; the reveal decides what follows."""
        spec = self.spec.simultaneous
        if spec is None:
            if self.spec.turn_unit == "reveal":
                self.fail("turn_unit", "reveal counts the reveals of secret turns, and this game has no "
                                       "simultaneous: section")
            return None
        first = next(iter(self.spec.phases))
        if spec.phase != first:
            self.fail("simultaneous.phase", f"{spec.phase!r} is not the first phase ({first}): secret turns are "
                                            "the turns of the phase every turn starts in")
        if self.spec.tricks is not None:
            self.fail("simultaneous", "a game with tricks plays in turn order; secret turns cannot feed a trick")
        return SimultaneousDef(self.expr(spec.who, "simultaneous.who", BOOL, seat_scope),
                               self.actions(spec.reveal, "simultaneous.reveal"))

    def unused_procedures(self) -> None:
        """Procedures no step calls, checked all the same: a mistake there is still one."""
        for name in self.spec.procedures:
            if name not in self.called:
                self.call(name, f"procedures.{name}", self.scope)

    def defines(self) -> None:
        """Named expressions, each typed in order so that later ones may use earlier ones."""
        failed: list[str] = []
        for name, text in self.spec.define.items():
            if name in self.counters or name in self.spec.zones:
                self.fail(f"define.{name}", f"{name!r} is already a counter or zone")
                continue
            if any(re.search(rf"\b{bad}\b", str(text)) for bad in failed):
                failed.append(name)  # built on a define already reported: not reported again
                self.scope.defines[name] = Node("invalid", INT)
                continue
            scope = self.scope.with_bound("card", "it")
            reported = len(self.problems)
            self.scope.defines[name] = self.expr(text, f"define.{name}", None, scope)
            if len(self.problems) > reported:
                failed.append(name)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) or isinstance(value, str) and value.isdigit()


def build_program(spec: PlaySpec, deck: Deck, options: Mapping[str, Any], params: Mapping[str, Any],
                  path: Path, player_counts: range) -> Program:
    """The typed program of a play section; a `DataError` listing every problem."""
    builder = _Builder(spec, deck, options, params, path)
    odd = [n for n in player_counts if n % 2]
    if spec.result.teams == "opposite" and odd:
        builder.fail("result.teams", f"partners sit opposite, so every player count must be even, and players "
                     f"{player_counts.start}-{player_counts.stop - 1} includes {', '.join(map(str, odd))}")
    builder.defines()
    program = builder.program()
    builder.unused_procedures()
    if builder.problems:
        raise DataError(*builder.problems)
    return program
