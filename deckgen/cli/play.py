"""`deckgen games`, `play` and `replay`: the games, one game played, a game log checked."""

from __future__ import annotations

from pathlib import Path

import click

from deckgen.cli.group import emit_json
from deckgen.cli.options import SEED
from deckgen.errors import NoLegalMove


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array instead of a table.")
def games_command(as_json: bool) -> None:
    """List the games: id, name, deck, player counts and bots ("rules only" without an engine).

    \b
    Example:
      deckgen games
    """
    from deckgen.bots.registry import bots_for
    from deckgen.games.registry import game_classes
    from deckgen.model.rules import all_play_rules

    engines = game_classes()
    games = list(all_play_rules().values())
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


@click.command("play")
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

    from deckgen.games.registry import get_game
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


@click.command("replay")
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
    click.echo(describe_result(result, game.rules))
