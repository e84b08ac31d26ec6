"""Tenants at the router: hashed API keys, token buckets, and the signed router-to-edge hop."""

from __future__ import annotations

import pytest

from controlplane.auth import (
    HOP_HEADER,
    TENANT_HEADER,
    Authenticator,
    AuthError,
    hop_headers,
    key_digest,
    verify_hop,
)
from controlplane.kernel.config import AuthSettings, Tenant
from controlplane.kernel.errors import ConfigError


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def settings(rate: float = 2.0, burst: int = 2) -> AuthSettings:
    return AuthSettings(enabled=True, tenants=[
        Tenant(name="acme", key_sha256=[key_digest("acme-key")], rate_per_s=rate, burst=burst),
        Tenant(name="globex", key_sha256=[key_digest("globex-key"), key_digest("globex-old")]),
    ])


def test_keys_map_to_tenants_and_bad_keys_are_refused():
    door = Authenticator(settings())
    assert door.tenant([("authorization", "Bearer acme-key")]).name == "acme"
    assert door.tenant([("authorization", "bearer  globex-old ")]).name == "globex"
    for metadata, wanted in (
        ([], "no API key"),
        ([("authorization", "Basic abc")], "Bearer <key>"),
        ([("authorization", "Bearer nope")], "unknown API key"),
    ):
        with pytest.raises(AuthError, match=wanted) as caught:
            door.tenant(metadata)
        assert caught.value.code == "UNAUTHENTICATED"


def test_auth_off_lets_everyone_through_as_no_tenant():
    assert Authenticator(AuthSettings()).tenant([]) is None


def test_token_bucket_refuses_with_the_wait_and_refills():
    clock = Clock()
    door = Authenticator(settings(rate=2.0, burst=2), clock=clock)
    key = [("authorization", "Bearer acme-key")]
    door.tenant(key)
    door.tenant(key)
    with pytest.raises(AuthError) as caught:
        door.tenant(key)
    assert caught.value.code == "RESOURCE_EXHAUSTED" and caught.value.retry_after_ms == 500
    assert "2 calls/s" in caught.value.message
    door.tenant([("authorization", "Bearer globex-key")])  # another tenant has its own bucket
    clock.now += 0.5
    door.tenant(key)


def test_hop_signature_binds_the_tenant():
    secret = b"0123456789abcdef0123"
    headers = dict(hop_headers(secret, "acme"))
    assert verify_hop(secret, list(headers.items())) == "acme"
    forged = [(TENANT_HEADER, "globex"), (HOP_HEADER, headers[HOP_HEADER])]
    for metadata in ([], [(TENANT_HEADER, "acme")], forged):
        with pytest.raises(AuthError, match="only through an edgeroute router"):
            verify_hop(secret, metadata)
    assert verify_hop(None, [(TENANT_HEADER, "acme")]) == "acme"  # no secret: the hop is not checked


def test_config_errors_say_what_is_wrong(shipped_text):
    import yaml

    from controlplane.kernel.config import parse_config

    raw = yaml.safe_load(shipped_text)
    raw["auth"] = {"enabled": True, "tenants": []}
    with pytest.raises(ConfigError, match="no tenant is listed"):
        parse_config(yaml.safe_dump(raw), "regions.yaml")
    raw["auth"] = {"enabled": True, "tenants": [{"name": "acme", "key_sha256": ["not-hex"]}]}
    with pytest.raises(ConfigError, match="key_sha256"):
        parse_config(yaml.safe_dump(raw), "regions.yaml")
    digest = key_digest("k")
    raw["auth"] = {"enabled": True, "tenants": [{"name": "a", "key_sha256": [digest]}, {"name": "b", "key_sha256": [digest]}]}
    with pytest.raises(ConfigError, match="listed for both"):
        parse_config(yaml.safe_dump(raw), "regions.yaml")
    raw["auth"] = {"enabled": False}
    raw["cache"] = {"threshold": 1.5}
    with pytest.raises(ConfigError, match="cache.threshold"):
        parse_config(yaml.safe_dump(raw), "regions.yaml")
    raw["cache"] = {"threshold": 0.95, "ttl_s": 60, "models": {"ensemble": {"threshold": 0.99}, "other": {}}}
    cache = parse_config(yaml.safe_dump(raw), "regions.yaml").cache
    assert cache.for_model("ensemble").threshold == 0.99 and cache.for_model("other").threshold == 0.95
    assert cache.for_model("other").ttl_s == 60 and cache.for_model("simple") is None
