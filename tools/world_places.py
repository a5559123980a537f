"""Ranks the gazetteer's places for map labels and writes them as CSV layers
for tools/make-world-tiles.

Usage: python3 tools/world_places.py CITIES_CSV PLACES_BIN CAPITALS_CSV COUNTRIES_CSV OUT_DIR

A place's label text is its name as pinmap's search shows it: the name in
Resources/Gazetteer/places.bin, read from that file so the two never differ.
GeoNames' cities1000 as kept here has no populations, so places are ranked
as the search ranks them, by the gazetteer's size stand-in (how many other
places lie within 30 km), after two things the CSV does say:

  tier 0  the country's capital (tools/capitals.csv: country code and name),
          by the country's population (Natural Earth's POP_EST)
  tier 1  a place named like its first-level region (Zurich in Zurich)
  tier 2  a place named like its second-level region (Winterthur in
          Bezirk Winterthur, Bandung in Kota Bandung)
  tier 3  the rest

Cities are tiers 0 and 1, towns tier 2 and places with at least
TOWN_WEIGHT others within 30 km, villages the rest.

Each place gets the first (MapLibre, 512-pixel) zoom at which it may be
labelled: the first its class allows (city from 2, town from 6, village
from 10) at which no more important place lies within SPACING pixels, so a
village never keeps a town's name off the map. Label collision at draw
time does the rest; this keeps each tile's labels to what can show and
makes the choice the same in every tile.

Writes OUT_DIR/place_Z.csv for Z in 0..8 (a tile of zoom Z < 8 holds the
places admitted by Z; zoom 8, the deepest, holds them all with their zoom)
and OUT_DIR/country.csv.
"""
import csv
import math
import os
import struct
import sys

SPACING = 48.0  # pixels between admitted places at their zoom
CLASS_ZOOM = {"city": 2, "town": 6, "village": 10}
TOWN_WEIGHT = 80  # other places within 30 km that make a place a town
DEEPEST = 8  # the tiles' deepest level
LAST_ZOOM = 14


def read_gazetteer(path):
    data = open(path, "rb").read()
    if data[:4] != b"PMGZ":
        sys.exit(f"{path}: not a pinmap gazetteer")
    version, n, _, names_length, _ = struct.unpack_from("<IIIII", data, 4)
    if version != 2:
        sys.exit(f"{path}: format version {version}, expected 2 (with the size stand-in)")
    offset = 24 + 10 * n
    weights = struct.unpack_from(f"<{n}H", data, offset)
    names = data[offset + 2 * n: offset + 2 * n + names_length].split(b"\0")[:-1]
    return [name.decode("utf-8") for name in names], weights


def namesake(name, region):
    """Whether `region` is named after the place: equal, or the name as a whole word in it."""
    if not region:
        return False
    words = region.replace("-", " ").split()
    return region == name or (len(name) > 2 and " ".join(words).find(name) >= 0
                              and any(w == name.split()[0] for w in words))


def mercator(lat, lon):
    """The point in world units (0..1) of Web Mercator."""
    lat = max(min(lat, 85.0511), -85.0511)
    y = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return (lon + 180) / 360, 0.5 - y / (2 * math.pi)


