"""`python -m tablesports` is the `tablesports` command."""

from tablesports.cli.app import main

main()
