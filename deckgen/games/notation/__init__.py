"""Each hand-written engine's move notation (`kit.notation`), one module per game. A module
here imports only the kit: the engine passes in its cards, tables and move codes, so that no
notation imports its engine back."""
