#!/usr/bin/env python3
"""Rasterises pinmap's SVG images (Resources/ImageSources) into the PNGs the
app draws (Resources/Images), at 1x and 2x, with rsvg-convert.

pin.svg is drawn in greys. For each pin colour the elements of class "tint"
are multiplied by the colour; for pins tinted at run time the head ("mask")
and the needle and highlight ("detail") are cut into separate layers. Each
pin frame (rest, three bounce frames, floating) is the same drawing under a
transform about the needle's tip. Pins are cut to the box their frame
paints (the same box for every colour and layer of a frame) and the boxes
are printed: MapKitLayer's BuiltInImages.pinContent must match them.
"""
import math
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG)

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Resources" / "ImageSources"
OUTPUT = ROOT / "Resources" / "Images"

PIN_COLORS = {"red": (0xD9, 0x2E, 0x26), "green": (0x3C, 0xB3, 0x3F), "purple": (0x9B, 0x4F, 0xD0)}
TIP = (8, 33.5)
# Squashed about the tip for the bounce, stretched a little and tilted for floating.
FRAMES = {
    "": None,
    "-bounce1": "scale(1.16 0.78)",
    "-bounce2": "scale(1.08 0.89)",
    "-bounce3": "scale(1.03 0.96)",
    "-floating": "rotate(7) scale(1 1.03)",
}


def about_tip(transform):
    x, y = TIP
    return f"translate({x} {y}) {transform} translate({-x} {-y})"


def multiply(hex_color, rgb):
    grey = [int(hex_color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(g * c / 255):02x}" for g, c in zip(grey, rgb))


def pin_variant(frame, color=None, keep=None):
    tree = ET.parse(SOURCES / "pin.svg")
    root = tree.getroot()
    for element in root.iter():
        if color and "tint" in element.get("class", "").split():
            for attribute in ("stop-color", "fill", "stroke"):
                value = element.get(attribute, "")
                if value.startswith("#") and len(value) == 7:
                    element.set(attribute, multiply(value, color))
    pin = root.find(f".//{{{SVG}}}g[@id='pin']")
    if keep:
        for group in list(pin):
            if keep not in group.get("class", "").split():
                pin.remove(group)
    if FRAMES[frame]:
        pin.set("transform", about_tip(FRAMES[frame]))
    return ET.tostring(root, encoding="unicode").encode()


def rasterise(svg_bytes, name, folder):
    for scale, suffix in ((1, ""), (2, "@2x")):
        target = folder / f"{name}{suffix}.png"
        subprocess.run(["rsvg-convert", "--zoom", str(scale), "--format", "png", "--output", str(target)],
                       input=svg_bytes, check=True)


def painted_box(path, scale):
    """The box of non-transparent pixels, in points: (x0, y0, x1, y1)."""
    geometry = subprocess.run(["convert", str(path), "-format", "%@", "info:"], check=True,
                              capture_output=True, text=True).stdout
    size, x, y = geometry.replace("+", " ").split()
    w, h = (int(v) for v in size.split("x"))
    return (int(x) / scale, int(y) / scale, (int(x) + w) / scale, (int(y) + h) / scale)


def crop(names, folder, box=None):
    """Copies the images into OUTPUT cut to `box` (points), or to the whole
    points around what all of them paint when no box is given. Drawing
    fewer transparent pixels makes every frame cheaper."""
    if box is None:
        boxes = [painted_box(folder / f"{n}{s}.png", k) for n in names for k, s in ((1, ""), (2, "@2x"))]
        box = (math.floor(min(b[0] for b in boxes)), math.floor(min(b[1] for b in boxes)),
               math.ceil(max(b[2] for b in boxes)), math.ceil(max(b[3] for b in boxes)))
    x0, y0, x1, y1 = box
    for name in names:
        for scale, suffix in ((1, ""), (2, "@2x")):
            geometry = f"{(x1 - x0) * scale}x{(y1 - y0) * scale}+{x0 * scale}+{y0 * scale}"
            subprocess.run(["convert", str(folder / f"{name}{suffix}.png"), "-crop", geometry, "+repage",
                            str(OUTPUT / f"{name}{suffix}.png")], check=True)
    return box


CLUSTER_DIAMETERS = (30, 38, 46)


def cluster_variant(diameter, keep):
    """cluster.svg at `diameter` points with only its `keep` layer."""
    tree = ET.parse(SOURCES / "cluster.svg")
    root = tree.getroot()
    for group in list(root):
        if keep not in group.get("class", "").split():
            root.remove(group)
    root.set("width", str(diameter))
    root.set("height", str(diameter))
    return ET.tostring(root, encoding="unicode").encode()


def render_clusters(folder):
    """The cluster discs: a ring and a fill to tint, at each size."""
    for diameter in CLUSTER_DIAMETERS:
        for layer in ("ring", "fill"):
            name = f"cluster-{layer}-{diameter}"
            rasterise(cluster_variant(diameter, layer), name, folder)
            crop([name], folder, box=(0, 0, diameter, diameter))


def main():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        render_clusters(folder)
        if sys.argv[1:] == ["clusters"]:
            return
        for source in ("bullseye", "pin-shadow"):
            rasterise((SOURCES / f"{source}.svg").read_bytes(), source, folder)
            crop([source], folder, box=(0, 0, 32, 32 if source == "bullseye" else 39))
        # Callout accessory buttons, kept at their full drawn size.
        for source in ("callout-detail", "callout-info", "callout-add", "callout-edit"):
            svg = (SOURCES / f"{source}.svg").read_bytes()
            width, height = (int(v) for v in re.search(rb'width="(\d+)" height="(\d+)"', svg).groups())
            rasterise(svg, source, folder)
            crop([source], folder, box=(0, 0, width, height))
        for frame in FRAMES:
            names = []
            for color_name, rgb in PIN_COLORS.items():
                rasterise(pin_variant(frame, color=rgb), f"pin-{color_name}{frame}", folder)
                names.append(f"pin-{color_name}{frame}")
            rasterise(pin_variant(frame, keep="mask"), f"pin-mask{frame}", folder)
            rasterise(pin_variant(frame, keep="detail"), f"pin-detail{frame}", folder)
            box = crop(names + [f"pin-mask{frame}", f"pin-detail{frame}"], folder)
            # BuiltInImages.pinContent must say the same.
            print(f"pin frame {frame or '-rest'}: content x {box[0]}..{box[2]}, y {box[1]}..{box[3]} points",
                  file=sys.stderr)
    print(f"wrote {len(list(OUTPUT.glob('*.png')))} images to {OUTPUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
