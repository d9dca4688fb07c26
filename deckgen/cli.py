"""The deckgen command line: one click group; commands parse, call, print.

Heavy imports (reportlab, scipy, engines) happen inside the commands that need them so
that `deckgen --help` stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from deckgen import __version__
from deckgen.cli_options import SEED, check_run_options, run_options
from deckgen.errors import DeckgenError, NoLegalMove


class OneLineUsageError(click.ClickException):
    """A command-line usage error shown as one `error:` line (click's own takes four)."""

    exit_code = 2

    def __init__(self, error: click.UsageError) -> None:
        super().__init__(error.format_message())
        path = error.ctx.command_path.split(" ", 1) if error.ctx is not None else []
        self.command = " ".join(["deckgen"] + path[1:])

    def show(self, file: object = None) -> None:
        click.echo(f"error: {self.message} (see: {self.command} --help)", err=True)


class DeckgenGroup(click.Group):
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


def _jobs_note(text: str, workers: int) -> None:
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

    project.use(project.find_project(Path.cwd(), project_dir))


def emit_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


@main.command("decks")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array instead of a table.")
def decks_command(as_json: bool) -> None:
    """List the decks (the project's and the shipped ones): id, name and card count.

    \b
    Example:
      deckgen decks
    """
    from deckgen.model.deck import deck_ids, load_deck

    decks = [load_deck(d) for d in deck_ids()]
    if as_json:
        emit_json([{"id": d.id, "name": d.name, "cards": len(d.cards)} for d in decks])
        return
    from deckgen.report import table

    click.echo(table(["id", "name", "cards"], [[d.id, d.name, len(d.cards)] for d in decks]))


@main.command("cards")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per card.")
@click.option("--decks", type=click.IntRange(min=1), default=1, show_default=True,
              help="List this many copies, one per back, with the ids and move indices games with "
                   "several decks log (back:id).")
def cards_command(deck: str, as_json: bool, decks: int) -> None:
    """List the cards of DECK (an id, or the path of a deck folder or file) with every attribute.

    \b
    Examples:
      deckgen cards mystique
      deckgen cards mystique --decks 2
      deckgen cards mirror --json
      deckgen cards decks/mine
    """
    from deckgen.model.deck import load_deck

    loaded = load_deck(deck)
    rows = [c.to_json(loaded.number_field) for c in loaded.cards]
    if decks > 1:
        from deckgen.games.kit.cards import CardIndex

        ids = CardIndex.of_deck(loaded, decks).ids
        rows = [{"index": i, **row, "id": ids[i]} for i, row in enumerate(rows * decks)]
    if as_json:
        emit_json(rows)
        return
    from deckgen.report import table

    columns = list(dict.fromkeys(k for row in rows for k in row))
    click.echo(table(columns, [[_cell(r.get(c)) for c in columns] for r in rows]))


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return "/".join(str(v) for v in value)
    return str(value)


@main.command("check")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check_command(deck: str, as_json: bool) -> None:
    """Check the composition of DECK: counts, duplicates, numbering, player splits, and
    whether colour-blind players can tell its colours apart (docs/colour-check.md).

    Exits 2 when the deck has a problem (duplicates, numbering gaps, unused values). A
    flagged colour pair of colours the deck file declares is reported but does not change the
    exit status; a deck drawn from a layout is also drawn card by card, and a text under 3:1
    contrast or a pair of its colours that only colour tells apart is a problem.

    \b
    Example:
      deckgen check mystique
    """
    from deckgen.colour_check import colour_vision, format_colour_vision
    from deckgen.compose import check_deck, check_setups, format_report, format_setups
    from deckgen.model.deck import load_deck
    from deckgen.validate import check_deck_looks

    loaded = load_deck(deck)
    report = check_deck(loaded)
    setups = check_setups(loaded)
    looks = check_deck_looks(loaded)
    colours = colour_vision(loaded) if not looks else []
    problems = report.problems + [
        f"game {s.game}: {s.players} players need {-s.left_over} more cards than the deck has"
        for s in setups
        if not s.feasible
    ] + looks
    if as_json:
        data = report.to_json()
        data["setups"] = [
            {"game": s.game, "players": s.players, "cards": s.cards, "removed": s.removed,
             "set_aside": s.set_aside, "per_player": s.per_player, "left_over": s.left_over, "feasible": s.feasible}
            for s in setups
        ]
        data["colour_vision"] = [row.to_json() for row in colours]
        data["problems"] = problems
        emit_json(data)
    else:
        click.echo(format_report(report))
        click.echo("")
        click.echo(format_setups(setups))
        click.echo("")
        click.echo(format_colour_vision(colours))
        for line in problems[len(report.problems):]:
            click.echo(f"problem: {line}")
    if problems:
        sys.exit(2)


@main.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
def validate_command(paths: tuple[Path, ...]) -> None:
    """Validate deck and game files.

    Without PATH: the deck folder you are in (and its games), else the project's decks and
    games, else all the shipped data. Every problem is listed, one line each; exit status 2
    if there are any.

    \b
    Examples:
      deckgen validate
      deckgen validate decks/mystique/deck.yaml
    """
    from deckgen.validate import validate_paths

    checked = validate_paths(list(paths))
    click.echo(f"ok: {checked} file(s) valid")


@main.group("render")
def render_group() -> None:
    """Render print-and-play card sheets, card images, booklets and quick references.

    \b
    Examples:
      deckgen render cards mystique
      deckgen render booklet mirrorquest
    """


#: Games per player count one simulation may ask for (more: run several seeds).
MAX_GAMES = 10_000_000


@main.command("build")
@click.option("--output", "output", type=click.Path(path_type=Path), default=None,
              help="Output folder (default: ./output).")
@click.option("--sim-games", type=click.IntRange(min=0, max=MAX_GAMES), default=8000, show_default=True,
              help="The most games per player count in each fairness report (0 skips simulation).")
@click.option("--precision", type=click.FloatRange(min=0, max=0.5, max_open=True), default=0.02, show_default=True,
              help="Play each count until every seat's 95% interval is within +/- this (0: exactly --sim-games).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed of the fairness simulations.")
@click.option("--jobs", default="auto", show_default=True,
              help="Worker processes, or auto for one per core; more than the cores is lowered to them.")
@click.option("--force-jobs", is_flag=True, help="Run as many workers as --jobs says, even above the cores.")
@click.option("--quiet", "-q", is_flag=True, help="No progress lines on stderr.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Run the simulations on this Dask cluster.")
@click.option("--cluster", default=None, metavar="local:N", help="Run the simulations on a local Dask cluster of N.")
@click.option("--rebuild", is_flag=True, help="Write every output again, changed or not (stored simulations are still reused).")
def build_command(output: Path | None, sim_games: int, precision: float, seed: int, jobs: str, force_jobs: bool,
                  quiet: bool, scheduler: str | None, cluster: str | None, rebuild: bool) -> None:
    """Build every output for the project's decks and games (or the shipped ones) under output/.

    Card listings and composition reports, print-and-play sheets, rule booklets (plain, and
    imposed on A4 and on Letter), quick references and fairness reports (every player count with
    random bots, and the greedy bot against random bots), then a design report (HTML) per game
    and output/index.html linking everything. Progress goes to stderr (--quiet: none); the
    output folder and the data are checked before any work starts. Outputs whose inputs are
    unchanged since the last build are kept, and stored simulations (results.sqlite) reused.

    \b
    Examples:
      deckgen build
      deckgen build --output out --sim-games 5000 --precision 0 --seed 7

    In a project, fairness reports are made for games with an engine only.
    """
    import time

    from deckgen.fileio import check_output_dir
    from deckgen.project import output_dir
    from deckgen.sim.runner import parse_jobs

    start = time.perf_counter()
    workers = parse_jobs(jobs, force_jobs)
    root = check_output_dir(output or output_dir())
    check_run_options(scheduler, cluster, root)
    if not quiet:
        _jobs_note(jobs, workers)
    from deckgen.publish.build import build_all
    from deckgen.sim.cluster import dask_engine

    with dask_engine(scheduler, cluster) as engine:
        built = build_all(root, None if quiet else _progress, sim_games, seed, workers, precision or None, engine,
                          reuse=not rebuild)
    kept = f", {built.unchanged} of them unchanged since the last build" if built.unchanged else ""
    click.echo(f"built {len(built.files)} files under {root}{kept} in {time.perf_counter() - start:.1f} s")


def _progress(line: str) -> None:
    click.echo(line, err=True)


@main.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array instead of a table.")
def games_command(as_json: bool) -> None:
    """List the games: id, name, deck, player counts and bots ("rules only" without an engine).

    \b
    Example:
      deckgen games
    """
    from deckgen.bots.registry import bots_for
    from deckgen.games.base import game_classes
    from deckgen.model.rules import all_rules

    engines = game_classes()
    games = list(all_rules().values())
    if as_json:
        emit_json(
            [{"id": r.id, "name": r.name, "deck": r.deck, "players": {"min": r.players.min, "max": r.players.max},
              "bots": list(bots_for(r.id)) if r.id in engines else []} for r in games]  # []: rules only
        )
        return
    from deckgen.report import table

    rows = [[r.id, r.name, r.deck, f"{r.players.min}-{r.players.max}" if r.players.min != r.players.max
             else str(r.players.min), ", ".join(bots_for(r.id)) if r.id in engines else "rules only"]
            for r in games]
    click.echo(table(["id", "name", "deck", "players", "bots"], rows))


@main.command("play")
@click.argument("game_name", metavar="GAME")
@click.option("--players", "players", type=int, default=None, help="Number of players (default: the game's minimum).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed of the run the game belongs to.")
@click.option("--game-index", type=int, default=0, show_default=True,
              help="Which game of the seeded run to play (game i of `deckgen simulate` with the same seed).")
@click.option("--bots", default="random", show_default=True, help="One bot for every seat, or a comma list per seat.")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="Set a rule option (repeatable).")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write a JSON-lines game log (see docs/game-log.md).")
@click.option("--moves", default="", metavar="TEXT",
              help="The first moves in their notation, separated by ';' (as logs write them); the bots play on.")
