"""Simulation: running many seeded bot games (runner), their statistics (stats), tables and
plots (report), and JSON-lines game logs that replay move by move (log)."""
