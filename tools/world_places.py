"""Ranks GeoNames' places for map labels and writes them as CSV layers
for tools/make-world-tiles.

Usage: python3 tools/world_places.py TSV OLDER_CSV CAPITALS_CSV COUNTRIES_CSV OUT_DIR

The places are the gazetteer's (tools/build_gazetteer.py: cities1000-full.tsv
without city sections, then cities1000.csv's places it lacks), named by
tools/place_names.py, so a label reads as the search shows its place:

  name           as written locally (東京, Москва, München, Zürich)
  name:latin     in Latin letters (Tokyo, Moscow, München)
  name:nonlatin  in the country's own script, when it is not Latin
  name:en        GeoNames' name (mostly the English one: Munich)
  name:ja, ko, zh, ru, ar, he, el, th, hi   for readers of those scripts
  name:de, fr, es, it, pt, nl   CLDR's names of cities (tools/latin_names.py:
                 Moskau, Moscou, Moscú, Mosca; Mailand, Milano)

Ranked by population, capitals first (tools/capitals.csv, by their
country's population, Natural Earth's POP_EST): tier 0 capitals, then the
rest by population. Classes: capitals and places of 150,000 people or more
are cities, of 5,000 or more towns, the rest villages.

Each place gets the first (MapLibre, 512-pixel) zoom at which it may be
labelled: the first its class allows (city from 2, town from 6, village
from 9) at which no more important place lies within SPACING pixels, so a
village never keeps a town's name off the map. Label collision at draw
time does the rest; this keeps each tile's labels to what can show and
makes the choice the same in every tile.

Writes OUT_DIR/place_Z.csv for Z in 0..8 (a tile of zoom Z < 8 holds the
places admitted by Z; zoom 8, the deepest, holds them all with their zoom)
and OUT_DIR/country.csv (Natural Earth's names in its 26 languages).
"""
import csv
import math
import os
import struct
import sys

from build_gazetteer import places as gazetteer_places
from latin_names import LANGUAGES as LATIN_LANGUAGES, latin_names
from place_names import LANGUAGE_SCRIPT, fold, names, scripts_in

SPACING = 48.0  # pixels between admitted places at their zoom
CLASS_ZOOM = {"city": 2, "town": 6, "village": 9}
CITY_PEOPLE = 150_000
TOWN_PEOPLE = 5_000
LANGUAGES = sorted(LANGUAGE_SCRIPT) + ["en"] + LATIN_LANGUAGES
# Natural Earth's NAME_XX columns, as name:xx keys.
COUNTRY_LANGUAGES = ["ar", "bn", "de", "en", "es", "fa", "fr", "el", "he", "hi", "hu", "id", "it", "ja", "ko", "nl",
                     "pl", "pt", "ru", "sv", "tr", "uk", "ur", "vi", "zh"]
DEEPEST = 8  # the tiles' deepest level
LAST_ZOOM = 14


def mercator(lat, lon):
    """The point in world units (0..1) of Web Mercator."""
    lat = max(min(lat, 85.0511), -85.0511)
    y = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return (lon + 180) / 360, 0.5 - y / (2 * math.pi)


def main(tsv, older, capitals_path, countries, out_dir):
    rows = gazetteer_places(tsv, older)
    capitals = {(c["cc"], fold(c["name"])) for c in csv.DictReader(open(capitals_path, encoding="utf-8"))}
    country_rows = list(csv.DictReader(open(countries, encoding="utf-8", newline="")))
    # Capitals rank by their country's people (Natural Earth's estimate): Berlin before Prague.
    people = {row["ISO_A2_EH"]: float(row["POP_EST"] or 0) for row in country_rows}
    places = []
    chosen_capital = {}
    named = [names(row) for row in rows]
    # Cities' names in de, fr, es, it, pt and nl, from CLDR (tools/latin_names.py).
    latin = latin_names(rows, [n[0] or None for n in named])
    for i, row in enumerate(rows):
        shown, local, languages, alternates = named[i]
        if not shown:
            continue
        languages = {**languages, **latin.get(i, {})}
        population = int(row["population"] or 0)
        key = (row["cc"], fold(shown))
        capital = key in capitals or (row["cc"], fold(row["name"])) in capitals
        place = {"lat": float(row["lat"]), "lon": float(row["lon"]), "shown": shown, "local": local,
                 "languages": languages, "tier": 0 if capital else 1, "population": population,
                 "people": people.get(row["cc"], 0), "index": i}
        if capital:
            # Two places of a capital's name in its country (San Jose, CR): the larger is the capital.
            other = chosen_capital.get(key)
            if other is not None and other["population"] >= population:
                place["tier"] = 1
            else:
                if other is not None:
                    other["tier"] = 1
                chosen_capital[key] = place
        places.append(place)
    places.sort(key=lambda p: (p["tier"], -p["people"] if p["tier"] == 0 else 0, -p["population"], p["index"]))
    for rank, place in enumerate(places):
        place["rank"] = rank
        if place["tier"] == 0 or place["population"] >= CITY_PEOPLE:
            place["class"] = "city"
        elif place["population"] >= TOWN_PEOPLE:
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
    fields = ["lon", "lat", "name", "name:latin", "name:nonlatin"] + [f"name:{code}" for code in LANGUAGES] \
        + ["class", "rank", "zoom", "capital", "population"]
    for level in range(DEEPEST + 1):
        with open(os.path.join(out_dir, f"place_{level}.csv"), "w", encoding="utf-8", newline="") as handle:
            out = csv.writer(handle)
            out.writerow(fields)
            for p in places:
                if level == DEEPEST or p["zoom"] <= level:
                    # Only names that differ from the shown one: the tiles stay small, the style falls back.
                    extra = [p["languages"].get(code, "") if p["languages"].get(code, "") != p["shown"] else ""
                             for code in LANGUAGES]
                    out.writerow([p["lon"], p["lat"], p["local"] or p["shown"], p["shown"], p["local"]] + extra
                                 + [p["class"], p["rank"], p["zoom"], int(p["tier"] == 0), p["population"]])
    with open(os.path.join(out_dir, "country.csv"), "w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["lon", "lat", "name", "name:latin"] + [f"name:{code}" for code in COUNTRY_LANGUAGES]
                     + ["name:zh-Hant", "rank", "zoom"])
        for row in country_rows:
            # Natural Earth's MIN_LABEL counts 256-pixel zooms; the tiles count 512-pixel ones.
            out.writerow([row["LABEL_X"], row["LABEL_Y"], row["NAME"], row["NAME"]]
                         + [row.get(f"NAME_{code.upper()}", "") for code in COUNTRY_LANGUAGES]
                         + [row.get("NAME_ZHT", ""), row["LABELRANK"], max(0, math.floor(float(row["MIN_LABEL"])) - 1)])
    counts = {}
    for p in places:
        counts[(p["class"], min(p["zoom"], LAST_ZOOM + 1))] = counts.get((p["class"], min(p["zoom"], LAST_ZOOM + 1)), 0) + 1
    for klass in CLASS_ZOOM:
        print(klass, " ".join(f"z{z}:{counts.get((klass, z), 0)}" for z in range(LAST_ZOOM + 2)), file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    main(*sys.argv[1:])
