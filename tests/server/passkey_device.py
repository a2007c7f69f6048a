"""A passkey authenticator in software, for the account tests: it answers the options the
server sends as a browser's platform authenticator would (attestation "none", ES256), so the
server's checks run on real signatures, and a test can replay or alter what it answered."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT = 0x01, 0x04, 0x40  # authenticator data flags: user present, verified, key data


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftPasskey:
    """One discoverable credential, made by `create` and used by `get`."""

    def __init__(self, counts: bool = True) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(16)
        self.user_handle = b""
        self.rp_id = ""
        self.counts = counts  # a synced passkey often counts nothing: its count stays 0
        self.sign_count = 0

    def _cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        x, y = numbers.x.to_bytes(32, "big"), numbers.y.to_bytes(32, "big")
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: x, -3: y})

    @staticmethod
    def _client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin}).encode()

    def create(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        self.rp_id, self.user_handle = options["rp"]["id"], unb64(options["user"]["id"])
        auth_data = (
            hashlib.sha256(self.rp_id.encode()).digest()
            + bytes([UP | UV | AT])
            + struct.pack(">I", self.sign_count)
            + bytes(16)  # no AAGUID
            + struct.pack(">H", len(self.credential_id))
            + self.credential_id
            + self._cose_key()
        )
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "response": {"clientDataJSON": b64(client_data), "attestationObject": b64(attestation)},
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        if self.counts:
            self.sign_count += 1
        rp_id = options.get("rpId", self.rp_id)
        auth_data = (
            hashlib.sha256(rp_id.encode()).digest()
            + bytes([UP | UV])
            + struct.pack(">I", self.sign_count)
        )
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signed = auth_data + hashlib.sha256(client_data).digest()
        signature = self.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client_data),
                "authenticatorData": b64(auth_data),
                "signature": b64(signature),
                "userHandle": b64(self.user_handle),
            },
            "clientExtensionResults": {},
        }
