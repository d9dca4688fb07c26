"""Property tests: whatever YAML the loader is fed, it fails only with the project's own error."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckgen.errors import DeckgenError
from deckgen.model.deck import deck_from_data
from deckgen.paths import decks_dir

SHIPPED = {p.parent.name: yaml.safe_load(p.read_text()) for p in decks_dir().glob("*/deck.yaml")}
PATH = Path("decks/fuzz/deck.yaml")

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.text(max_size=12), st.floats(allow_nan=False))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def load(data: object) -> None:
    try:
        deck_from_data(data, PATH)
    except DeckgenError:
        pass


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_random_text_as_yaml(text: str):
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return
    load(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SHIPPED)), st.data())
def test_mutated_shipped_decks(deck_id: str, data: st.DataObject):
    deck = copy.deepcopy(SHIPPED[deck_id])
    for _ in range(data.draw(st.integers(1, 3))):
        node = deck
        # walk to a random container, then replace, delete or add one entry
        while True:
            keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = data.draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, (dict, list)) and child and data.draw(st.booleans()):
                node = child
                continue
            action = data.draw(st.sampled_from(["replace", "delete", "add"]))
            if action == "replace":
                node[key] = data.draw(values)
            elif action == "delete":
                del node[key]
            elif isinstance(node, dict):
                node[data.draw(st.text(max_size=6))] = data.draw(values)
            else:
                node.append(data.draw(values))
            break
    load(deck)
