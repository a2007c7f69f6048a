"""structlog setup: JSON lines in production, the console renderer in development.

Context (game id, seat, version, command type) is bound with contextvars; payloads, tokens and
hidden information are never logged.
"""

from __future__ import annotations

import logging
import sys

import structlog


def configure(fmt: str = "console", level: str = "info") -> None:
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer()
        if fmt == "json"
        else structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    )
    # JSON lines need the traceback rendered into the event (`log.exception` otherwise writes
    # only "exc_info": true); the console renderer formats exceptions itself
    tracebacks: list[structlog.types.Processor] = (
        [structlog.processors.format_exc_info] if fmt == "json" else []
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            *tracebacks,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )


log = structlog.get_logger("plateau")