def play_command(game_name: str, players: int | None, seed: int, game_index: int, bots: str,
                 option_pairs: tuple[str, ...], log_path: Path | None, moves: str) -> None:
    """Play one game of GAME with bots and print the transcript and the result.

    \b
    Examples:
      deckgen play mirrorquest --players 4 --seed 7 --bots greedy,random,random,random
      deckgen play zoomies --players 4 --seed 3 --log zoomies.jsonl
      deckgen play mystique-pillars --seed 2 --moves "0 1 -1; 0 3 -1"
    """
    from deckgen.sim.runner import SimulationError, bot_names_text, option_pairs_text

    if game_index < 0:
        raise SimulationError(f"--game-index {game_index}: must be 0 or more")
    bot_names_text(bots)
    option_pairs_text(option_pairs)

    from deckgen.games.base import get_game
    from deckgen.sim.log import write_log
    from deckgen.sim.runner import parse_bots, parse_options
    from deckgen.sim.transcript import played_transcript

    game = get_game(game_name)
    n_players = players if players is not None else game.rules.players.min
    game.check_players(n_players)
    bot_names = parse_bots(bots, game, n_players)
    options = parse_options(option_pairs, game)
    try:
        opening = [text.strip() for text in moves.split(";") if text.strip()]
        lines, text_lines = played_transcript(game, n_players, bot_names, seed, game_index, options, opening)
    except NoLegalMove as error:
        if log_path is not None and error.log:  # the moves that led there, to read or replay
            write_log(log_path, error.log)
            click.echo(f"log of the moves so far written to {log_path}", err=True)
        raise
    for text in text_lines:
        click.echo(text)
    if log_path is not None:
        write_log(log_path, lines)
        click.echo(f"log written to {log_path}", err=True)


