"""Geo maths shared by the config model, the router and the simulator."""

from __future__ import annotations

import math
from typing import Protocol

EARTH_RADIUS_KM = 6371.0
FIBRE_KM_PER_MS = 204.0  # light in fibre, refractive index about 1.47
ROUTE_INFLATION = 2.1  # rule of thumb for real paths over line of sight (network-facts.md)


class HasLatLon(Protocol):
    @property
    def lat(self) -> float: ...

    @property
    def lon(self) -> float: ...


def great_circle_km(a: HasLatLon, b: HasLatLon) -> float:
    """Haversine distance in km."""
    lat1, lat2 = math.radians(a.lat), math.radians(b.lat)
    dlat = lat2 - lat1
    dlon = math.radians(b.lon - a.lon)
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def fibre_floor_rtt_ms(a: HasLatLon, b: HasLatLon) -> float:
    """The speed-of-light round-trip floor in fibre; no real path is faster."""
    return 2 * great_circle_km(a, b) / FIBRE_KM_PER_MS


def estimated_rtt_ms(a: HasLatLon, b: HasLatLon) -> float:
    """RTT estimate for a pair with no measured figure: the floor times typical route inflation."""
    return max(0.5, fibre_floor_rtt_ms(a, b) * ROUTE_INFLATION)
