"""`python -m deckgen`: the same command line as the `deckgen` script."""

from deckgen.cli import main

main()
