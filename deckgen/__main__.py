"""The deckgen command: the `deckgen` script and `python -m deckgen`, one command line under
one name in its help and messages."""

from deckgen.startup import loading, run_and_end


def run() -> None:
    """The command line as the whole process (`deckgen.startup.run_and_end`, which is set up
    before anything else loads: an exit handler registered while the command line loads runs
    too)."""
    run_and_end(_command_line)


def _command_line() -> None:
    """Load the command line with the cycle collector paused (click and the command group make
    thousands of objects that live as long as the process: some thirty collections walked them
    while they loaded, 2 to 3 % of a short simulation), then run it."""
    with loading():
        from deckgen.cli import main
    main(prog_name="deckgen")


if __name__ == "__main__":
    run()