@main.command("replay")
@click.argument("log_file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--show", is_flag=True, help="Print each move and the public state after it (boards, face-up cards, "
                                          "pile tops, hand sizes).")
@click.option("--from-text", "from_text", is_flag=True,
              help="Play each move as its notation reads (the log's `notation` field), not its JSON.")
def replay_command(log_file: Path, show: bool, from_text: bool) -> None:
    """Replay a game log through the engine and check every move, chance event and the result.

    Exits 2 with the first difference (an illegal move, a different draw or result) or when
    FILE is not a deckgen game log.

    \b
    Examples:
      deckgen replay zoomies.jsonl
      deckgen replay zoomies.jsonl --show
      deckgen replay zoomies.jsonl --from-text
    """
    from deckgen.sim.log import replay_log
    from deckgen.sim.transcript import describe_result, public_state_printer

    header, game, state = replay_log(log_file, public_state_printer(click.echo) if show else None, from_text)
    result = state.result().to_json()
    click.echo(f"ok: {log_file} replays: {game.rules.name}, {header['players']} players, seed {header['seed']}, "
               f"game {header['index']}")
    click.echo(describe_result(result, game.rules.turn_cap))


@main.command("simulate")
@click.argument("game_name", metavar="GAME")
@click.option("--players", "players_text", default=None,
              help="A count (4), a range (2-6) or a list (2,4); default: the game's minimum.")
