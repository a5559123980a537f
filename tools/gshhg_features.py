#!/usr/bin/env python3
"""Turns GSHHG's high-resolution shorelines and WDB II's rivers (the binary
files of ../shared/data/gshhs, see its README) into GeoJSON text sequences
for tools/make-world-tiles:

  land.geojsons      polygons: level 1 (land) and 5 (Antarctica), class=land;
                     level 3 (islands in lakes), class=island
  lakes.geojsons     polygons: level 2, class=lake
                     (each shape and its shore with minzoom 0, 2, 4, 6 or 8:
                     where it first covers an eighth of a pixel)
  coast.geojsons     lines: the shores of land, Antarctica and islands in
                     lakes, without the data's made-up edges (the dateline and
                     the prime meridian where Eurasia and Antarctica are cut,
                     the South Pole)
  rivers.geojsons    lines: class=river, rank 1 (longest) to 4, by length

    gshhg_features.py DATA/gshhs OUT_FOLDER

Each file's `.dat` holds little-endian float32 (longitude, latitude) pairs;
each meta line says where a shape's points start and how many there are.
Every number is checked: a count or offset out of the file, or a coordinate
that is not finite or not on Earth, stops the script naming the line.
"""
import json
import math
import os
import struct
import sys


def read_shapes(data_path, meta_path, rivers):
    size = os.path.getsize(data_path)
    with open(data_path, "rb") as data, open(meta_path) as meta:
        for number, line in enumerate(meta, 1):
            fields = line.split()
            if not fields:
                continue
            where = f"{meta_path}:{number}"
            if len(fields) != 8:
                sys.exit(f"{where}: {len(fields)} fields, not 8")
            try:
                level, count, offset, length = int(fields[0]), int(fields[2]), int(fields[5]), int(fields[6])
            except ValueError:
                sys.exit(f"{where}: a count, offset or length is not a whole number")
            if count < 2 or length != count * 8 or offset < 0 or offset + length > size:
                sys.exit(f"{where}: {count} points at byte {offset} do not lie within {data_path} ({size} bytes)")
            data.seek(offset)
            values = struct.unpack(f"<{2 * count}f", data.read(length))
            points = list(zip(values[0::2], values[1::2]))
            for lon, lat in points:
                if not (math.isfinite(lon) and math.isfinite(lat) and -180 <= lon <= 180 and -90 <= lat <= 90):
                    sys.exit(f"{where}: the point {lon}, {lat} is not on Earth")
            area = float("nan") if rivers else float(fields[1])
            yield (None if rivers else level), area, points


def made_up(a, b):
    """An edge the data adds to close a shape: along the dateline, the prime
    meridian (where Antarctica is cut in two) or the South Pole."""
    return (abs(a[0]) == 180 and abs(b[0]) == 180) or (a[0] == 0 and b[0] == 0) or (a[1] <= -89.99 and b[1] <= -89.99)


def shores(ring):
    """The ring's real shore, as lines: cut where it runs along a made-up edge."""
    lines, current = [], [ring[0]]
    for a, b in zip(ring, ring[1:]):
        if made_up(a, b):
            if len(current) > 1:
                lines.append(current)
            current = [b]
        else:
            current.append(b)
    if len(current) > 1:
        lines.append(current)
    return lines


def length_km(points):
    total = 0.0
    for (lon1, lat1), (lon2, lat2) in zip(points, points[1:]):
        x = math.radians(lon2 - lon1) * math.cos(math.radians((lat1 + lat2) / 2))
        total += 6371 * math.hypot(x, math.radians(lat2 - lat1))
    return total


def first_zoom(area_km2):
    """The first (512-point) zoom at which a shape of this area is worth
    drawing: from where it covers an eighth of a pixel at the equator (a
    pixel is 78.3 km / 2^zoom wide there; nearer the poles shapes are drawn
    larger, four times at 60°, so a lake of Finland shows as a speck as soon
    as it would), so the shallow tiles do not carry a hundred thousand
    islets too small to see; rounded up to an even zoom, at most 8, where
    every shape is."""
    if not (math.isfinite(area_km2) and area_km2 > 0):
        return 8
    zoom = math.ceil(math.log(max(766 / area_km2, 1), 4))
    return min(zoom + zoom % 2, 8)


def feature(kind, coordinates, properties):
    rounded = lambda p: [round(p[0], 6), round(p[1], 6)]
    if kind == "Polygon":
        coordinates = [[rounded(p) for p in coordinates]]
    else:
        coordinates = [rounded(p) for p in coordinates]
    return json.dumps({"type": "Feature", "properties": properties, "geometry": {"type": kind, "coordinates": coordinates}})


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gshhg_features.py DATA/gshhs OUT_FOLDER")
    source, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    counts = {"land": 0, "lakes": 0, "coast": 0, "rivers": 0}
    with open(f"{out}/land.geojsons", "w") as land, open(f"{out}/lakes.geojsons", "w") as lakes, \
            open(f"{out}/coast.geojsons", "w") as coast:
        for level, area, ring in read_shapes(f"{source}/gshhs_h.dat", f"{source}/gshhsmeta_h.dat", rivers=False):
            zoom = first_zoom(area)
            if ring[0] != ring[-1]:
                ring = ring + [ring[0]]
            if len(ring) < 4:
                continue
            if level == 2:
                lakes.write(feature("Polygon", ring, {"class": "lake", "minzoom": zoom}) + "\n")
                counts["lakes"] += 1
                continue
            if level not in (1, 3, 5):
                continue
            land.write(feature("Polygon", ring, {"class": "island" if level == 3 else "land", "minzoom": zoom}) + "\n")
            counts["land"] += 1
            for line in shores(ring):
                coast.write(feature("LineString", line, {"minzoom": zoom}) + "\n")
                counts["coast"] += 1
    with open(f"{out}/rivers.geojsons", "w") as rivers:
        for _, _, line in read_shapes(f"{source}/rivers_h.dat", f"{source}/riversmeta_h.dat", rivers=True):
            km = length_km(line)
            rank = 1 if km >= 1000 else 2 if km >= 300 else 3 if km >= 80 else 4
            rivers.write(feature("LineString", line, {"class": "river", "rank": rank}) + "\n")
            counts["rivers"] += 1
    print(", ".join(f"{n} {name}" for name, n in counts.items()), file=sys.stderr)


main()
