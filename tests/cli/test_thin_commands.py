"""Every command is registered in one place (deckgen/cli/__init__.py) and stays thin: it
parses, calls one function and prints, in under 40 lines of body."""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap

import click

from deckgen.cli import main

#: Lines of a command's body, its docstring left out.
MAX_BODY_LINES = 40


def commands(group: click.Group, path: str = "deckgen") -> list[tuple[str, click.Command]]:
    found = []
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None and command.name == name, name
        if isinstance(command, click.Group):
            found += commands(command, f"{path} {name}")
        else:
            found.append((f"{path} {name}", command))
    return found


def body_lines(command: click.Command) -> int:
    function = ast.parse(textwrap.dedent(inspect.getsource(command.callback))).body[0]
    assert isinstance(function, ast.FunctionDef)
    body = function.body
    if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return body[-1].end_lineno - body[0].lineno + 1 if body else 0


def test_every_command_body_is_under_40_lines() -> None:
    found = commands(main)
    assert len(found) >= 20  # the 16 commands and the 4 of render
    assert [(path, body_lines(c)) for path, c in found if body_lines(c) >= MAX_BODY_LINES] == []


def test_commands_are_registered_only_by_the_package() -> None:
    """Command modules define commands; only deckgen/cli/__init__.py attaches them, so no
    command module imports the group back."""
    modules = {command.callback.__module__ for _, command in commands(main)}
    assert len(modules) >= 8  # one module per command family
    for name in modules:
        source = inspect.getsource(sys.modules[name])
        assert "main.command(" not in source and "render_group.command(" not in source, name
        assert "from deckgen.cli import" not in source, name
