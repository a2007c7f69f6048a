"""18ZOO and 18xx.games: `importer` reads the site's export as Plateau events, `recover` finds
the commands behind stored events, `exporter` writes a game as the site's export (the impure
parts are server/records/import_18xx.py and server/records/export_18xx.py)."""
