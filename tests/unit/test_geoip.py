"""Geo-IP: the shipped database is reproducible from its CSV and maps city addresses to regions."""

from __future__ import annotations

import pytest

from controlplane.geoip import Locator, UnknownRegion, client_address, peer_address
from controlplane.kernel.config import parse_config, resolve_database_path
from controlplane.kernel.errors import ConfigError
from scripts.build_geoip_db import build
from tests.conftest import REGIONS_YAML, ROOT


@pytest.fixture()
def locator(shipped_config):
    loc = Locator(shipped_config, resolve_database_path(shipped_config, REGIONS_YAML))
    yield loc
    loc.close()


@pytest.mark.parametrize(
    ("address", "region"),
    [("105.128.3.4", "casablanca"), ("41.82.0.10", "dakar"), ("102.89.200.1", "lagos"), ("41.90.1.1", "nairobi"),
     ("197.0.9.9", "tunis"), ("196.25.0.1", "johannesburg"), ("88.0.1.2", "madrid")],
)
def test_city_addresses_map_to_their_region(locator, address, region):
    assert locator.region_for_address(address)[0] == region


def test_unknown_city_goes_to_nearest_region_and_unknown_address_to_default(locator):
    assert locator.region_for_address("41.140.0.9") == ("casablanca", "nearest:Rabat")
    assert locator.region_for_address("127.0.0.1") == ("casablanca", "default")
    assert locator.region_for_address("not-an-ip") == ("casablanca", "default")


def test_metadata_rules(locator, shipped_config):
    peer = "ipv4:102.89.0.1:5555"
    assert locator.locate((), peer).region == "lagos"
    assert locator.locate((("x-forwarded-for", "41.82.0.1"),), peer).region == "dakar"  # one trusted hop
    assert locator.locate((("x-client-region", "Nairobi"),), peer).region == "nairobi"
    with pytest.raises(UnknownRegion, match="unknown region 'atlantis'"):
        locator.locate((("x-client-region", "atlantis"),), peer)


def _with_hops(hops: int) -> Locator:
    text = REGIONS_YAML.read_text().replace("xff_num_trusted_hops: 1", f"xff_num_trusted_hops: {hops}")
    config = parse_config(text, "regions.yaml")
    assert config.geoip.trusted_hops == hops
    return Locator(config, resolve_database_path(config, REGIONS_YAML))


def test_forwarded_for_ignored_when_no_hop_is_trusted():
    loc = _with_hops(0)
    assert loc.locate((("x-forwarded-for", "41.82.0.1"),), "ipv4:102.89.0.1:1").region == "lagos"


def test_a_spoofed_forwarded_for_entry_is_not_believed():
    """A Lagos client writes a Dakar address into x-forwarded-for; the one trusted proxy appends the address it
    saw. Reading from the right gives Lagos; the leftmost entry (what was read before) would give Dakar."""
    loc = _with_hops(1)
    spoofed = (("x-forwarded-for", "41.82.0.1, 102.89.0.10"),)
    assert loc.locate(spoofed, "ipv4:10.0.0.2:443").region == "lagos"
    # two proxies: the client's entry is second from the right; a second header continues the list
    two = _with_hops(2)
    chain = (("x-forwarded-for", "41.82.0.1, 102.89.0.10"), ("x-forwarded-for", "10.0.0.7"))
    assert two.locate(chain, "ipv4:10.0.0.2:443").region == "lagos"
    # fewer entries than trusted hops: the header is not what the proxies wrote, so the peer decides
    assert two.locate((("x-forwarded-for", "41.82.0.1"),), "ipv4:102.89.0.1:1").region == "lagos"


def test_client_address_counts_from_the_right_like_envoy():
    # Envoy's documented example: two trusted hops, XFF "203.0.113.128, 203.0.113.10, 203.0.113.1"
    assert client_address(["203.0.113.128", "203.0.113.10", "203.0.113.1"], "192.0.2.5", 2) == "203.0.113.10"
    assert client_address(["203.0.113.128"], "192.0.2.5", 0) == "192.0.2.5"
    assert client_address([], "192.0.2.5", 1) == "192.0.2.5"


def test_trust_forwarded_for_is_read_as_one_hop_and_not_beside_the_new_key():
    old = REGIONS_YAML.read_text().replace("xff_num_trusted_hops: 1", "trust_forwarded_for: true")
    assert parse_config(old, "regions.yaml").geoip.trusted_hops == 1
    both = REGIONS_YAML.read_text().replace("xff_num_trusted_hops: 1", "xff_num_trusted_hops: 1\n  trust_forwarded_for: true")
    with pytest.raises(ConfigError, match="set xff_num_trusted_hops only"):
        parse_config(both, "regions.yaml")


def test_peer_address_forms():
    assert peer_address("ipv4:127.0.0.1:5000") == "127.0.0.1"
    assert peer_address("ipv6:[::1]:5000") == "::1"
    assert peer_address("unix:/tmp/x") is None


def test_database_rebuilds_from_csv(tmp_path, shipped_config):
    out = tmp_path / "city.mmdb"
    assert build(ROOT / "data/geoip/city-prefixes.csv", out) == 11
    rebuilt = Locator(shipped_config, out)
    assert rebuilt.region_for_address("102.89.0.7") == ("lagos", "geoip:Lagos")
