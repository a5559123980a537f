"""Packs GeoNames' cities1000.csv into pinmap's gazetteer file.

Usage: python3 tools/build_gazetteer.py CSV OUT

The CSV has the columns lat,lon,name,admin1,admin2,cc. The output keeps
places in CSV order, columnar and little-endian:

    offset  size        what
    0       4           magic "PMGZ"
    4       4           format version, 2
    8       4           number of places, n
    12      4           number of regions, r
    16      4           byte length of the names block
    20      4           byte length of the regions block
    24      4n          latitudes, int32, in 1e-5 degrees
    24+4n   4n          longitudes, int32, in 1e-5 degrees
    24+8n   2n          region of each place, uint16 index into the regions
    24+10n  2n          each place's weight, uint16: how many other places lie
                        within 30 km (the CSV has no population; a city is
                        ringed by towns, a hamlet is not), for ranking searches
    24+12n  names       each place's name, UTF-8, ending in a NUL byte
    ...     regions     per region: admin1 NUL country-code NUL

A region is an (admin1, country code) pair; sharing them makes the file
about a third of the CSV's size while the reader can still check it.
"""
import csv
import math
import struct
import sys

NEIGHBOUR_KM = 30.0


def weights(lats, lons):
    """For each place, how many others lie within NEIGHBOUR_KM (capped at 65535)."""
    cell = 0.5  # degrees of latitude; 55 km, so neighbours are in the 3 x 3 cells around
    grid = {}
    for i, (lat, lon) in enumerate(zip(lats, lons)):
        grid.setdefault((int(lat / 1e5 // cell), int(lon / 1e5 // cell)), []).append(i)
    out = []
    for lat, lon in zip(lats, lons):
        la, lo = math.radians(lat / 1e5), math.radians(lon / 1e5)
        row, col = int(lat / 1e5 // cell), int(lon / 1e5 // cell)
        # Near the poles a degree of longitude shrinks: look further along the row.
        reach = min(360, int(1 / max(math.cos(la), 0.01)) + 1)
        count = 0
        for r in (row - 1, row, row + 1):
            for c in range(col - reach, col + reach + 1):
                for j in grid.get((r, (c + 360) % 720 - 360), ()):
                    lb, lm = math.radians(lats[j] / 1e5), math.radians(lons[j] / 1e5)
                    h = math.sin((lb - la) / 2) ** 2 + math.cos(la) * math.cos(lb) * math.sin((lm - lo) / 2) ** 2
                    if 2 * 6371.0088 * math.asin(min(1, math.sqrt(h))) <= NEIGHBOUR_KM:
                        count += 1
        out.append(min(count - 1, 0xFFFF))
    return out


def main(source, target):
    with open(source, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    regions = {}
    lats, lons, region_of, names = [], [], [], bytearray()
    skipped = 0
    for row in rows:
        lat, lon = round(float(row["lat"]) * 1e5), round(float(row["lon"]) * 1e5)
        if not (-9_000_000 <= lat <= 9_000_000 and -18_000_000 <= lon <= 18_000_000):
            sys.exit(f"{source}: impossible coordinate for {row['name']!r}: {row['lat']},{row['lon']}")
        name = row["name"].strip()
        if not name or "\0" in name:
            # A place without a name cannot name a spot: leave it out.
            skipped += 1
            continue
        key = (row["admin1"].strip(), row["cc"].strip().upper())
        region_of.append(regions.setdefault(key, len(regions)))
        lats.append(lat)
        lons.append(lon)
        names += name.encode("utf-8") + b"\0"
    if len(regions) > 0xFFFF:
        sys.exit(f"{source}: {len(regions)} regions do not fit a 16-bit index")
    region_block = bytearray()
    for admin1, cc in regions:
        region_block += admin1.encode("utf-8") + b"\0" + cc.encode("ascii") + b"\0"
    n = len(lats)
    weight = weights(lats, lons)
    with open(target, "wb") as out:
        out.write(b"PMGZ" + struct.pack("<IIIII", 2, n, len(regions), len(names), len(region_block)))
        out.write(struct.pack(f"<{n}i", *lats))
        out.write(struct.pack(f"<{n}i", *lons))
        out.write(struct.pack(f"<{n}H", *region_of))
        out.write(struct.pack(f"<{n}H", *weight))
        out.write(names)
        out.write(region_block)
    print(f"{target}: {n} places, {len(regions)} regions, {skipped} without a name left out",
          file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
