"""How each hand-written game's log moves cards, for the log reader (`log_reader`): per game,
where a move's cards go and what each event type does. Written from docs/game-log.md and the
rules, never from an engine's state."""

from __future__ import annotations

from typing import Any

from tests.games.log_reader import EventRule, LogMapping, MoveRule, Reader

Event = dict[str, Any]


def played_to(zone: str, seat_zone: bool = False) -> MoveRule:
    """A move whose cards go onto `zone` (the mover's own `zone/<seat>` if `seat_zone`)."""
    return lambda r, seat, move, cards: r.put(cards, f"{zone}/{seat}" if seat_zone else zone)


def drawn_to(zone: str = "hand") -> EventRule:
    """`{seat, card}` or `{seat, cards}`: the cards go to the seat's `zone`."""
    return lambda r, e: r.put([e["card"]] if "card" in e else e["cards"], f"{zone}/{e['seat']}")


def dealt(*extra: tuple[str, str], clear: bool = False) -> EventRule:
    """A deal: the hands, then each `(key, zone)` of the event's extra keys (a card or cards).
    `clear`: every card from before goes back unseen first (a new round)."""

    def rule(r: Reader, e: Event) -> None:
        if clear:
            r.forget_all()
        r.deal(e["hands"])
        for key, zone in extra:
            value = e.get(key) or []
            r.put([value] if isinstance(value, str) else value, zone)
    return rule


def back_into(source: str, zone: str, keep_top: bool = False) -> EventRule:
    """A reshuffle: `source` (all but its top if `keep_top`) goes into `zone`, unseen."""

    def rule(r: Reader, e: Event) -> None:
        cards = r.cards(source)
        r.put(cards[:-1] if keep_top else cards, zone)
    return rule


def winner_takes(zone: str, winner_key: str = "seat") -> EventRule:
    """A trick won: the trick's cards go to the winner's `zone` (the seat under `winner_key`)."""

    def rule(r: Reader, e: Event) -> None:
        r.move_all("trick", f"{zone}/{e[winner_key]}")
    return rule


