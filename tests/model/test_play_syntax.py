"""The expression parser's tables are kept in the data cache: a parser loaded from them reads
every expression as one built from the grammar does, positions included."""

from __future__ import annotations

from pathlib import Path

from lark import Lark, Token, Tree

from deckgen.model import play_syntax
from tests.fresh_process import python_output

EXPRESSIONS = ["if a.b > 2 then -x else f(1, y[3])", "count(hand, card.suit == trumps) * 2 // 3 % 4",
               "not seat == dealer and (score[seat] >= 10 or passes != 0)", "1 - - 2"]


def _shape(tree: Tree[Token] | Token) -> object:
    """A tree's rules, tokens and every node's position, for comparing two parses."""
    if isinstance(tree, Token):
        return (tree.type, str(tree), tree.column, tree.end_column)
    return (tree.data, tree.meta.column, tree.meta.end_column, [_shape(child) for child in tree.children])


def test_the_parser_loaded_from_the_cache_reads_as_the_one_built() -> None:
    built = Lark(play_syntax.GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=False)
    play_syntax._parser.cache_clear()
    try:
        play_syntax._parser()  # kept in the data cache if it was not
        play_syntax._parser.cache_clear()
        loaded = play_syntax._parser()
    finally:
        play_syntax._parser.cache_clear()
    for text in EXPRESSIONS:
        assert _shape(loaded.parse(text)) == _shape(built.parse(text))


def test_a_second_process_loads_the_parser_instead_of_working_it_out(tmp_path: Path) -> None:
    script = ("import lark\n"
              "saved, original = [], lark.Lark.save\n"
              "def save(parser, file, *rest):\n"
              "    saved.append(parser)\n"
              "    original(parser, file, *rest)\n"
              "lark.Lark.save = save\n"
              "from deckgen.model import play_syntax\n"
              "assert play_syntax.parse('a + 1').data == 'arith'\n"
              "print(bool(saved))\n")
    assert [python_output(script, tmp_path) for _ in range(2)] == ["True", "False"]
