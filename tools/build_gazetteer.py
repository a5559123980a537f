"""Packs GeoNames' cities1000 (the full TSV, with populations and names in
many scripts) into pinmap's gazetteer file.

Usage: python3 tools/build_gazetteer.py TSV OUT [OLDER_CSV]

OLDER_CSV (GeoNames' cities1000.csv, a later list with ASCII names and no
populations) adds the places the TSV lacks.

Names are chosen by tools/place_names.py. The output keeps places in the
TSV's order, columnar and little-endian:

    offset  size        what
    0       4           magic "PMGZ"
    4       4           format version, 3
    8       4           number of places, n
    12      4           number of regions, r
    16      4           byte length of the names block
    20      4           byte length of the regions block
    24      4           byte length of the aliases block
    28      4n          latitudes, int32, in 1e-5 degrees
    28+4n   4n          longitudes, int32, in 1e-5 degrees
    28+8n   2n          region of each place, uint16 index into the regions
    28+10n  4n          each place's population, uint32 (how searches rank)
    28+14n  names       each place's shown name, UTF-8, ending in a NUL byte
    ...     aliases     each place's other names for the search, UTF-8,
                        parted by 0x1F and ending in a NUL byte: first the
                        name in the country's own script (empty when the
                        country writes Latin letters), then the others
    ...     regions     per region: admin1 NUL country-code NUL

Aliases: a place of 15,000 people or more keeps its alternate names (GeoNames'
spellings and translations in every script), without airport codes and the
lower-case romanisations GeoNames derives from other scripts; a smaller one
keeps its local-script name and GeoNames' own name. Names that fold alike
(case and accents) are kept once.
"""
import csv
import math
import re
import sys

from place_names import UMLAUTS, fold, names

# "Paris 04 Hôtel-de-Ville", "Zürich (Kreis 11)", "Lyon 03": a part of a city, named after it.
SECTION = re.compile(r"^(.*?\S) (\d\d?(\s|$)|\()")

ALIAS_POPULATION = 15_000


def aliases(row, shown, local, languages, alternates):
    kept, seen = [local], {fold(shown), fold(local)} if local else {fold(shown)}
    population = int(row["population"] or 0)
    pool = list(languages.values()) + [row["name"].strip()]
    if population >= ALIAS_POPULATION:
        pool += [a for a in alternates if not (a.isascii() and (a == a.lower() or (a.isupper() and len(a) <= 4)))]
    for name in pool:
        key = fold(name)
        if name and "\x1f" not in name and key not in seen:
            seen.add(key)
            kept.append(name)
    return kept


def kilometres(a, b):
    la, lb = math.radians(float(a["lat"])), math.radians(float(b["lat"]))
    dl = math.radians(float(b["lon"]) - float(a["lon"]))
    h = math.sin((lb - la) / 2) ** 2 + math.cos(la) * math.cos(lb) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1, math.sqrt(h)))


def places(source, older):
    """The TSV's places without city sections ("Paris 04 Hôtel-de-Ville",
    "Zürich (Kreis 11)" within 10 km of a larger place of that name), then the older list's places the TSV lacks (McMurdo
    Station), with their ASCII names and no population."""
    csv.field_size_limit(1 << 24)
    with open(source, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    by_name = {}
    for row in rows:
        by_name.setdefault((row["cc"], fold(row["name"])), []).append(row)
        # The older list spells umlauts out: Zuerich.
        spelled = fold("".join(UMLAUTS.get(ch, ch) for ch in row["name"]))
        if spelled != fold(row["name"]):
            by_name.setdefault((row["cc"], spelled), []).append(row)

    def is_section(row):
        section = SECTION.match(row["name"])
        return section is not None and any(
            kilometres(row, city) < 10 and int(city["population"] or 0) > int(row.get("population") or 0)
            for city in by_name.get((row["cc"], fold(section.group(1))), ()))

    kept = [row for row in rows if not is_section(row)]
    if older:
        with open(older, encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                same = by_name.get((row["cc"], fold(row["name"])), ())
                if row["name"].strip() and not any(kilometres(row, other) < 5 for other in same) and not is_section(row):
                    kept.append({**row, "population": "0", "alternatenames": "", "geonameid": ""})
    return kept


def main(source, target, older=None):
    rows = places(source, older)
    regions = {}
    lats, lons, region_of, people, name_block, alias_block = [], [], [], [], bytearray(), bytearray()
    skipped = 0
    for row in rows:
        lat, lon = round(float(row["lat"]) * 1e5), round(float(row["lon"]) * 1e5)
        if not (-9_000_000 <= lat <= 9_000_000 and -18_000_000 <= lon <= 18_000_000):
            sys.exit(f"{source}: impossible coordinate for {row['name']!r}: {row['lat']},{row['lon']}")
        population = int(row["population"] or 0)
        if not 0 <= population < 2 ** 32:
            sys.exit(f"{source}: impossible population for {row['name']!r}: {row['population']}")
        shown, local, languages, alternates = names(row)
        if not shown or "\0" in shown:
            # A place without a name cannot name a spot: leave it out.
            skipped += 1
            continue
        key = (row["admin1"].strip(), row["cc"].strip().upper())
        region_of.append(regions.setdefault(key, len(regions)))
        lats.append(lat)
        lons.append(lon)
        people.append(population)
        name_block += shown.encode("utf-8") + b"\0"
        alias_block += "\x1f".join(aliases(row, shown, local, languages, alternates)).encode("utf-8") + b"\0"
    if len(regions) > 0xFFFF:
        sys.exit(f"{source}: {len(regions)} regions do not fit a 16-bit index")
    region_block = bytearray()
    for admin1, cc in regions:
        region_block += admin1.encode("utf-8") + b"\0" + cc.encode("ascii") + b"\0"
    n = len(lats)
    import struct
    with open(target + ".partial", "wb") as out:
        out.write(b"PMGZ" + struct.pack("<IIIIII", 3, n, len(regions), len(name_block), len(region_block), len(alias_block)))
        out.write(struct.pack(f"<{n}i", *lats))
        out.write(struct.pack(f"<{n}i", *lons))
        out.write(struct.pack(f"<{n}H", *region_of))
        out.write(struct.pack(f"<{n}I", *people))
        out.write(name_block)
        out.write(alias_block)
        out.write(region_block)
    import os
    os.replace(target + ".partial", target)
    print(f"{target}: {n} places, {len(regions)} regions, {len(alias_block)} bytes of aliases, "
          f"{skipped} without a name left out", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(*sys.argv[1:])
