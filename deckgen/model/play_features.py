"""Rules the play language cannot say, recognised by the words a designer reaches for, so that
a description needing one is told which feature is missing and where the way on is: a
Python engine beside the rule file (docs/engine.md, "An engine in your project"), rather
than only "unknown key".

The words for a market (`market`, `price`...) name a feature the language has, the buy move:
out of place, they point at it instead. `refusal(word, path)` is the message for a recognised
word; `route(path)` the pointer every unknown move, action or key ends with.
"""

from __future__ import annotations

from pathlib import Path

#: A feature the language lacks, by the keys, move kinds and actions that would ask for it.
MISSING_FEATURES: dict[str, str] = {}
for _feature, _words in {
    "auctions and bids": ("auction", "bid", "bids", "raise"),
    "cards placed on a board or grid": ("board", "grid", "place", "cell", "diagram"),
    "choosing another player": ("target", "choose_player", "pick_player"),
    "trading between players": ("trade", "swap", "exchange"),
    "a choice of a number": ("choose_number", "amount"),
}.items():
    for _word in _words:
        MISSING_FEATURES[_word] = _feature

#: Words for a feature the language has, said another way than the word: where it is.
SAID_OTHERWISE: dict[str, str] = {
    _word: "the play language buys with a buy move of a phase, which takes cards from a zone (the market) "
           "and has price and pay among its keys (docs/rules-format.md, \"Buying: buy\")"
    for _word in ("market", "buy", "shop", "price", "cost")
}

#: The section of the engine docs a designer follows to write the game in Python.
ENGINE_DOCS = 'docs/engine.md, "An engine in your project"'


def engine_file(path: Path | str | None) -> str:
    """The Python engine's file beside a rule file (`games/<id>.py` when no file is known)."""
    if path is None:
        return "games/<id>.py"
    rule_file = Path(path)
    return f"{rule_file.parent.name}/{rule_file.stem}.py" if rule_file.parent.name else f"{rule_file.stem}.py"


def route(path: Path | str | None) -> str:
    """Where a rule the language cannot say goes: a Python engine beside the rule file."""
    return f"write it as a Python engine in {engine_file(path)}, beside the rule file, without a play: section " \
           f"({ENGINE_DOCS})"


def refusal(word: str, path: Path | str | None) -> str | None:
    """The message for a word naming a feature the language lacks (or has, said otherwise:
    where it is), or None for any other."""
    if word in SAID_OTHERWISE:
        return f"{word!r} is not a key or step here: {SAID_OTHERWISE[word]}"
    feature = MISSING_FEATURES.get(word)
    if feature is None:
        return None
    return f"{word!r} asks for {feature}, which the play language does not have: {route(path)}"


def unknown(what: str, word: str, expected: tuple[str, ...] | list[str], path: Path | str | None) -> str:
    """The message for an unknown move, action or key: the feature when recognised, else the
    known words and, in case it is no misspelling, the Python route."""
    return refusal(word, path) or (f"unknown {what} {word!r} (expected one of {', '.join(expected)}); "
                                   f"if no misspelling, the play language cannot say it: {route(path)}")
