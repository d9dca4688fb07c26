"""Composition checks: counts by attribute and pair, duplicates, numbering, player splits."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any

from deckgen.model.deck_data import Card, Deck, Scalar
from deckgen.report import table

#: Player counts the split table covers.
SPLIT_PLAYERS = range(2, 9)
NONE_LABEL = "(none)"


@dataclass(frozen=True)
class Split:
    players: int
    per_player: int
    left_over: int

    @property
    def even(self) -> bool:
        return self.left_over == 0


@dataclass(frozen=True)
class CompositionReport:
    deck: Deck
    total: int
    by_attribute: dict[str, dict[str, int]]
    by_pair: dict[tuple[str, str], dict[tuple[str, str], int]]
    copies: list[tuple[str, int]]
    duplicates: list[tuple[str, int]]
    unused_values: dict[str, list[str]]
    numbering: dict[str, Any] | None
    splits: list[Split]

    @property
    def problems(self) -> list[str]:
        """Everything a designer must fix; empty for a sound deck."""
        out = [f"{name} appears {count} times without a copies declaration" for name, count in self.duplicates]
        out += [
            f"attribute {attr}: values never used: {', '.join(values)}"
            for attr, values in self.unused_values.items()
        ]
        if self.numbering:
            if self.numbering["repeated"]:
                out.append(f"card numbers used more than once: {_numbers(self.numbering['repeated'])}")
            if self.numbering["missing"]:
                out.append(f"card numbers missing: {_numbers(self.numbering['missing'])}")
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck.id,
            "name": self.deck.name,
            "total": self.total,
            "by_attribute": self.by_attribute,
            "by_pair": {
                f"{a}x{b}": {f"{va}|{vb}": n for (va, vb), n in counts.items()}
                for (a, b), counts in self.by_pair.items()
            },
            "copies": [{"card": name, "count": n} for name, n in self.copies],
            "duplicates": [{"card": name, "count": n} for name, n in self.duplicates],
            "unused_values": self.unused_values,
            "numbering": self.numbering,
            "splits": [
                {"players": s.players, "per_player": s.per_player, "left_over": s.left_over, "even": s.even}
                for s in self.splits
            ],
            "even_splits": [s.players for s in self.splits if s.even],
            "problems": self.problems,
        }


def _numbers(numbers: list[int]) -> str:
    """Card numbers for a problem line: the first twenty, then how many more."""
    shown = ", ".join(map(str, numbers[:20]))
    return shown + (f" and {len(numbers) - 20} more" if len(numbers) > 20 else "")


def _key(value: Scalar | None) -> str:
    return NONE_LABEL if value is None else str(value)


def check_deck(deck: Deck) -> CompositionReport:
    cards = deck.cards
    by_attribute = {
        attr: {
            _key(v): n
            for v, n in sorted(
                Counter(c.attrs[attr] for c in cards).items(),
                key=lambda item: _order(deck, attr, item[0]),
            )
        }
        for attr in deck.attributes
    }
    by_pair = {}
    for a, b in itertools.combinations(deck.attributes, 2):
        counts = Counter((c.attrs[a], c.attrs[b]) for c in cards)
        by_pair[(a, b)] = {
            (_key(va), _key(vb)): n
            for (va, vb), n in sorted(
                counts.items(), key=lambda item: (_order(deck, a, item[0][0]), _order(deck, b, item[0][1]))
            )
        }
    identical: dict[tuple, list[Card]] = {}
    for card in cards:
        identical.setdefault(card.signature(), []).append(card)
    copies = [(same[0].name, len(same)) for same in identical.values() if len(same) > 1]
    duplicates = [
        (same[0].name, len(same)) for same in identical.values() if len({c.source for c in same}) > 1
    ]
    unused = {
        attr: [str(v) for v in values if v not in {c.attrs[attr] for c in cards}]
        for attr, values in deck.attributes.items()
    }
    unused = {attr: values for attr, values in unused.items() if values}
    return CompositionReport(
        deck=deck,
        total=len(cards),
        by_attribute=by_attribute,
        by_pair=by_pair,
        copies=copies,
        duplicates=duplicates,
        unused_values=unused,
        numbering=_numbering(deck),
        splits=[Split(n, len(cards) // n, len(cards) % n) for n in SPLIT_PLAYERS],
    )


def _order(deck: Deck, attr: str, value: Scalar | None) -> int:
    """Declared order of a value; cards without the attribute sort last."""
    values = deck.attributes[attr]
    return values.index(value) if value in values else len(values)


def _numbering(deck: Deck) -> dict[str, Any] | None:
    if deck.number_field is None:
        return None
    numbers = [c.number for c in deck.cards if c.number is not None]
    counts = Counter(numbers)
    low = min(numbers, default=1)
    expected = range(low, low + len(deck.cards))
    return {
        "field": deck.number_field,
        "formula": deck.numbering_formula,
        "first": low,
        "last": max(numbers, default=0),
        "repeated": sorted(n for n, k in counts.items() if k > 1),
        "missing": sorted(set(expected) - set(numbers)),
    }


def _present(deck: Deck, attr: str, keys: set[str]) -> list[str]:
    """Keys that occur, in the attribute's declared order, "(none)" last."""
    ordered = [_key(v) for v in deck.attributes[attr]] + [NONE_LABEL]
    return [k for k in ordered if k in keys]