@click.option("--games", "n_games", type=int, default=1000, show_default=True, help="Games per player count.")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed; game i is seeded from (seed, i).")
@click.option("--jobs", default="auto", show_default=True,
              help="Worker processes, or auto for one per core; more than the cores is lowered to them.")
@click.option("--force-jobs", is_flag=True, help="Run as many workers as --jobs says, even above the cores.")
@click.option("--bots", default=None,
              help="One bot for every seat, or a comma list per seat (default: the game's report bot, usually random).")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="Set a rule option (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON (a list for several counts).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write a plot of win rates and game lengths (png, pdf or svg).")
@click.option("--progress/--no-progress", default=None,
              help="Progress line on stderr (default: only when stderr is a terminal).")
@click.option("--precision", type=float, default=None,
              help="Instead of --games: play seeded batches until every seat's 95% interval is at most "
                   "+/- this (0.01 = one point), or --max-games.")
@click.option("--max-games", type=int, default=200_000, show_default=True, help="The most games --precision plays.")
@run_options
def simulate_command(game_name: str, players_text: str | None, n_games: int, seed: int, jobs: str,
                     force_jobs: bool, bots: str | None, option_pairs: tuple[str, ...], as_json: bool,
                     plot_path: Path | None, progress: bool | None, precision: float | None, max_games: int,
                     scheduler: str | None, cluster: str | None, output: Path | None, no_store: bool) -> None:
    """Play GAME many times with bots and report fairness statistics.

    Win rates (with 95% Wilson intervals) and the chi-square test of equal seats use finished
    games; games stopped by the turn cap are reported as unfinished and never count as wins.
    A shared win is split between its winners. The same seed gives the same numbers whatever
    --jobs is.

    \b
    The first 300 games are also traced move by move for the design metrics: Ludii's
    balance, completion, drawishness, timeouts, lead change and decisiveness, and deckgen's
    duration, decision moves, branching factor and winner's deficit; docs/metrics.md cites
    each definition.

    \b
    Examples:
      deckgen simulate mirrorquest --players 4 --games 10000 --seed 1 --jobs auto
      deckgen simulate mismatch --players 2-6 --games 500 --json
      deckgen simulate zoomies --players 4 --precision 0.01
      deckgen simulate mirrorquest --players 4 --games 60000 --cluster local:2
    """
    from deckgen.sim.report import plot_format
    from deckgen.sim.runner import (
        SimulationError,
        bot_names_text,
        option_pairs_text,
        parse_count_text,
        parse_jobs,
    )

    # Everything that needs no game is checked first, before the engines load.
    if n_games < 1:
        raise SimulationError(f"--games {n_games}: play at least one game")
    if n_games > MAX_GAMES:
        raise SimulationError(f"--games {n_games}: more than {MAX_GAMES} games per player count "
                              "(run several seeds instead)")
    if not 1 <= max_games <= MAX_GAMES:
        raise SimulationError(f"--max-games {max_games}: give 1 to {MAX_GAMES}")
    if precision is not None and not 0 < precision < 0.5:
        raise SimulationError(f"--precision {precision}: give a half-width between 0 and 0.5 (0.01 is one point)")
    if players_text:
        parse_count_text(players_text)
    if bots is not None:
        bot_names_text(bots)
    option_pairs_text(option_pairs)
    workers = parse_jobs(jobs, force_jobs)
    if plot_path is not None:
        plot_format(plot_path)
    root = check_run_options(scheduler, cluster, output, store=not no_store)
    _jobs_note(jobs, workers)

    from deckgen.games.base import get_game
    from deckgen.sim.cluster import dask_engine
    from deckgen.sim.report import ProgressLine, format_summary, write_plot
    from deckgen.sim.runner import (
        parse_bots,
        parse_options,
        parse_player_counts,
        run_simulation,
        run_to_precision,
    )
    from deckgen.sim.stats import summarize
    from deckgen.sim.store import game_inputs, open_store

    game = get_game(game_name)
    counts = parse_player_counts(players_text, game) if players_text else [game.rules.players.min]
    seat_bots = {n: parse_bots(bots or game.rules.report_bot, game, n) for n in counts}
    options = parse_options(option_pairs, game)
    store = None if no_store else open_store(root)
    show_progress = sys.stderr.isatty() if progress is None else progress
    runs = []
    with dask_engine(scheduler, cluster) as engine:
        for n_players in counts:
            bar = ProgressLine(f"{game.rules.id} {n_players}p", max_games if precision else n_games) \
                if show_progress else None
            try:
                if precision is not None:
                    runs.append(run_to_precision(game, n_players, seat_bots[n_players], options, seed, precision,
                                                 max_games, engine or workers, bar.advance if bar else None))
                else:
                    runs.append(run_simulation(game, n_players, seat_bots[n_players], options, seed, n_games,
                                               engine or workers, bar.advance if bar else None))
            finally:
                if bar is not None:
                    bar.close()
    summaries = [summarize(run) for run in runs]
    for summary in summaries:
        if store is not None:
            store.record_run("simulate", game_inputs(game), {
                "players": summary["players"], "bots": summary["bots"], "options": summary["options"],
                "seed": seed, "games": summary["games"], "precision": precision,
                "max_games": max_games if precision else None}, summary)
    if plot_path is not None:
        write_plot(runs, summaries, plot_path)
    if as_json:
        emit_json(summaries[0] if len(summaries) == 1 and not _is_count_list(players_text) else summaries)
        return
    click.echo("\n\n".join(format_summary(s) for s in summaries))


