"""The `tablesports` command-line tool (typer + rich): games, rules, play, simulate, replay,
bench. Every command works on every registered game through the protocol alone."""
