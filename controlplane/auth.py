"""Tenants: API keys at the router, per-tenant rate limits, and the authenticated router-to-edge hop.

- A client sends `authorization: Bearer <key>`. regions.yaml lists only SHA-256 digests of keys, so a
  leaked config leaks no key. With auth on, a call without a known key gets UNAUTHENTICATED.
- Each tenant has a token bucket (rate_per_s, burst); an empty bucket answers RESOURCE_EXHAUSTED with a
  retry-after-ms hint saying when the next token comes.
- The router tells the edge node who the tenant is (`x-edgeroute-tenant`) and signs it with a secret shared
  by routers and edge nodes (`x-edgeroute-hop`: HMAC-SHA256 of the tenant). An edge node given the secret
  refuses every call without a valid signature, so a client that reaches a node directly cannot skip the
  router's checks or claim another tenant's cache.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from controlplane.kernel.config import AuthSettings, Tenant
from controlplane.kernel.errors import AuthError

AUTH_HEADER = "authorization"
TENANT_HEADER = "x-edgeroute-tenant"
HOP_HEADER = "x-edgeroute-hop"
HOP_SECRET_ENV = "EDGEROUTE_HOP_SECRET"
# headers only the router may set on the hop: dropped from whatever a client sent
HOP_ONLY_HEADERS = frozenset({TENANT_HEADER, HOP_HEADER})


def key_digest(key: str) -> str:
    """What regions.yaml stores for an API key (`edgeroute auth hash-key` prints it)."""
    return hashlib.sha256(key.encode()).hexdigest()


def load_hop_secret(path: str | None) -> bytes | None:
    """The shared hop secret from a file, else $EDGEROUTE_HOP_SECRET, else None (hop not authenticated)."""
    if path:
        try:
            secret = Path(path).read_bytes().strip()
        except OSError as exc:
            raise SystemExit(f"cannot read the hop secret file {path}: {exc.strerror}") from exc
        if len(secret) < 16:
            raise SystemExit(f"the hop secret in {path} is {len(secret)} bytes; use at least 16 random bytes")
        return secret
    value = os.environ.get(HOP_SECRET_ENV, "").strip()
    return value.encode() if value else None


def hop_signature(secret: bytes, tenant: str) -> str:
    return hmac.new(secret, f"edgeroute-hop\x00{tenant}".encode(), hashlib.sha256).hexdigest()


def hop_headers(secret: bytes | None, tenant: str) -> tuple[tuple[str, str], ...]:
    if secret is None:
        return ((TENANT_HEADER, tenant),) if tenant else ()
    return ((TENANT_HEADER, tenant), (HOP_HEADER, hop_signature(secret, tenant)))


def _header(metadata: Sequence[tuple[str, str | bytes]], name: str) -> str | None:
    for key, value in metadata:
        if key == name:
            return value.decode() if isinstance(value, bytes) else value
    return None


def verify_hop(secret: bytes | None, metadata: Sequence[tuple[str, str | bytes]]) -> str:
    """At the edge: the tenant the router vouched for. Raises AuthError when the hop is not signed."""
    tenant = _header(metadata, TENANT_HEADER) or ""
    if secret is None:
        return tenant
    signature = _header(metadata, HOP_HEADER)
    if signature is None or not hmac.compare_digest(signature, hop_signature(secret, tenant)):
        raise AuthError(
            "UNAUTHENTICATED",
            "this edge node accepts calls only through an edgeroute router (missing or invalid x-edgeroute-hop); "
            "send the call to the router",
        )
    return tenant


@dataclass(slots=True)
class _Bucket:
    tokens: float
    updated: float


class Authenticator:
    """The router's door: who is calling, and may they call now."""

    def __init__(self, settings: AuthSettings, clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self._clock = clock
        self._buckets: dict[str, _Bucket] = {}

    def tenant(self, metadata: Sequence[tuple[str, str | bytes]]) -> Tenant | None:
        """The calling tenant (None when auth is off). Raises AuthError."""
        if not self.settings.enabled:
            return None
        header = _header(metadata, AUTH_HEADER)
        if header is None:
            raise AuthError("UNAUTHENTICATED", "no API key: send `authorization: Bearer <key>` metadata")
        scheme, _, key = header.strip().partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            raise AuthError("UNAUTHENTICATED", "the authorization metadata must be `Bearer <key>`")
        tenant = self.settings.tenant_by_key_hash.get(key_digest(key.strip()))
        if tenant is None:
            raise AuthError("UNAUTHENTICATED", "unknown API key: check the key, or ask the operator to add its hash")
        self._take(tenant)
        return tenant

    def _take(self, tenant: Tenant) -> None:
        now = self._clock()
        bucket = self._buckets.get(tenant.name)
        if bucket is None:
            bucket = self._buckets[tenant.name] = _Bucket(float(tenant.burst), now)
        bucket.tokens = min(float(tenant.burst), bucket.tokens + (now - bucket.updated) * tenant.rate_per_s)
        bucket.updated = now
        if bucket.tokens < 1.0:
            wait_ms = max(1, int((1.0 - bucket.tokens) / tenant.rate_per_s * 1000.0 + 0.999))
            raise AuthError(
                "RESOURCE_EXHAUSTED",
                f"tenant {tenant.name!r} is over its rate limit of {tenant.rate_per_s:g} calls/s "
                f"(burst {tenant.burst}); retry after {wait_ms} ms",
                retry_after_ms=wait_ms,
            )
        bucket.tokens -= 1.0

    def reconfigure(self, settings: AuthSettings) -> None:
        """A new regions.yaml: keep the buckets of tenants that remain."""
        names = {t.name for t in settings.tenants}
        self.settings = settings
        self._buckets = {name: b for name, b in self._buckets.items() if name in names}