def _is_count_list(players_text: str | None) -> bool:
    """Whether --players asked for several counts (a range or list), so JSON is a list."""
    return players_text is not None and ("-" in players_text or "," in players_text)


@render_group.command("quickref")
@click.argument("game")
@click.option("--size", default="poker", show_default=True, metavar="poker|tarot",
              help="Card size of the player aid.")
@click.option("--paper", default=None, metavar="a4|letter", help="Paper (default: a4).")
@click.option("--output", "output", type=click.Path(path_type=Path), default=None,
              help="Output folder (default: ./output); the file goes to OUTPUT/<deck>/.")
def render_quickref_command(game: str, size: str, paper: str | None, output: Path | None) -> None:
    """Render the quick-reference player aid of GAME: card-sized, front and back.

    Writes OUTPUT/<deck>/<game>-quickref.pdf (-quickref-letter.pdf on Letter): a page of fronts
    and a page of backs mirrored for long-edge duplex, with bleed, crop marks and a footer
    saying how to print. Fails, naming the section, when the text does not fit at 7.5 pt.

    \b
    Examples:
      deckgen render quickref mirrorquest
      deckgen render quickref mystique --size tarot --paper letter
    """
    from deckgen.fileio import check_output_dir
    from deckgen.model.rules import load_rules
    from deckgen.project import output_dir

    root = check_output_dir(output or output_dir())
    from deckgen.render.quickref import render_quickref

    click.echo(f"wrote {render_quickref(load_rules(game), root, size=size, paper=paper)}")


from deckgen import cli_analyse as _cli_analyse  # noqa: E402,F401  (registers `deckgen analyse`)
from deckgen import cli_booklet as _cli_booklet  # noqa: E402,F401  (registers `deckgen render booklet`)
from deckgen import cli_print as _cli_print  # noqa: E402,F401  (registers `deckgen render cards` and `calibration`)
from deckgen import cli_project as _cli_project  # noqa: E402,F401  (registers `deckgen init` and `deckgen watch`)
from deckgen import cli_report as _cli_report  # noqa: E402,F401  (registers `deckgen report`)
from deckgen import cli_sweep as _cli_sweep  # noqa: E402,F401  (registers `deckgen sweep` and `deckgen results`)
