"""`python -m deckgen`: the same command line as the `deckgen` script, under the same name
in its help and messages."""

from deckgen.cli import main

main(prog_name="deckgen")
