"""HTML pages from the Jinja templates in templates/report: autoescaped, strict about unknown
names, and self-contained (styles inline, charts inline SVG), so a page opens from file://."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen import paths
from deckgen.errors import DeckgenError
from deckgen.fileio import write_atomic

if TYPE_CHECKING:
    from jinja2 import Environment


@cache
def html_env() -> Environment:
    """The jinja2 environment of the report pages. Every value from data is escaped unless
    a caller marks it safe (only the SVG the chart module builds, its own text escaped)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    return Environment(
        loader=FileSystemLoader(str(paths.templates_dir() / "report")),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render_page(template: str, values: dict[str, Any]) -> str:
    """One page's HTML; a broken or missing template is one line naming it."""
    from jinja2 import TemplateError

    try:
        return html_env().get_template(template).render(**values)
    except TemplateError as exc:
        line = getattr(exc, "lineno", None)
        where = f"templates/report/{template}" + (f", line {line}" if line else "")
        raise DeckgenError(f"{where}: {exc.message or type(exc).__name__} (fix the template)") from None


def write_page(target: Path, template: str, values: dict[str, Any]) -> Path:
    """Render a page and write it atomically: complete or absent."""
    return write_atomic(target, render_page(template, values))