def main(cities, gazetteer, capitals_path, countries, out_dir):
    names, weights = read_gazetteer(gazetteer)
    rows = [r for r in csv.DictReader(open(cities, encoding="utf-8", newline=""))
            if r["name"].strip() and "\0" not in r["name"]]
    if len(rows) != len(names):
        sys.exit(f"{cities} has {len(rows)} named places, {gazetteer} {len(names)}: rebuild the gazetteer")
    capitals = {(c["cc"], c["name"]) for c in csv.DictReader(open(capitals_path, encoding="utf-8"))}
    country_rows = list(csv.DictReader(open(countries, encoding="utf-8", newline="")))
    # Capitals rank by their country's people (Natural Earth's estimate): Berlin before Prague.
    people = {row["ISO_A2_EH"]: float(row["POP_EST"] or 0) for row in country_rows}
    places = []
    chosen_capital = {}
    for i, row in enumerate(rows):
        name = names[i]
        if name != row["name"].strip():
            sys.exit(f"{cities} row {i + 1}: {row['name']!r} where the gazetteer has {name!r}")
        key = (row["cc"], name)
        tier = 0 if key in capitals else 1 if namesake(name, row["admin1"]) else 2 if namesake(name, row["admin2"]) else 3
        place = {"lat": float(row["lat"]), "lon": float(row["lon"]), "name": name, "tier": tier,
                 "weight": weights[i], "people": people.get(row["cc"], 0), "index": i}
        if tier == 0:
            # Two places of a capital's name in its country (San Jose, CR): the larger is the capital.
            other = chosen_capital.get(key)
            if other is not None and other["weight"] >= place["weight"]:
                place["tier"] = 1
            else:
                if other is not None:
                    other["tier"] = 1
                chosen_capital[key] = place
        places.append(place)
    places.sort(key=lambda p: (p["tier"], -p["people"] if p["tier"] == 0 else 0, -p["weight"], p["index"]))
    for rank, place in enumerate(places):
        place["rank"] = rank
        # Classes: capitals and first-level regions' namesakes are cities, second-level
        # regions' namesakes and places ringed by many towns are towns, the rest villages.
        if place["tier"] <= 1:
            place["class"] = "city"
        elif place["tier"] == 2 or place["weight"] >= TOWN_WEIGHT:
            place["class"] = "town"
        else:
            place["class"] = "village"
        place["x"], place["y"] = mercator(place["lat"], place["lon"])
        place["zoom"] = None
    # One grid per zoom, cells as wide as SPACING there; places go in, most important first.
    cells = [SPACING / (512 * 2 ** zoom) for zoom in range(LAST_ZOOM + 1)]
    grids = [{} for _ in cells]

    def crowded(place, zoom):
        """Whether a more important place (one already in the grids) lies within SPACING at `zoom`."""
        cell, x, y = cells[zoom], place["x"], place["y"]
        cx, cy = int(x / cell), int(y / cell)
        for gx in (cx - 1, cx, cx + 1):
            for gy in (cy - 1, cy, cy + 1):
                for (ox, oy) in grids[zoom].get((gx, gy), ()):
                    if (ox - x) ** 2 + (oy - y) ** 2 < cell * cell:
                        return True
        return False

    for place in places:
        zoom = CLASS_ZOOM[place["class"]]
        while zoom <= LAST_ZOOM and crowded(place, zoom):
            zoom += 1
        place["zoom"] = zoom  # LAST_ZOOM + 1: crowded out everywhere, only collision would place it
        for level, cell in enumerate(cells):
            grids[level].setdefault((int(place["x"] / cell), int(place["y"] / cell)), []).append((place["x"], place["y"]))
    os.makedirs(out_dir, exist_ok=True)
    fields = ["lon", "lat", "name", "class", "rank", "zoom", "capital"]
    for level in range(DEEPEST + 1):
        with open(os.path.join(out_dir, f"place_{level}.csv"), "w", encoding="utf-8", newline="") as handle:
            out = csv.writer(handle)
            out.writerow(fields)
            for p in places:
                if level == DEEPEST or p["zoom"] <= level:
                    out.writerow([p["lon"], p["lat"], p["name"], p["class"], p["rank"], p["zoom"], int(p["tier"] == 0)])
    with open(os.path.join(out_dir, "country.csv"), "w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["lon", "lat", "name", "rank", "zoom"])
        for row in country_rows:
            # Natural Earth's MIN_LABEL counts 256-pixel zooms; the tiles count 512-pixel ones.
            out.writerow([row["LABEL_X"], row["LABEL_Y"], row["NAME"], row["LABELRANK"],
                          max(0, math.floor(float(row["MIN_LABEL"])) - 1)])
    counts = {}
    for p in places:
        counts[(p["class"], min(p["zoom"], LAST_ZOOM + 1))] = counts.get((p["class"], min(p["zoom"], LAST_ZOOM + 1)), 0) + 1
    for klass in CLASS_ZOOM:
        print(klass, " ".join(f"z{z}:{counts.get((klass, z), 0)}" for z in range(LAST_ZOOM + 2)), file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    main(*sys.argv[1:])
