"""Build the shipped GeoIP2-City-shaped MaxMind DB from data/geoip/city-prefixes.csv.

Usage: python scripts/build_geoip_db.py CSV OUT.mmdb
The output reads back through geoip2.database.Reader(...).city(address).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mmdb_writer import MmdbF64, MmdbU32, MMDBWriter
from netaddr import IPSet

from controlplane.geoip import city_prefix_rows

CONTINENT_NAMES = {"AF": "Africa", "EU": "Europe"}


def build(csv_path: Path, out_path: Path) -> int:
    writer = MMDBWriter(
        ip_version=4,
        database_type="GeoIP2-City",
        languages=["en"],
        description={"en": "edgeroute demo city database (illustrative prefixes, see city-prefixes.csv)"},
    )
    rows = city_prefix_rows(csv_path)
    for row in rows:
        record = {
            "city": {"geoname_id": MmdbU32(int(row["geoname_id"])), "names": {"en": row["city"]}},
            "country": {"iso_code": row["country_iso"], "names": {"en": row["country"]}},
            "continent": {"code": row["continent"], "names": {"en": CONTINENT_NAMES.get(row["continent"], "")}},
            "location": {
                "latitude": MmdbF64(float(row["lat"])),
                "longitude": MmdbF64(float(row["lon"])),
                "accuracy_radius": MmdbU32(50),
            },
        }
        writer.insert_network(IPSet([row["prefix"]]), record)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    writer.to_db_file(str(out_path))
    return len(rows)


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    count = build(Path(argv[1]), Path(argv[2]))
    print(f"wrote {argv[2]} with {count} prefixes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
