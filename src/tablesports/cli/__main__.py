"""`python -m tablesports.cli`: the same as the `tablesports` command."""

from tablesports.cli.app import main

if __name__ == "__main__":  # the guard lets spawned worker processes import this module
    main()
