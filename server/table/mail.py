"""A notice sent by e-mail, through the operator's SMTP server (aiosmtplib).

The notice's id goes in a header of its own (`X-Plateau-Notice`) and makes the message's
`Message-ID`, the same for every try of one notice: a mail client or a filter that
deduplicates by it shows a notice sent twice (a process killed after the SMTP server took it)
once. Off when no SMTP host is configured: e-mail channels are then refused.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from email.message import EmailMessage

import aiosmtplib

from projections.notices import Notice
from server.table.channels import Channel
from server.table.webhooks import Unsendable, link, text

TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Smtp:
    """The operator's SMTP server (PLATEAU_SMTP_*)."""

    host: str
    port: int = 587
    sender: str = "plateau@localhost"
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    security: str = "starttls"  # or "tls" (implicit, port 465), or "none" (a local relay)


SECURITIES = ("starttls", "tls", "none")


def message_id(notice: Notice) -> str:
    digest = hashlib.sha256(notice.id.encode()).hexdigest()[:32]
    return f"<{digest}@notices.plateau>"


def message(smtp: Smtp, address: str, notice: Notice, public_url: str) -> EmailMessage:
    url = link(public_url, notice)
    mail = EmailMessage()
    mail["From"] = smtp.sender
    mail["To"] = address
    mail["Subject"] = text(notice, "").rstrip(". ")
    mail["Message-ID"] = message_id(notice)
    mail["X-Plateau-Notice"] = notice.id
    mail.set_content(f"{text(notice, url)}\n")
    return mail


async def send(smtp: Smtp, channel: Channel, notice: Notice, public_url: str) -> None:
    await deliver(smtp, message(smtp, channel.url, notice, public_url))


async def deliver(smtp: Smtp, mail: EmailMessage) -> None:
    """Hand a message to the SMTP server; Unsendable if it does not take it."""
    try:
        await aiosmtplib.send(
            mail,
            hostname=smtp.host,
            port=smtp.port,
            username=smtp.username,
            password=smtp.password,
            use_tls=smtp.security == "tls",
            start_tls=smtp.security == "starttls",
            timeout=TIMEOUT_S,
        )
    except (aiosmtplib.SMTPException, OSError) as failed:
        raise Unsendable(type(failed).__name__) from None
