"""The deckgen command line: one click group, its commands registered here and nowhere else,
one module per command family. A command parses its options, calls one function and prints.

Commands are registered by where they live and imported when run: loading every command
module (with what each imports) cost a simulate or render run tens of milliseconds for
commands it never runs.
"""

from __future__ import annotations

from deckgen.cli.group import main, render_group

main.lazy.update({
    "decks": "deckgen.cli.decks:decks_command",
    "cards": "deckgen.cli.decks:cards_command",
    "check": "deckgen.cli.decks:check_command",
    "validate": "deckgen.cli.decks:validate_command",
    "build": "deckgen.cli.build:build_command",
    "report": "deckgen.cli.report:report_command",
    "games": "deckgen.cli.play:games_command",
    "play": "deckgen.cli.play:play_command",
    "replay": "deckgen.cli.play:replay_command",
    "simulate": "deckgen.cli.simulate:simulate_command",
    "analyse": "deckgen.cli.analyse:analyse_command",
    "sweep": "deckgen.cli.sweep:sweep_command",
    "tune": "deckgen.cli.sweep:tune_command",
    "results": "deckgen.cli.results:results_command",
    "init": "deckgen.cli.project:init_command",
    "watch": "deckgen.cli.project:watch_command",
})
main.add_command(render_group)
render_group.lazy.update({
    "cards": "deckgen.cli.cards:render_cards_command",
    "calibration": "deckgen.cli.cards:render_calibration_command",
    "booklet": "deckgen.cli.documents:render_booklet_command",
    "quickref": "deckgen.cli.documents:render_quickref_command",
})

__all__ = ["main"]
