"""How the log moves cards in the hand-written games of tricks, rounds and acts (Mystique,
Mystical Eddies, Mystique Circle, Mystique Domination, Mystique Chain, Zoomies, Smoke and
Mirrors), for the log reader."""

from __future__ import annotations

from typing import Any

from tests.games.log_mappings import Event, dealt, played_to, winner_takes
from tests.games.log_reader import LogMapping, Reader

# --- Mystique --------------------------------------------------------------------------------


def _mystique_move(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    """A cast or a deflection lays the mask's cards on the table; taking burns the table."""
    if move[0] == -1:
        r.move_all("table", f"burns/{seat}")
    else:
        r.put(cards, "table")


def _skirmish_end(r: Reader, e: Event) -> None:
    for seat, cards in enumerate(e["hands"]):
        r.put(cards, f"burns/{seat}")


MYSTIQUE = LogMapping(_mystique_move, {"deal": dealt(("removed", "removed"), clear=True),
                                       "skirmish_end": _skirmish_end})


# --- Mystical Eddies ---------------------------------------------------------------------------

EDDIES = LogMapping(played_to("trick"), {
    "deal": dealt(("removed", "removed"), clear=True), "trick": winner_takes("won", "winner")})


# --- Mystique Circle -----------------------------------------------------------------------------


def _circle_move(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    r.put(cards, f"hole/{seat}" if len(cards) > 1 else "trick")


CIRCLE = LogMapping(_circle_move, {"deal": dealt(("removed", "removed"), clear=True), "trick": winner_takes("won")})


# --- Mystique Domination ----------------------------------------------------------------------------

def _domination_move(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    """Passing: the cards wait face down; in a trick a play beats the last, which joins the pile."""
    if r.notes.get("passing"):
        r.put(cards, f"pass/{seat}")
    elif cards:
        r.move_all("trick", "table")
        r.put(cards, "trick")


def _domination_deal(r: Reader, e: Event) -> None:
    dealt(clear=True)(r, e)
    r.notes["passing"] = True


def _domination_pass(r: Reader, e: Event) -> None:
    for seat, cards in enumerate(e["cards"]):
        r.put(cards, f"received/{(seat + 2) % r.players}")


def _domination_lead(r: Reader, e: Event) -> None:
    r.notes["passing"] = False


def _domination_round(r: Reader, e: Event) -> None:
    for team, pile in enumerate(e["score_piles"]):
        r.put(pile, f"won/{team}")


DOMINATION = LogMapping(_domination_move, {
    "deal": _domination_deal, "pass": _domination_pass, "lead": _domination_lead,
    "trick": lambda r, e: r.put(e["cards"], f"won/{e['seat'] % 2}"), "round": _domination_round})


# --- Mystique Chain ------------------------------------------------------------------------------------

CHAIN = LogMapping(played_to("discard"), {"deal": dealt(("pool", "table"), ("discard", "discard"))})


# --- Zoomies ---------------------------------------------------------------------------------------------

ZOOMIES = LogMapping(played_to("trick"), {
    "remove": lambda r, e: r.put(e["cards"], "removed"), "deal": dealt(), "trick": winner_takes("won")})


# --- Smoke and Mirrors ------------------------------------------------------------------------------------

def _smoke_move(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    """An act takes back the seat's previous act and lays these cards face down; a gift goes
    out with the rest of the loser's hand (the `out` event names them)."""
    if move[0] == 2:
        r.move_all(f"act/{seat}", f"hand/{seat}")
        r.put(cards, f"act/{seat}")


SMOKE = LogMapping(_smoke_move, {
    "deal": dealt(("set_aside", "aside"), ("removed", "removed"), clear=True),
    "swap_draw": lambda r, e: r.put([e["card"]], f"hand/{e['seat']}"),
    "out": lambda r, e: r.put(e["cards"], "out")})
