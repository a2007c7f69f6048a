"""`python -m plateau ...`: the `plateau` command, where no script is installed."""

from plateau.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
