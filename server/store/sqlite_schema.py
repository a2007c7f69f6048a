"""The SQLite store's tables, and the upgrade of a file written by an earlier version.

Version 2 keeps a command's id in the row of its last event (`events.command_id`), where
version 1 kept it in a table of its own, `commands`, keyed by stream and id. With a few hundred
games every append landed on a page of that table of its own, one page more in the WAL and in
each checkpoint per append; the id now lands on the page its event dirties anyway. Ids are
found through `server.store.sqlite_commands` (in memory, loaded per stream from these rows).

Version 3 adds each event's salt (`events.salt`, see `server.store`): NULL in the rows of
events stored before salts, whose unsalted hashes stay as they were.

The version is SQLite's `user_version`; a file is upgraded in one transaction when the store
opens it, and a file from a newer version is refused rather than misread.
"""

from __future__ import annotations

import sqlite3

VERSION = 3

TABLES = (
    """CREATE TABLE events (
    stream TEXT NOT NULL, version INTEGER NOT NULL, data BLOB NOT NULL,
    prev_hash TEXT NOT NULL, hash TEXT NOT NULL, at_ms INTEGER NOT NULL,
    command_id TEXT, salt BLOB,
    PRIMARY KEY (stream, version)) WITHOUT ROWID""",
    "CREATE TABLE streams (stream TEXT PRIMARY KEY, created_ms INTEGER NOT NULL)",
)

# version 1 to 2: each command's id moves into the row of the last event it appended
FROM_1 = (
    "ALTER TABLE events ADD COLUMN command_id TEXT",
    # a subquery, not UPDATE ... FROM, which SQLite reads only from 3.33 on
    """UPDATE events SET command_id = (SELECT command_id FROM commands
    WHERE commands.stream = events.stream AND commands.version = events.version)""",
    "DROP TABLE commands",
)
# version 2 to 3: events get their salt; those stored before have none
FROM_2 = ("ALTER TABLE events ADD COLUMN salt BLOB",)
UPGRADES = {1: FROM_1 + FROM_2, 2: FROM_2}


class NewerSchema(Exception):
    """The file was written by a later version of the store."""


def prepare(db: sqlite3.Connection, path: str) -> None:
    """Create the tables of a new database, or bring an older one to `VERSION`."""
    if _version(db, path) == VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        if _version(db, path) == VERSION:  # another process upgraded it meanwhile
            db.execute("COMMIT")
            return
        (tables,) = db.execute(
            "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='events'"
        ).fetchone()
        # a file with tables but no user_version is version 1, which never set it
        for statement in UPGRADES[_version(db, path) or 1] if tables else TABLES:
            db.execute(statement)
        db.execute(f"PRAGMA user_version={VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _version(db: sqlite3.Connection, path: str) -> int:
    (found,) = db.execute("PRAGMA user_version").fetchone()
    if found > VERSION:
        raise NewerSchema(f"{path} has schema version {found}; this Plateau reads up to {VERSION}")
    return int(found)
