"""Hostile play expressions are one problem line when the rule file is checked: a long chain
(`not not ...`, `1 + 1 + ...`) or a chain of defines that doubles at each link is refused by
its size, never a RecursionError or an exponential walk."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.described.test_description_errors import problems_of, set_play_if


@pytest.mark.parametrize("condition", [
    "not " * 300 + "true",
    "-" * 900 + "1 > 0",
    " + ".join(["1"] * 400) + " > 0",
])
def test_deeply_nested_expressions_are_one_line(condition: str) -> None:
    problems = problems_of(set_play_if(condition))
    assert len(problems) == 1
    assert "play.phases.turn.0.play.if: nested more than 60 levels deep" in problems[0]


def link(i: int) -> str:
    """A define's name (lower-case letters only): link_a, link_b, ..., link_ba..."""
    return "link_" + "".join(chr(ord("a") + int(digit)) for digit in str(i))


def chain_of_defines(links: int, doubling: bool) -> Any:
    def change(play: dict[str, Any]) -> None:
        play["define"] = {link(0): "card.number"}
        for i in range(1, links + 1):
            before = link(i - 1)
            play["define"][link(i)] = f"{before} + {before}" if doubling else f"{before} + 1"
        play["phases"]["turn"][0]["play"]["if"] = f"{link(links)} > 0"
    return change


def test_a_chain_of_defines_that_doubles_is_refused_by_its_size() -> None:
    problems = problems_of(chain_of_defines(60, doubling=True))
    assert len(problems) == 1  # the defines built on the refused one are not refused again
    assert "play.define.link_bc: 12287 terms with its defines written out, more than the 10000" in problems[0]


def test_a_long_chain_of_defines_is_refused_by_its_depth() -> None:
    problems = problems_of(chain_of_defines(400, doubling=False))
    assert len(problems) == 1 and "play.define.link_" in problems[0] and "levels deep with its defines written out" in problems[0]