def nothing(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    """A move that moves no card by itself (its events say what happens)."""


# --- Battle for the Suns -------------------------------------------------------------------

def _suns_reveal(r: Reader, e: Event) -> None:
    for seat, card in enumerate(e["cards"]):
        if card is not None:
            r.put([card], f"bids/{seat}")


def _suns_award(r: Reader, e: Event) -> None:
    r.move_all("table", "removed" if e["seat"] is None else f"won/{e['seat']}")
    for seat in range(r.players):
        r.move_all(f"bids/{seat}", "discard")


BATTLE = LogMapping(played_to("commit", seat_zone=True), {
    "deal": dealt(), "reveal": _suns_reveal, "award": _suns_award, "sunrise": lambda r, e: r.put([e["card"]], "table"),
    "draw": drawn_to(), "reshuffle": back_into("discard", "draw")})


# --- Chain of Restraints ---------------------------------------------------------------------

def _pass_hands(r: Reader, e: Event) -> None:
    """Every hand goes to the seat before it."""
    hands = [r.cards(f"hand/{seat}") for seat in range(r.players)]
    for seat in range(r.players):
        r.put(hands[(seat + 1) % r.players], f"hand/{seat}")


def _redraw(r: Reader, e: Event) -> None:
    r.put(e["discarded"], "discard")


def _chain_move(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    """`[card, col, row]`: the card goes onto that space."""
    r.lay(cards[0], "table", move[1], move[2])


CHAIN_OF_RESTRAINTS = LogMapping(_chain_move, {
    "deal": dealt(), "draw": drawn_to(), "pass": _pass_hands, "redraw": _redraw})


# --- Clique Mystique ----------------------------------------------------------------------------

def _clique_at(cell: int) -> tuple[int, int]:
    """(col, row) of a cell of the 7x7 board, numbered (row + 3) * 7 + col + 3."""
    return cell % 7 - 3, cell // 7 - 3


def _clique_move(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    if move[0] == 0:  # place: (cell, card) pairs
        for cell, card in zip(move[1::2], cards):
            r.lay(card, f"cell/{cell}", *_clique_at(cell))
    elif move[0] == 1:  # replace: set aside, shuffled back after the draw
        r.put(cards, "draw")


def _clique_deal(r: Reader, e: Event) -> None:
    r.deal(e["hands"])
    for stack in e["board"]:
        r.lay(stack["card"], f"cell/{stack['cell']}", stack["col"], stack["row"])
        r.owners[stack["col"], stack["row"]] = stack["owner"]


def _clique_owners(r: Reader, e: Event) -> None:
    """The placing seat claims the new stacks and turns the opponent's it rotated."""
    for cell in e["claimed"] + e["rotated"]:
        r.owners[_clique_at(cell)] = e["seat"]


CLIQUE = LogMapping(_clique_move, {"deal": _clique_deal, "draw": drawn_to(), "owners": _clique_owners})


# --- Mirrorquest ---------------------------------------------------------------------------------

MIRRORQUEST = LogMapping(played_to("discard"), {
    "deal": dealt(("mirrorcard", "discard")), "draw": drawn_to(), "reshuffle": back_into("discard", "draw", True)})


# --- Mismatch ---------------------------------------------------------------------------------------

def _mismatch_reshuffle(r: Reader, e: Event) -> None:
    r.put(e["order"], f"deck/{e['seat']}")


def _mismatch_deal(r: Reader, e: Event) -> None:
    """The hands are each seat's face-down deck."""
    r.deal(e["hands"], zone="deck")
    r.put(e["removed"], "removed")


MISMATCH = LogMapping(nothing, {
    "deal": _mismatch_deal, "draw": drawn_to("duel"),
    "capture": lambda r, e: r.put(e["cards"], f"won/{e['seat']}"), "reshuffle": _mismatch_reshuffle})


# --- Mystique Pillars -------------------------------------------------------------------------------

def _pillars_move(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    if move[0] == 1:
        r.put(cards, f"pillar/{move[2]}")
    else:
        r.put(r.cards(f"pillar/{move[1]}")[-1:], f"hand/{seat}")


def _pillars_split(r: Reader, e: Event) -> None:
    """The top `cards` cards of one pillar go onto the emptied one; what the reader knows of a
    pillar is always a run from its top, so those are the last it knows."""
    known = r.cards(f"pillar/{e['from']}")
    r.put(known[len(known) - min(e["cards"], len(known)):], f"pillar/{e['to']}")


def _pillars_deal(r: Reader, e: Event) -> None:
    r.deal(e["hands"])
    for pillar, card in enumerate(e["pillar_tops"]):
        r.put([card], f"pillar/{pillar}")


PILLARS = LogMapping(_pillars_move, {
    "deal": _pillars_deal, "uncover": lambda r, e: r.put([e["card"]], f"pillar/{e['pillar']}"),
    "split": _pillars_split})


# --- Up and Down ----------------------------------------------------------------------------------

UP_AND_DOWN = LogMapping(played_to("table"), {
    "deal": dealt(), "draw": drawn_to(), "start": lambda r, e: r.put([e["card"]], "table"),
    "restart": lambda r, e: r.put([e["card"]], "table")})


# --- Mystique Energy, Guilds, Maze -----------------------------------------------------------------------

def _energy_move(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    """`[q, r]`: the card in hand goes onto that hexagonal cell."""
    r.lay(r.cards(f"hand/{seat}")[0], "table", move[0], move[1])


def _energy_deal(r: Reader, e: Event) -> None:
    r.deal(e["hands"])
    for seat, card in enumerate(e["energy"]):
        r.put([card], f"energy/{seat}")


ENERGY = LogMapping(_energy_move, {"deal": _energy_deal, "draw": drawn_to()})

GUILDS = LogMapping(played_to("discard"), {
    "draw": drawn_to(), "take_discard": drawn_to(), "shuffle": back_into("discard", "draw")})


def _maze_move(r: Reader, seat: int, move: Any, cards: list[str]) -> None:
    if move[0] == 1:
        r.put(r.cards("discard")[-1:], f"hand/{seat}")
    elif move[0] == 2:
        r.put(cards, "discard")


def _maze_deal(r: Reader, e: Event) -> None:
    r.deal(e["hands"])
    for seat, pair in enumerate(e["corners"]):
        r.put(pair, f"corners/{seat}")


MAZE = LogMapping(_maze_move, {"deal": _maze_deal, "draw": drawn_to(),
                               "reshuffle": back_into("discard", "draw", keep_top=True)})
