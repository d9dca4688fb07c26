"""The shape of parsed data (a data file's, a game log line's): how deep it nests and how
many values it holds once YAML's anchors and aliases are expanded, checked without expanding
them. Apart from `deckgen.model.common`, whose YAML reader and schemas (PyYAML, pydantic) a
command reading a game log does not need."""

from __future__ import annotations

from typing import Any

#: The deepest nesting and the most values (aliases expanded) parsed data may have. The
#: shipped data files have at most 6 levels and a few thousand values.
MAX_DEPTH = 32
MAX_VALUES = 200_000


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return [v for v in node.values() if isinstance(v, (dict, list))]
    if isinstance(node, list):
        return [v for v in node if isinstance(v, (dict, list))]
    return []


def _size(node: Any) -> int:
    return len(node) if isinstance(node, (dict, list)) else 0


def shape_problem(data: Any) -> str:
    """What is wrong with the shape of parsed data, or "": an anchor that contains itself,
    nesting deeper than MAX_DEPTH, or more than MAX_VALUES values once aliases are expanded
    (a "billion laughs" file). Linear in the data as parsed, whatever the aliases expand to."""
    height: dict[int, int] = {}
    values: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[Any, bool]] = [(data, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        children = _children(node)
        if finished:
            open_nodes.discard(key)
            height[key] = 1 + max((height[id(c)] for c in children), default=0)
            values[key] = _size(node) + sum(values[id(c)] for c in children)
            if height[key] > MAX_DEPTH:
                return f"nested more than {MAX_DEPTH} levels deep"
            if values[key] > MAX_VALUES:
                return f"more than {MAX_VALUES} values once anchors and aliases are expanded"
            continue
        if key in height:
            continue
        if key in open_nodes:
            return "an anchor contains an alias of itself (data cannot refer to itself)"
        open_nodes.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in children if id(child) not in height)
    return ""
