"""structlog setup: JSON lines in production, the console renderer in development, on stdout.

Context (game id, seat, version, command type) is bound with contextvars; payloads, tokens and
hidden information are never logged.
"""

from __future__ import annotations

import logging
import sys

import structlog


def renderer(fmt: str) -> structlog.types.Processor:
    if fmt == "json":
        return structlog.processors.JSONRenderer()
    return structlog.dev.ConsoleRenderer(colors=sys.stdout.isatty())


def configure(fmt: str = "console", level: str = "info") -> None:
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
            renderer(fmt),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stdout),
        cache_logger_on_first_use=True,
    )
    # httpx logs each request's URL at INFO: a webhook's URL is its owner's secret
    # (`server.table.channels`), so the HTTP client says only what goes wrong
    for name in ("httpx", "httpcore"):
        logging.getLogger(name).setLevel(logging.WARNING)


def route_standard_logging(fmt: str = "console", level: str = "info") -> None:
    """The standard library's records (uvicorn's, asyncio's) in the same format on the same
    stream, so a container's output is JSON lines only. For `plateau serve`, which then tells
    uvicorn to keep its hands off logging (`log_config=None`); not for the tests' processes."""
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=[
            structlog.stdlib.add_log_level,
            structlog.stdlib.add_logger_name,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
        ],
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            *([structlog.processors.format_exc_info] if fmt == "json" else []),
            renderer(fmt),
        ],
    )
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.getLevelName(level.upper()))


log = structlog.get_logger("plateau")
