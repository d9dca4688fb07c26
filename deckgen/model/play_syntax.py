"""The syntax of play-description expressions: a lark grammar, the limits on an expression's
size, and `parse`, which turns text into a syntax tree or an `ExprError` at a column.

`deckgen.model.play_expr` types the tree against a game's names; nothing here knows them.
"""

from __future__ import annotations

import io
from functools import cache

import lark
from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from deckgen.model import data_cache
from deckgen.model.play_nodes import ExprError

GRAMMAR = r"""
?start: cond
?cond: "if" cond "then" cond "else" cond -> ifexpr
     | or_
?or_: and_ | or_ "or" and_ -> or_op
?and_: not_ | and_ "and" not_ -> and_op
?not_: "not" not_ -> not_op | cmp
?cmp: sum | sum CMPOP sum -> compare
?sum: prod | sum ADDOP prod -> arith
?prod: unary | prod MULOP unary -> arith
?unary: "-" unary -> neg | postfix
?postfix: atom | postfix "." NAME -> attr | postfix "[" cond "]" -> index
?atom: INT -> int_lit
     | NAME -> name
     | NAME "(" [cond ("," cond)*] ")" -> call
     | "(" cond ")"
CMPOP: "==" | "!=" | "<=" | ">=" | "<" | ">"
ADDOP: "+" | "-"
MULOP: "*" | "//" | "%"
NAME: /[a-z_][a-z0-9_]*/
INT: /[0-9]{1,9}/
%ignore /[ \t\n]+/
"""

#: The longest expression a rule file may hold: descriptions are short, and a bound keeps
#: a hostile file from making the parser work for long.
MAX_EXPRESSION = 2000
#: Brackets in one expression, and levels of its syntax tree (`not not ...`, `1 + 1 + ...`):
#: the checker and the engine's compiler walk the tree recursively.
MAX_DEPTH = 60


#: The data cache's kind for the parser's tables (`deckgen.model.data_cache`).
PARSER_KIND = "expression-parser"


@cache
def _parser() -> Lark:
    """The parser of GRAMMAR, its tables kept in deckgen's data cache: lark works them out in
    some 25 ms, a tenth of a command that checks a play section, and loads them in 3."""
    key = f"lark {lark.__version__}\n{GRAMMAR}"
    saved = data_cache.read(PARSER_KIND, key)
    if isinstance(saved, bytes):
        try:
            return Lark.load(io.BytesIO(saved))
        except Exception:  # tables another lark cannot read: worked out again
            pass
    parser = Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=False)
    tables = io.BytesIO()
    parser.save(tables)
    data_cache.write(PARSER_KIND, key, tables.getvalue())
    return parser


def parse(text: str) -> Tree[Token]:
    """The syntax tree of an expression; an `ExprError` at the column where it goes wrong."""
    if len(text) > MAX_EXPRESSION:
        raise ExprError(f"{len(text)} characters, more than the {MAX_EXPRESSION} an expression may have")
    if text.count("(") + text.count("[") > MAX_DEPTH:
        raise ExprError(f"more than {MAX_DEPTH} brackets")
    try:
        tree = _parser().parse(text)
    except UnexpectedCharacters as error:
        where = error.pos_in_stream or 0
        raise ExprError(f"unexpected character {text[where:where + 1]!r}", error.column) from None
    except UnexpectedEOF:
        raise ExprError("the expression ends too early", len(text) + 1) from None
    except UnexpectedToken as error:
        token = error.token
        if token.type == "$END":
            raise ExprError("the expression ends too early", len(text) + 1) from None
        raise ExprError(f"unexpected {str(token)!r}", token.column or 0) from None
    except UnexpectedInput as error:
        raise ExprError("not an expression", getattr(error, "column", 0)) from None
    except (LarkError, RecursionError):
        raise ExprError("not an expression") from None
    if _depth(tree) > MAX_DEPTH:
        raise ExprError(f"nested more than {MAX_DEPTH} levels deep (split it with define)")
    return tree


def _depth(tree: Tree[Token]) -> int:
    """How many levels the syntax tree has, counted without recursion."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in node.children if isinstance(child, Tree))
    return deepest

