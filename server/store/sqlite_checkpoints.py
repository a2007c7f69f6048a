"""WAL checkpoints for the SQLite store, off the event loop.

SQLite's own checkpoint runs inside the COMMIT that fills the WAL past 1000 pages: it copies
those pages into the database file and waits for two fsyncs, on the writer's thread, which is
the server's event loop. With a few hundred games every append dirties pages of its own, so
that came every ten commits or so and stopped the loop for tens of milliseconds each time.

Here the store's connection never checkpoints on its own (`wal_autocheckpoint=0`); a thread
with a connection of its own runs PASSIVE checkpoints after commits, which copy what is
committed without ever blocking a writer (the sqlite3 module releases the GIL while SQLite
works). A PASSIVE checkpoint cannot move the WAL back to its start while the writer keeps
writing, so once the WAL holds `limit` frames the thread reports it `full` and the store
stops committing for a moment: it asks the thread to `drain` what is committed, and once the
thread has, restarts the WAL (nothing is left to copy then: no wait on the loop) and commits
what waited. If the thread ever fails, the store hands checkpoints back to SQLite
(`Checkpointer.alive`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable

from server.ops.logs import log

LIMIT = 10_000  # WAL frames (pages) before the store restarts it: 40 MB at 4 KB pages
STOP_S = 5.0


class Checkpointer:
    """A thread checkpointing the WAL of the database at `path` whenever `poke`d."""

    def __init__(self, path: str, limit: int = LIMIT) -> None:
        self.path = path
        self.limit = limit
        self.full = False  # the WAL reached `limit`: the store drains and restarts it
        self._drained: Callable[[], None] | None = None  # to call once a drain is done
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

    def drain(self, done: Callable[[], None]) -> None:
        """Copy everything committed, then call `done` (from the thread, even if the copy
        failed). The store commits nothing meanwhile, so the copy leaves nothing behind."""
        self._drained = done
        self._due.set()

    def restarted(self) -> None:
        """The store restarted the WAL: watch it fill again, from the store's next poke (a
        poke before the store's next commit would count the frames of the old WAL)."""
        self.full = False

    def stop(self) -> None:
        """End the thread after its checkpoint in progress, waiting for that at most STOP_S
        (this runs on the loop). The thread is a daemon: a checkpoint cut short by the exit
        loses nothing, the WAL keeps every frame it had not copied yet."""
        self._stopping = True
        self._due.set()
        self._thread.join(STOP_S)

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
                drained, self._drained = self._drained, None
                if self.full and drained is None:
                    continue  # waiting for the store's drain
                frames = self._copy(db)
                if drained is not None:
                    drained()
                elif frames >= self.limit:
                    self.full = True
        finally:
            db.close()

    def _copy(self, db: sqlite3.Connection) -> int:
        """One PASSIVE checkpoint; the frames in the WAL (0 if it failed)."""
        try:
            _, frames, _ = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error as exc:  # e.g. the disk: the next commit pokes again
            log.warning("sqlite_checkpoint_failed", path=self.path, error=str(exc))
            return 0
        return int(frames)
