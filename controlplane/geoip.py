"""Locate a caller's client region: x-client-region override, then Geo-IP on the caller's address."""

from __future__ import annotations

import csv
import ipaddress
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import geoip2.database
import geoip2.errors

from controlplane.kernel.config import RegionsConfig
from controlplane.kernel.errors import ConfigError, UnknownRegion, quoted
from controlplane.kernel.geo import great_circle_km

REGION_HEADER = "x-client-region"
FORWARDED_FOR_HEADER = "x-forwarded-for"
_CACHE_SIZE = 65_536


# the shipped list of each client city's address prefixes (scripts/build_geoip_db.py builds the test database from it)
CITY_PREFIXES = Path(__file__).resolve().parent.parent / "data" / "geoip" / "city-prefixes.csv"


def city_prefix_rows(path: Path = CITY_PREFIXES) -> list[dict[str, str]]:
    """The rows of a city prefix list (city-prefixes.csv: its header, then a row per prefix; "#" lines are notes)."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return list(csv.DictReader(lines))


def city_addresses() -> dict[str, str]:
    """One address per city from the shipped prefix list (the 10th host of its first prefix): what the demo,
    tests and benchmarks send as x-forwarded-for to be located as that city."""
    addresses: dict[str, str] = {}
    for row in city_prefix_rows():
        addresses.setdefault(row["city"], str(ipaddress.ip_network(row["prefix"])[10]))
    return addresses


@dataclass(frozen=True, slots=True)
class _Point:
    lat: float
    lon: float


@dataclass(frozen=True, slots=True)
class Location:
    region: str
    address: str | None
    how: str  # "header", "geoip:<city>", "nearest:<city>", "default"


def peer_address(peer: str) -> str | None:
    """The IP of a grpc peer string such as 'ipv4:127.0.0.1:5000' or 'ipv6:[::1]:5000'."""
    if peer.startswith("ipv4:"):
        return peer[5:].rsplit(":", 1)[0]
    if peer.startswith("ipv6:"):
        return peer[5:].rsplit(":", 1)[0].strip("[]")
    return None


def client_address(forwarded: Sequence[str], peer: str | None, trusted_hops: int) -> str | None:
    """The caller's address behind `trusted_hops` proxies that each append to x-forwarded-for, counted from the
    right as Envoy's xff_num_trusted_hops does: entries left of the client's are whatever the client wrote, so
    they are never read. With fewer entries than trusted hops, the peer (the header cannot be trusted)."""
    if trusted_hops == 0 or len(forwarded) < trusted_hops:
        return peer
    return forwarded[len(forwarded) - trusted_hops] or peer


class Locator:
    """Maps a caller to a client region. One instance per config; lookups are cached by address."""

    def __init__(self, config: RegionsConfig, database: Path) -> None:
        self._config = config
        try:
            self._reader = geoip2.database.Reader(str(database))
        except (OSError, ValueError) as exc:
            raise ConfigError(
                str(database), [f"geoip.database: cannot open MaxMind DB ({exc}); build it with scripts/build_geoip_db.py"]
            ) from exc
        self._by_name = {r.display_name.lower(): r.name for r in config.client_regions if r.display_name}
        self._by_name.update({r.name: r.name for r in config.client_regions})
        self._cache: OrderedDict[str, tuple[str, str]] = OrderedDict()

    def close(self) -> None:
        self._reader.close()

    def locate(self, metadata: Sequence[tuple[str, str | bytes]], peer: str) -> Location:
        forwarded: list[str] = []
        for key, value in metadata:
            if key == REGION_HEADER:
                region = str(value).strip().lower()
                if region not in self._config.region_by_name:
                    known = ", ".join(sorted(self._config.region_by_name))
                    raise UnknownRegion(f"x-client-region: unknown region {quoted(value)} (known: {known})")
                return Location(region, None, "header")
            if key == FORWARDED_FOR_HEADER:  # several headers read as one list, in order
                forwarded.extend(part.strip() for part in str(value).split(","))
        address = client_address(forwarded, peer_address(peer), self._config.geoip.trusted_hops)
        region, how = self.region_for_address(address)
        return Location(region, address, how)

    def region_for_address(self, address: str | None) -> tuple[str, str]:
        if not address:
            return self._config.geoip.default_region, "default"
        hit = self._cache.get(address)
        if hit is not None:
            return hit
        result = self._lookup(address)
        self._cache[address] = result
        if len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)
        return result

    def _lookup(self, address: str) -> tuple[str, str]:
        default = (self._config.geoip.default_region, "default")
        try:
            ipaddress.ip_address(address)
            city = self._reader.city(address)
        except (ValueError, geoip2.errors.AddressNotFoundError):
            return default
        name = (city.city.name or "").lower()
        if name in self._by_name:
            return self._by_name[name], f"geoip:{city.city.name}"
        lat, lon = city.location.latitude, city.location.longitude
        if lat is None or lon is None:
            return default
        point = _Point(lat, lon)
        nearest = min(self._config.client_regions, key=lambda r: great_circle_km(point, r.location))
        if great_circle_km(point, nearest.location) <= self._config.geoip.max_region_distance_km:
            return nearest.name, f"nearest:{city.city.name or city.country.iso_code}"
        return default
