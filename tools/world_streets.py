#!/usr/bin/env python3
"""Gives the embedded world's styles street detail: a source "streets" of
OpenMapTiles-schema vector tiles on a server (OpenFreeMap's, free and
keyless; pinmap's --street-tiles and the streetTiles setting name another,
--offline leaves it out) and the street layers of Resources/Styles/
pinmap-light.json, in each style's colours, fading in past the world's
deepest level (style zoom 8 to 9). The world draws the sea, the land, the
borders and the names of countries, cities and towns; the streets add
landcover, water, roads, rail, buildings (raised in 3D from zoom 14, from
their render_height) and the smaller names over it.

    tools/world_streets.py    # rewrites Resources/Styles/pinmap-world-{light,dark}.json

Run again after changing pinmap-light.json: the street layers are replaced.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STYLES = os.path.join(HERE, "..", "Resources", "Styles")
SOURCE = {"type": "vector", "url": "https://tiles.openfreemap.org/planet", "minzoom": 0, "maxzoom": 14,
          "attribution": "OpenFreeMap © OpenMapTiles Data from OpenStreetMap"}
DEPTH = 8  # the world's deepest level, in style zooms
LEFT_OUT = {"background", "boundary-state", "boundary-country", "place-country", "place-city", "place-town"}
# The street layers' colours by night; the world's own sea for water.
DARK = {
    "#d8e8c8": "#233027", "#e6efd6": "#262d27", "#f8fbfd": "#2f3439", "#ebe6df": "#2c2d31", "#ece4e6": "#302c31",
    "#dcebd0": "#25302a", "#d4e8c4": "#243226", "#a9cde8": "#12202e", "#dedbe2": "#3a3a41", "#dfd9d1": "#34353a",
    "#cfc7bd": "#3e3f45", "#d4ccc0": "#18191c", "#ffffff": "#4b4d54", "#c9b9a4": "#6b6258", "#fdf3d7": "#6d6350",
    "#f7d79b": "#8a6d3b", "#b9b4ae": "#5a5650", "#4d7fa8": "#7aa5cc", "#6b6257": "#b0a89e", "#8a7a68": "#a8998a",
    "#5e564d": "#a39d94",
}
LIGHT_WATER = {"#a9cde8": "#aecde3"}
OPACITY = {"fill": ["fill-opacity"], "line": ["line-opacity"], "symbol": ["text-opacity", "icon-opacity"]}


def at(value, zoom):
    """A zoom-interpolated value at `zoom` (constant values as they are)."""
    if isinstance(value, list) and value[:1] == ["interpolate"] and value[1] == ["linear"] and value[2] == ["zoom"]:
        stops = list(zip(value[3::2], value[4::2]))
        if zoom <= stops[0][0]:
            return stops[0][1]
        for (z0, v0), (z1, v1) in zip(stops, stops[1:]):
            if zoom <= z1:
                return v0 + (v1 - v0) * (zoom - z0) / (z1 - z0)
        return stops[-1][1]
    return value


def faded(value):
    """`value` (an opacity, 1 when absent) from nothing at the world's depth to itself one zoom deeper."""
    stops = [DEPTH, 0, DEPTH + 1, at(value, DEPTH + 1)]
    if isinstance(value, list) and value[:1] == ["interpolate"]:
        for z, v in zip(value[3::2], value[4::2]):
            if z > DEPTH + 1:
                stops += [z, v]
    elif isinstance(value, list):
        sys.exit(f"world_streets: cannot fade the opacity {value}")
    return ["interpolate", ["linear"], ["zoom"]] + stops


def recolored(node, colors):
    if isinstance(node, str):
        return colors.get(node.lower(), node)
    if isinstance(node, list):
        return [recolored(item, colors) for item in node]
    if isinstance(node, dict):
        return {key: recolored(value, colors) for key, value in node.items()}
    return node


def street_layers(dark):
    streets = json.load(open(os.path.join(STYLES, "pinmap-light.json")))
    layers = []
    for layer in streets["layers"]:
        if layer["id"] in LEFT_OUT:
            continue
        layer = json.loads(json.dumps(layer))
        layer["id"] = "streets-" + layer["id"]
        layer["source"] = "streets"
        if layer.get("minzoom", 0) <= DEPTH + 1:
            layer["minzoom"] = max(layer.get("minzoom", 0), DEPTH)
            paint = layer.setdefault("paint", {})
            for name in OPACITY[layer["type"]]:
                paint[name] = faded(paint.get(name, 1))
        if dark:
            layer = recolored(layer, DARK)
            paint = layer["paint"]
            for name in ("text-halo-color",):
                if name in paint:
                    paint[name] = "rgba(16,18,22,0.85)"
        else:
            layer = recolored(layer, LIGHT_WATER)
        layers.append(layer)
    return layers


# Buildings raised to their height (OpenMapTiles' render_height, from render_min_height) at street zooms, as OSM
# Liberty raises them: flat from above, standing up once the map is tilted.
BUILDINGS_3D = {"id": "streets-building-3d", "type": "fill-extrusion", "source": "streets", "source-layer": "building",
                "minzoom": 14,
                "paint": {"fill-extrusion-color": "#dfd9d1",
                          "fill-extrusion-height": ["coalesce", ["get", "render_height"], 0],
                          "fill-extrusion-base": ["coalesce", ["get", "render_min_height"], 0],
                          "fill-extrusion-opacity": ["interpolate", ["linear"], ["zoom"], 14, 0, 15, 0.85]}}


def main():
    for look in ("light", "dark"):
        path = os.path.join(STYLES, f"pinmap-world-{look}.json")
        style = json.load(open(path))
        style["sources"]["streets"] = SOURCE
        world = [layer for layer in style["layers"] if layer.get("source") != "streets"]
        streets = street_layers(look == "dark")
        raised = recolored(BUILDINGS_3D, DARK) if look == "dark" else dict(BUILDINGS_3D)
        streets.insert(next(i for i, layer in enumerate(streets) if layer["id"] == "streets-building") + 1, raised)
        fills = [layer for layer in streets if layer["type"] != "symbol"]
        names = [layer for layer in streets if layer["type"] == "symbol"]
        # The streets' shapes over the world's land and lakes, under its borders; their names under the world's.
        borders = next(i for i, layer in enumerate(world) if layer["id"].startswith("boundary"))
        names_at = next(i for i, layer in enumerate(world) if layer["type"] == "symbol")
        style["layers"] = world[:borders] + fills + world[borders:names_at] + names + world[names_at:]
        with open(path, "w") as out:
            out.write("{\n")
            keys = list(style.keys())
            for key in keys:
                end = "," if key != keys[-1] else ""
                if key == "layers":
                    out.write('  "layers": [\n')
                    rows = [json.dumps(layer, ensure_ascii=False) for layer in style["layers"]]
                    out.write(",\n".join("    " + row for row in rows))
                    out.write(f"\n  ]{end}\n")
                elif key == "sources":
                    out.write('  "sources": {\n')
                    rows = [f"    {json.dumps(name)}: {json.dumps(source, ensure_ascii=False)}" for name, source in style["sources"].items()]
                    out.write(",\n".join(rows))
                    out.write(f"\n  }}{end}\n")
                else:
                    out.write(f"  {json.dumps(key)}: {json.dumps(style[key], ensure_ascii=False)}{end}\n")
            out.write("}\n")
        print(f"{path}: {len(streets)} street layers", file=sys.stderr)


main()
