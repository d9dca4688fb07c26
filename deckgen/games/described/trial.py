"""A few random games of a described game, played by `deckgen validate`: a description that
parses can still never end, or leave a seat with no move, and a designer should hear so
before a thousand-game simulation does."""

from __future__ import annotations

import random

from deckgen.errors import DataError
from deckgen.games.described.game import DescribedGame
from deckgen.model.wording import problem

#: Random games per player count, and the share of them that must end within the turn cap.
TRIAL_GAMES = 12


def trial_problems(game: DescribedGame) -> list[str]:
    """One line per player count at which random games got stuck or never ended."""
    rules = game.rules
    problems = []
    options = rules.resolve_options()
    for n in rules.players.counts():
        finished = rounds = 0
        for index in range(TRIAL_GAMES):
            chance, moves = random.Random(f"trial-{n}-{index}"), random.Random(f"moves-{n}-{index}")
            try:
                state = game.new_game(n, chance, options)
                state.play_randomly(moves, rules.turn_cap)
            except DataError as error:
                problems.append(f"{error.problems[0]} (random game {index + 1} of the validation trial)")
                break
            finished += state.is_over
            rounds = max(rounds, state.round_no)
        else:
            if not finished:
                cause = ("the game's end (play.end) never held" if rounds > 1
                         else "the round never ended (play.round.end)")
                problems.append(problem(rules.path, "play", f"none of {TRIAL_GAMES} random games with {n} players "
                                        f"ended within turn_cap {rules.turn_cap}: likely, {cause}"))
    return problems
