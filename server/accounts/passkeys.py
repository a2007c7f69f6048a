"""The WebAuthn ceremonies, checked by the `webauthn` library: the options a browser passes to
`navigator.credentials`, and the check of what its authenticator answered.

A ceremony's challenge travels with the options as a signed, short-lived value the browser
hands back (the server keeps nothing between the two requests); that an answer was already
used once is recorded in the store (`book.Accounts.answer`), so a replayed one is refused.
The relying party is the page's own origin, which the same-origin guard already let in.
"""

from __future__ import annotations

import json
import secrets
from typing import Any
from urllib.parse import urlsplit

import msgspec
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import parse_authentication_credential_json
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticationCredential,
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from domain.accounts import Passkey
from domain.kernel import Reason, Rejected
from server.accounts.signed import sign, unsigned

PURPOSE = "webauthn-ceremony"
TIMEOUT_MS = 5 * 60 * 1000
REGISTER, SIGN_IN = "register", "sign_in"
RP_NAME = "Plateau"


class Ceremony(msgspec.Struct, frozen=True):
    kind: str
    challenge: bytes
    account_id: str  # the account being made or added to; "" for a sign-in
    name: str
    expires_ms: int


_decoder = msgspec.json.Decoder(Ceremony)


def rp_id_of(origin: str) -> str:
    host = urlsplit(origin).hostname
    if not host:
        raise Rejected(Reason.BAD_REQUEST, "a passkey needs the page's Origin")
    return host


def _ceremony(secret: bytes, ceremony: Ceremony) -> str:
    return sign(secret, PURPOSE, msgspec.json.encode(ceremony))


def ceremony_of(secret: bytes, value: Any, kind: str, now_ms: int) -> Ceremony:
    """The ceremony a value handed back holds; Rejected unless this server signed it for
    `kind` and it has not expired."""
    payload = unsigned(secret, PURPOSE, value) if isinstance(value, str) else None
    ceremony = _decoder.decode(payload) if payload is not None else None
    if ceremony is None or ceremony.kind != kind:
        raise Rejected(Reason.BAD_REQUEST, "unknown passkey ceremony")
    if now_ms > ceremony.expires_ms:
        raise Rejected(Reason.UNAUTHORIZED, "the passkey request expired; start again")
    return ceremony


def registration(
    secret: bytes,
    origin: str,
    account_id: str,
    name: str,
    now_ms: int,
    existing: tuple[Passkey, ...] = (),
) -> dict[str, Any]:
    """Options to create a passkey for `account_id`, a discoverable one (signing in then needs
    no name), and the ceremony to hand back with the answer."""
    challenge = secrets.token_bytes(32)
    options = generate_registration_options(
        rp_id=rp_id_of(origin),
        rp_name=RP_NAME,
        user_id=account_id.encode(),
        user_name=name,
        challenge=challenge,
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=p.credential_id) for p in existing],
    )
    ceremony = Ceremony(REGISTER, challenge, account_id, name, now_ms + TIMEOUT_MS)
    return {
        "options": json.loads(options_to_json(options)),
        "ceremony": _ceremony(secret, ceremony),
    }


def registered(ceremony: Ceremony, credential: Any, origin: str, now_ms: int) -> Passkey:
    """The passkey an authenticator created in `ceremony`; Rejected if the answer fails."""
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=ceremony.challenge,
            expected_rp_id=rp_id_of(origin),
            expected_origin=origin,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise Rejected(Reason.UNAUTHORIZED, f"the passkey was not accepted: {exc}") from None
    return Passkey(
        verified.credential_id, verified.credential_public_key, verified.sign_count, now_ms
    )


def sign_in(secret: bytes, origin: str, now_ms: int) -> dict[str, Any]:
    """Options to sign in with any passkey of this site, and the ceremony to hand back."""
    challenge = secrets.token_bytes(32)
    options = generate_authentication_options(
        rp_id=rp_id_of(origin),
        challenge=challenge,
        timeout=TIMEOUT_MS,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    ceremony = Ceremony(SIGN_IN, challenge, "", "", now_ms + TIMEOUT_MS)
    return {
        "options": json.loads(options_to_json(options)),
        "ceremony": _ceremony(secret, ceremony),
    }


def assertion_of(credential: Any) -> AuthenticationCredential:
    """An authenticator's answer to a sign-in, parsed (not yet checked)."""
    try:
        parsed = parse_authentication_credential_json(credential)
    except (WebAuthnException, ValueError, TypeError, KeyError):
        parsed = None
    if parsed is None or not parsed.response.user_handle:
        raise Rejected(Reason.UNAUTHORIZED, "the passkey's answer is malformed")
    return parsed


def asserted(
    ceremony: Ceremony, assertion: AuthenticationCredential, passkey: Passkey, origin: str
) -> int:
    """Check a sign-in's answer against the passkey it names: its new sign count."""
    try:
        verified = verify_authentication_response(
            credential=assertion,
            expected_challenge=ceremony.challenge,
            expected_rp_id=rp_id_of(origin),
            expected_origin=origin,
            credential_public_key=passkey.public_key,
            credential_current_sign_count=passkey.sign_count,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError):
        raise Rejected(Reason.UNAUTHORIZED, "the passkey was not accepted") from None
    return verified.new_sign_count
