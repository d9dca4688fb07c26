"""The deckgen command line: one click group, its commands registered here and nowhere else,
one module per command family. A command parses its options, calls one function and prints.
"""

from __future__ import annotations

from deckgen.cli import analyse, build, cards, decks, documents, play, project, report, results, simulate, sweep
from deckgen.cli.group import main, render_group

for command in (decks.decks_command, decks.cards_command, decks.check_command, decks.validate_command,
                build.build_command, report.report_command, play.games_command, play.play_command,
                play.replay_command, simulate.simulate_command, analyse.analyse_command, sweep.sweep_command,
                sweep.tune_command, results.results_command, project.init_command, project.watch_command):
    main.add_command(command)
main.add_command(render_group)
for command in (cards.render_cards_command, cards.render_calibration_command, documents.render_booklet_command,
                documents.render_quickref_command):
    render_group.add_command(command)

__all__ = ["main"]
