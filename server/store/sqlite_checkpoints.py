"""WAL checkpoints for the SQLite store, off the event loop.

SQLite's own checkpoint runs inside the COMMIT that fills the WAL past 1000 pages: it copies
those pages into the database file and waits for two fsyncs, on the writer's thread, which is
the server's event loop. With a few hundred games every append dirties pages of its own, so
that came every ten commits or so and stopped the loop for tens of milliseconds each time.

Here the store's connection never checkpoints on its own (`wal_autocheckpoint=0`); a thread
with a connection of its own runs PASSIVE checkpoints after commits, which copy what is
committed without ever blocking a writer (the sqlite3 module releases the GIL while SQLite
works). A PASSIVE checkpoint cannot move the WAL back to its start while the writer keeps
writing, so once the WAL holds `limit` frames the thread stops and leaves the store one
RESTART checkpoint to run between two of its commits: by then nearly every frame is already
copied, and that one waits only for the rest and its fsyncs. If the thread ever fails, the
store hands checkpoints back to SQLite (`Checkpointer.alive`).
"""

from __future__ import annotations

import sqlite3
import threading

from server.logs import log

LIMIT = 10_000  # WAL frames (pages) before the store restarts it: 40 MB at 4 KB pages


class Checkpointer:
    """A thread checkpointing the WAL of the database at `path` whenever `poke`d."""

    def __init__(self, path: str, limit: int = LIMIT) -> None:
        self.path = path
        self.limit = limit
        self.full = False  # the WAL reached `limit`: the store's RESTART is due (see `restarted`)
        self._due = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoints", daemon=True)
        self._thread.start()

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def poke(self) -> None:
        """Something was committed: checkpoint it when the thread is free."""
        self._due.set()

    def restarted(self) -> None:
        """The store ran its RESTART: the WAL starts over, checkpoint again."""
        self.full = False
        self._due.set()

    def stop(self) -> None:
        self._stopping = True
        self._due.set()
        self._thread.join()

    def _run(self) -> None:
        try:
            db = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            log.error("sqlite_checkpoints_stopped", path=self.path, error=str(exc))
            return
        try:
            while True:
                self._due.wait()
                self._due.clear()
                if self._stopping:
                    return
                if self.full:
                    continue  # waiting for the store's RESTART
                try:
                    _, frames, _ = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error as exc:  # e.g. the disk: the next commit pokes again
                    log.warning("sqlite_checkpoint_failed", path=self.path, error=str(exc))
                    continue
                if frames >= self.limit:
                    self.full = True
        finally:
            db.close()
