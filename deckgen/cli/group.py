"""The deckgen command group: its options, its error handling (one `error:` line per problem,
exit status 2), and what every command shares for printing.

Heavy imports (reportlab, scipy, engines) happen inside the commands that need them so
that `deckgen --help` stays fast.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from deckgen import __version__
from deckgen.errors import DeckgenError

if TYPE_CHECKING:
    from deckgen.sim.progress import ProgressLines


class OneLineUsageError(click.ClickException):
    """A command-line usage error shown as one `error:` line (click's own takes four)."""

    exit_code = 2

    def __init__(self, error: click.UsageError) -> None:
        super().__init__(error.format_message())
        path = error.ctx.command_path.split(" ", 1) if error.ctx is not None else []
        self.command = " ".join(["deckgen"] + path[1:])

    def show(self, file: object = None) -> None:
        click.echo(f"error: {self.message} (see: {self.command} --help)", err=True)


class LazyGroup(click.Group):
    """A group whose commands are imported when they are run (or listed by --help), so a
    command pays for its own module's imports only: `lazy` maps each command's name to
    `module:attribute`, the click command."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, str] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = self.lazy.pop(cmd_name, None)
        if where is not None:
            module, _, attribute = where.partition(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return self.commands.get(cmd_name)


class DeckgenGroup(LazyGroup):
    """Turns DeckgenError into one line per problem on stderr and exit status 2, and
    usage errors into one line too."""

    def make_context(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return super().make_context(*args, **kwargs)
        except click.UsageError as exc:
            raise OneLineUsageError(exc) from None

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except DeckgenError as exc:
            for line in exc.problems:
                click.echo(f"error: {line}", err=True)
            ctx.exit(exc.exit_code)
        except click.UsageError as exc:
            raise OneLineUsageError(exc) from None


def jobs_note(text: str, workers: int) -> None:
    """Say on stderr when --jobs was lowered to the cores of this machine."""
    if text.isdigit() and int(text) > workers:
        click.echo(f"note: --jobs {text} lowered to {workers}, the cores of this machine "
                   "(--force-jobs keeps it)", err=True)


@click.group(cls=DeckgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deckgen")
@click.option("--project", "project_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Work on this project folder (default: the folder holding deckgen.yaml, here or above).")
def main(project_dir: Path | None) -> None:
    """Design, check, print and play-test card games.

    Commands work on the project they are run in (a folder with a deckgen.yaml, found here
    or in a parent folder; `deckgen init DIR` makes one), and on the shipped decks and games.

    \b
    Examples:
      deckgen decks                      list the decks
      deckgen check mystique             composition report
      deckgen build                      every output under output/
    """
    from deckgen import project
    from deckgen.startup import loading

    with loading():  # a project's marker is read through pydantic: first import, no plugin search
        project.use(project.find_project(Path.cwd(), project_dir))


def emit_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


@click.group("render", cls=LazyGroup)
def render_group() -> None:
    """Render print-and-play card sheets, card images, booklets and quick references.

    \b
    Examples:
      deckgen render cards mystique
      deckgen render booklet mirrorquest
    """


@contextmanager
def progress_lines(shown: bool | None) -> Iterator[ProgressLines]:
    """Progress lines on stderr for a command that plays (shown: --progress/--no-progress;
    None: only on a terminal), the last one closed however the command ends."""
    from deckgen.sim.progress import ProgressLines

    bars = ProgressLines(sys.stderr.isatty() if shown is None else shown)
    try:
        yield bars
    finally:
        bars.close()
