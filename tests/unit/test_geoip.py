"""Geo-IP: the shipped database is reproducible from its CSV and maps city addresses to regions."""

from __future__ import annotations

import pytest

from controlplane.geoip import Locator, UnknownRegion, peer_address
from controlplane.kernel.config import resolve_database_path
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
    assert locator.locate((("x-forwarded-for", "41.82.0.1, 10.0.0.1"),), peer).region == "dakar"
    assert locator.locate((("x-client-region", "Nairobi"),), peer).region == "nairobi"
    with pytest.raises(UnknownRegion, match="unknown region 'atlantis'"):
        locator.locate((("x-client-region", "atlantis"),), peer)


def test_forwarded_for_ignored_when_not_trusted(shipped_config, tmp_path):
    config = shipped_config.model_copy(update={"geoip": shipped_config.geoip.model_copy(update={"trust_forwarded_for": False})})
    loc = Locator(config, resolve_database_path(shipped_config, REGIONS_YAML))
    assert loc.locate((("x-forwarded-for", "41.82.0.1"),), "ipv4:102.89.0.1:1").region == "lagos"


def test_peer_address_forms():
    assert peer_address("ipv4:127.0.0.1:5000") == "127.0.0.1"
    assert peer_address("ipv6:[::1]:5000") == "::1"
    assert peer_address("unix:/tmp/x") is None


def test_database_rebuilds_from_csv(tmp_path, shipped_config):
    out = tmp_path / "city.mmdb"
    assert build(ROOT / "data/geoip/city-prefixes.csv", out) == 11
    rebuilt = Locator(shipped_config, out)
    assert rebuilt.region_for_address("102.89.0.7") == ("lagos", "geoip:Lagos")
