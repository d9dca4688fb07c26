"""How a game described in its rule file logs its cards, for the log reader: one mapping for
every such game, read from the rule data. A play or a gift goes to the zone its move names; a
trick to its winner's zone the `tricks` section names; every other card the rules move is an
event (`deal` with every zone, `draw`, `reshuffle`, `start_play`, `moved`)."""

from __future__ import annotations

from typing import Any

from deckgen.games.base import Game
from deckgen.model.play_defs import Program
from tests.games.log_mappings import Event
from tests.games.log_reader import LogMapping, MoveRule, Reader, Unreadable


def _destination(program: Program, index: int, seat: int) -> str:
    """The zone a play or gift of move `index` puts its cards in, as `card_zones` names it:
    a shared zone, or a seat's own (the mover's, unless the rule names another seat)."""
    move = program.moves[index]
    target = move.args.get("to")
    if target is None or target.op != "zone":
        raise Unreadable(f"move {index} ({move.kind}) names no zone the reader can follow")
    if not program.zones[target.data].per_seat:
        return target.data
    if target.args and target.args[0].op != "me":
        raise Unreadable(f"move {index} gives to a seat the reader does not work out ({target.args[0].op})")
    return f"{target.data}/{seat}"


def _mover(program: Program) -> MoveRule:
    def move(r: Reader, seat: int, json: Any, cards: list[str]) -> None:
        if program.moves[json[0]].kind in ("play", "give"):
            r.put(cards, _destination(program, json[0], seat))
    return move


def _deal(r: Reader, e: Event) -> None:
    """A round's set-up names every zone's cards."""
    r.forget_all()
    for zone, cards in e["zones"].items():
        r.put(cards, zone)


def _reshuffle(r: Reader, e: Event) -> None:
    """The bottom `cards` cards of the source (all but its kept top) refill the zone."""
    r.put(r.cards(e["source"])[: e["cards"]], e["zone"])


def described_mapping(game: Game) -> LogMapping:
    program: Program = getattr(game, "program")
    events = {
        "deal": _deal, "draw": lambda r, e: r.put([e["card"]], e["zone"]), "reshuffle": _reshuffle,
        "start_play": lambda r, e: r.put([e["card"]], e["zone"]),
        "moved": lambda r, e: r.put(e["cards"], e["to"]),
    }
    if program.tricks is not None:
        trick, won = program.tricks.zone, program.tricks.to
        events["trick"] = lambda r, e: r.move_all(trick, f"{won}/{e['winner']}")
    return LogMapping(_mover(program), events)