def format_report(report: CompositionReport) -> str:
    """The report as readable text for the terminal."""
    deck = report.deck
    lines = [f"{deck.name} ({deck.id}): {report.total} cards", ""]
    for attr, counts in report.by_attribute.items():
        lines.append(f"by {attr}: " + ", ".join(f"{v} {n}" for v, n in counts.items()))
    lines.append("")
    for (a, b), pair_counts in report.by_pair.items():
        rows_values = _present(deck, a, {va for va, _ in pair_counts})
        cols_values = _present(deck, b, {vb for _, vb in pair_counts})
        if len(cols_values) > 14:
            continue  # too wide to read; JSON has it
        lines.append(f"{a} x {b}:")
        rows = [[va] + [pair_counts.get((va, vb), 0) for vb in cols_values] for va in rows_values]
        lines.append(table([a] + cols_values, rows))
        lines.append("")
    if report.numbering:
        num = report.numbering
        state = "unique and gap-free" if not (num["repeated"] or num["missing"]) else "has problems"
        lines.append(f"numbering ({num['field']}): {num['first']}-{num['last']}, {state}")
        if num["formula"]:
            lines.append(f"  {num['formula']}")
    lines.append("duplicates: " + (", ".join(f"{n} x {c}" for c, n in report.duplicates) or "none"))
    if report.copies:
        lines.append("declared copies: " + ", ".join(f"{n} x {c}" for c, n in report.copies))
    lines.append("")
    lines.append("player splits:")
    lines.append(
        table(
            ["players", "cards each", "left over", "even"],
            [[s.players, s.per_player, s.left_over, "yes" if s.even else "no"] for s in report.splits],
        )
    )
    even = [str(s.players) for s in report.splits if s.even]
    lines.append(f"splits evenly for: {', '.join(even) if even else 'no player count 2-8'} players")
    if report.problems:
        lines.append("")
        lines.extend(f"problem: {p}" for p in report.problems)
    return "\n".join(lines)


@dataclass(frozen=True)
class SetupCheck:
    """Whether one game's setup for one player count can be dealt from its deck."""

    game: str
    players: int
    cards: int
    removed: int
    set_aside: int
    per_player: int
    left_over: int

    @property
    def feasible(self) -> bool:
        return self.left_over >= 0


def check_setups(deck: Deck) -> list[SetupCheck]:
    """Every shipped game on this deck, every player count: cards dealt, removed and left."""
    from deckgen.model.rules import all_play_rules  # the setups: no text filled

    out = []
    for rules in all_play_rules().values():
        if rules.deck != deck.id:
            continue
        for players, setup in sorted(rules.setup.items()):
            cards = len(deck.cards) * setup.decks
            available = cards - setup.removed - setup.set_aside
            per_player = setup.hand_size if setup.hand_size is not None else max(available, 0) // players
            out.append(SetupCheck(rules.id, players, cards, setup.removed, setup.set_aside, per_player,
                                  available - per_player * players))
    return out


def format_setups(checks: list[SetupCheck]) -> str:
    if not checks:
        return "games: none use this deck yet"
    rows = [
        [c.game, c.players, c.cards, c.removed, c.set_aside, c.per_player, c.left_over, "yes" if c.feasible else "NO"]
        for c in checks
    ]
    return "game setups:\n" + table(
        ["game", "players", "cards", "removed", "aside", "each", "left over", "works"], rows
    )
