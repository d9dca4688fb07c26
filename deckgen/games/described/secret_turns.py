"""Secret turns (`simultaneous`): the seats taking part move one after another, clockwise from
the seat after the dealer, each unseen by the others (their zones say who sees what); once the
last has moved, the reveal actions run and the next secret turns start.

The layout holds them as the action that passes the turn on (`Layout.secret_turns`), run
after every move in place of the plain pass to the next seat.
"""

from __future__ import annotations

from deckgen.errors import DataError
from deckgen.games.described.program import Fn, Run, Step
from deckgen.games.described.state import DescribedState
from deckgen.model.wording import problem


class SecretTurns(Step):
    """Passes the turn to the next seat taking part (`takes_part`, `seat` bound), or reveals."""

    def __init__(self, takes_part: Fn, reveal: Run) -> None:
        self.takes_part = takes_part
        self.reveal = reveal

    def run(self, state: DescribedState, card: int) -> None:
        """The next seat taking part after the one that moved, clockwise from the seat after
        the dealer, moves; after the last, the choices are revealed."""
        state.skips, state.again, state.next_set, state.phase_set = 0, False, False, -1
        n, after_dealer = state.n_players, (state.dealer + 1) % state.n_players
        for k in range((state.current_player - after_dealer) % n + 1, n):
            state.bound_seat = (after_dealer + k) % n
            if self.takes_part.ev(state, -1):
                state.current_player = state.bound_seat
                return
        self.reveal_all(state)

    def reveal_all(self, state: DescribedState) -> None:
        """Every seat taking part has moved: the reveal actions run (`me` the last to move);
        then the round may end, or the first seat taking part (or the one a `next` chose)
        starts the next secret turns, in the phase a `phase` action chose or the first."""
        layout = state.layout
        if layout.turn_unit == "reveal":
            state.turns += 1
        if state.events is not None:
            state.events.append({"type": "reveal", "turn": state.turns})
        state.me = state.current_player
        state.next_epoch()  # the reveal is a new position for the rows of card expressions
        self.reveal.run(state, -1)
        if layout.covered:
            state.see_tops()
        if state.over or state.round_ended():
            return
        state.phase = max(state.phase_set, 0)
        if not state.next_set:
            state.current_player = self.first_taking_part(state)
        state.skips, state.again, state.next_set, state.phase_set = 0, False, False, -1

    def first_taking_part(self, state: DescribedState) -> int:
        """The first seat taking part, clockwise from the seat after the dealer."""
        for k in range(state.n_players):
            state.bound_seat = (state.dealer + 1 + k) % state.n_players
            if self.takes_part.ev(state, -1):
                return state.bound_seat
        raise DataError(problem(state.layout.path, "play.simultaneous.who",
                                f"no seat takes part after the reveal at turn {state.turns} of round "
                                f"{state.round_no} ({state.n_players} players): the reveal must end the round "
                                "or let a seat move"))
