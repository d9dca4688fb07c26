"""A game log as the lines `deckgen play` prints: a header, a line per move, the chance
events the engine puts in words, and the result. Golden transcripts in the tests are these
lines, so a changed game shows where it parts from the pinned one."""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from deckgen.games.base import Game, Move, State
from deckgen.games.kit.board import board_text, card_code
from deckgen.model.play_rules import PlayRules

LogLine = dict[str, Any]


def describe_result(result: LogLine, rules: PlayRules) -> str:
    """One line for a logged result: who won and the scores, or why the game did not finish;
    its length in the game's turns (moves, rounds...)."""
    scores = ", ".join(f"{s:g}" for s in result["scores"])
    length = rules.turns_text(result["turns"])
    if not result["finished"]:
        return f"result: unfinished after {length} (turn cap {rules.turn_cap}); scores {scores}"
    winners = result["winners"]
    if not winners:
        who = "a draw, nobody wins"
    elif len(winners) == 1:
        who = f"seat {winners[0]} wins"
    else:
        who = "seats " + ", ".join(map(str, winners)) + " share the win"
    return f"result: {who} after {length}; scores {scores}"


def card_codes(game: Game) -> dict[str, str]:
    """Every card's short code for the board (`3bC`), worked out once per transcript."""
    return {card.id: card_code(card.attrs) for card in game.deck.cards}


def board_lines(game: Game, state: State, codes: dict[str, str]) -> list[str]:
    """A grid game's board as monospace text (short card codes, stacks, owners)."""
    return board_text(state.board_cells(), codes, hexagonal=game.grid == "hexagonal")


def public_lines(game: Game, state: State, codes: dict[str, str]) -> list[str]:
    """What every seat sees after a move, as `deckgen replay --show` prints it: a grid game's
    board, every zone all seats see in full, the top and size of covered piles, and only the
    size of a zone hidden from some seat (a hand, a draw pile)."""
    seats = range(state.n_players)
    hidden = {name for seat in seats for name in state.hidden_zones(seat)}
    covered = {name for seat in seats for name in state.covered_zones(seat)}
    lines = board_lines(game, state, codes) if game.grid else []
    for name, cards in state.card_zones().items():
        if game.grid and (name == "table" or name.startswith("cell/")):
            continue  # the board above shows them
        if name in hidden:
            lines.append(f"{name}: {len(cards)} card{'' if len(cards) == 1 else 's'}")
        elif name in covered:
            lines.append(f"{name}: {cards[-1] if cards else '-'} on top of {len(cards)}")
        else:
            lines.append(f"{name}: {' '.join(cards) or '-'}")
    return lines


def public_state_printer(echo: Callable[[str], None]) -> Callable[[Game, State, LogLine], None]:
    """A replay hook that prints each move's line and the public state after it."""
    codes: dict[str, str] = {}

    def show(game: Game, state: State, line: LogLine) -> None:
        if game.grid and not codes:
            codes.update(card_codes(game))
        echo(f"{line['turn']:>5}  {line.get('text', '')}")
        for row in public_lines(game, state, codes):
            echo(f"{'':>9}{row}")

    return show


def played_transcript(
    game: Game, n_players: int, bot_names: list[str], seed: int, index: int = 0, options: dict[str, Any] | None = None,
    opening: Sequence[str] = (),
) -> tuple[list[LogLine], list[str]]:
    """Play and record game `index` of `seed`; the log lines and the printed transcript, with a
    grid game's board drawn after every move (a list of moves alone is unreadable there)."""
    from deckgen.sim.log import record_game

    boards: list[list[str]] = []
    codes = card_codes(game) if game.grid else {}

    def before_move(state: State, move: Move) -> None:
        boards.append(board_lines(game, state, codes))

    final, lines = record_game(game, n_players, bot_names, seed, index, options,
                               on_move=before_move if game.grid else None, opening=opening)
    after_moves = boards[1:] + [board_lines(game, final, codes)] if game.grid else []
    return lines, list(transcript(game, lines, after_moves))


def transcript(game: Game, lines: list[LogLine], boards: Sequence[list[str]] = ()) -> Iterator[str]:
    """The printed transcript of a recorded game (lines as `sim.log.record_game` returns them);
    `boards[i]`, when given, is printed under the i-th move: the board after it."""
    header = lines[0]
    yield (
        f"{game.rules.name}: {header['players']} players, seed {header['seed']}, game {header['index']}, "
        f"bots {', '.join(header['bots'])}"
    )
    moves = 0
    for line in lines[1:]:
        if line["type"] == "move":
            yield f"{line['turn']:>5}  {line['text']}"
            if moves < len(boards):
                yield from (f"{'':>9}{row}" for row in boards[moves])
            moves += 1
        elif line["type"] == "chance" and (event := game.describe_event(line["event"])) is not None:
            yield f"{'':>5}    {event}"
        elif line["type"] == "result":
            yield describe_result(line, game.rules)
