#!/usr/bin/env python3
"""Runs the Mapbox GL render test suite (mapbox/mapbox-gl-test-suite,
render-tests, as fetched by tools/conformance/fetch into conformance/render)
through `pinmap --headless` and prints how many cases come out alike, and
how many match strictly, per folder.

Each case is a style.json with its test settings in metadata.test (size,
pixelRatio, operations) and an expected.png. The style's "local://"
addresses are served from the suite's fixtures on 127.0.0.1. The view is
the style root's center, zoom (MapLibre's zoom is pinmap's minus one),
bearing and pitch.

The expected images hold premultiplied pixels over transparency; both
pictures are laid over white before they are compared.
- likeness: the share of pixels whose channels all lie within 16 of the
  expected ones; a case is "alike" at 0.8 or more.
- strict: as the suite's own harness judges it: pixelmatch's YIQ colour
  distance over its threshold (0.1285), pixels it takes for antialiasing not
  counted, for no more than the case's "allowed" (or numeric "diff") share
  of pixels (0.00015 by default).
Cases with runtime operations (metadata.test.operations) hand them to
pinmap's --style-changes, which makes them once the first picture is in;
they are counted on their own line too.

Usage: tools/conformance/render_suite.py [PINMAP] [--only FOLDER] [--keep DIR]
"""
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
from collections import defaultdict
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent.parent
SUITE = ROOT / "conformance" / "render"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the fixtures; a JSON file (a TileJSON) has its local:// and
    localhost:2900 addresses turned into this server's, as the suite's own
    runner serves them."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = Path(self.translate_path(self.path))
        if path.suffix != ".json" or not path.is_file():
            return super().do_GET()
        host = self.headers.get("Host", "127.0.0.1")
        # The suite's TileJSON names its own runner's server; both become this one.
        here = f"http://{host}/".encode()
        body = path.read_bytes().replace(b"local://", here).replace(b"http://localhost:2900/", here)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(folder):
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def premultiplied(path, already):
    """The picture as RGBA with premultiplied colour, as MapLibre reads its
    pixels back; the suite's expected images are stored that way already."""
    image = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64)
    if not already:
        image[..., :3] = np.round(image[..., :3] * image[..., 3:4] / 255)
    return image


def over_white(image):
    """pixelmatch's blend: every channel taken as straight colour over white."""
    alpha = image[..., 3:4] / 255
    return 255 + (image[..., :3] - 255) * alpha


def yiq(c):
    r, g, b = c[..., 0], c[..., 1], c[..., 2]
    return (0.29889531 * r + 0.58662247 * g + 0.11448223 * b,
            0.59597799 * r - 0.27417610 * g - 0.32180189 * b,
            0.21147017 * r - 0.52261711 * g + 0.31114694 * b)


def yiq_delta(a, b):
    (y1, i1, q1), (y2, i2, q2) = yiq(a), yiq(b)
    return 0.5053 * (y1 - y2) ** 2 + 0.299 * (i1 - i2) ** 2 + 0.1957 * (q1 - q2) ** 2


def neighbours(x, y, width, height):
    """The up to 8 pixels around (x, y), and whether (x, y) lies on the edge."""
    x0, x2, y0, y2 = max(x - 1, 0), min(x + 1, width - 1), max(y - 1, 0), min(y + 1, height - 1)
    edge = x in (x0, x2) or y in (y0, y2)
    return [(u, v) for u in range(x0, x2 + 1) for v in range(y0, y2 + 1) if (u, v) != (x, y)], edge


def many_equal_siblings(raw, x, y):
    height, width = raw.shape[:2]
    around, edge = neighbours(x, y, width, height)
    same = int(edge)
    for u, v in around:
        same += bool(np.array_equal(raw[v, u], raw[y, x]))
        if same > 2:
            return True
    return False


def antialiased(raw, brightness, other, x, y):
    """pixelmatch's test: a pixel between a darker and a brighter neighbour,
    one of which is flat in both pictures, is an antialiased edge pixel."""
    height, width = raw.shape[:2]
    around, edge = neighbours(x, y, width, height)
    zeroes, low, high, darkest, brightest = int(edge), 0.0, 0.0, None, None
    for u, v in around:
        delta = 0.0 if np.array_equal(raw[v, u], raw[y, x]) else brightness[y, x] - brightness[v, u]
        if delta == 0:
            zeroes += 1
            if zeroes > 2:
                return False
        elif delta < low:
            low, darkest = delta, (u, v)
        elif delta > high:
            high, brightest = delta, (u, v)
    if low == 0 or high == 0:
        return False
    return any(many_equal_siblings(raw, *p) and many_equal_siblings(other, *p) for p in (darkest, brightest))


def compare(actual, expected, allowed):
    """The likeness, and whether the case passes as the suite's own harness
    judges it: pixelmatch at threshold 0.1285, antialiased pixels not counted,
    no more than the allowed share of pixels differing."""
    a, e = premultiplied(actual, False), premultiplied(expected, True)
    if a.shape != e.shape:
        return 0.0, False
    # Likeness composes the premultiplied colours over white as they are meant.
    la, le = (p[..., :3] + (255 - p[..., 3:4]) for p in (a, e))
    likeness = float(np.mean(np.all(np.abs(la - le) <= 16, axis=-1)))
    wa, we = over_white(a), over_white(e)
    # 35215 is the largest YIQ distance; the threshold is 0.1285 squared of that.
    differing = np.argwhere(np.any(a != e, axis=-1) & (yiq_delta(wa, we) > 35215 * 0.1285 ** 2))
    limit = allowed * a.shape[0] * a.shape[1]
    if len(differing) > limit + 5000:
        return likeness, False
    ya, ye = yiq(wa)[0], yiq(we)[0]
    counted = 0
    for y, x in differing:
        if not (antialiased(a, ya, e, x, y) or antialiased(e, ye, a, x, y)):
            counted += 1
            if counted > limit:
                return likeness, False
    return likeness, True


def run_case(pinmap, case, address, out):
    style = json.loads((case / "style.json").read_text())
    test = style.get("metadata", {}).get("test", {})
    text = json.dumps(style).replace("local://", address + "/")
    style_file = out / "style.json"
    style_file.write_text(text)
    changes = []
    if test.get("operations"):
        changes_file = out / "changes.json"
        changes_file.write_text(json.dumps(test["operations"]).replace("local://", address + "/"))
        changes = ["--style-changes", str(changes_file)]
    width, height = int(test.get("width", 512)), int(test.get("height", 512))
    ratio = test.get("pixelRatio", 1)
    lon, lat = (style.get("center") or [0, 0])[:2]
    zoom = float(style.get("zoom", 0)) + 1
    shot = out / "actual.png"
    command = [pinmap, "--headless", "--no-pins", "--no-controls", "--attribution", "", "--style", str(style_file),
               "--size", f"{width}x{height}", "--scale", str(ratio), f"--center={lat},{lon}", f"--zoom={zoom}",
               f"--bearing={style.get('bearing', 0)}", f"--pitch={min(float(style.get('pitch', 0)), 60)}",
               "--screenshot", str(shot), *changes]  # "--flag=value", as a value may be negative
    env = dict(os.environ, XDG_CACHE_HOME=str(out / "cache"), XDG_STATE_HOME=str(out / "state"),
               XDG_DATA_HOME=str(out / "data"))
    try:
        result = subprocess.run(command, capture_output=True, timeout=60, env=env)
    except subprocess.TimeoutExpired:
        return "timeout", 0.0, False
    if result.returncode != 0 or not shot.exists():
        return "refused", 0.0, False
    # The harness of the suite's time: "diff", when a number, stands for "allowed".
    allowed = test["diff"] if isinstance(test.get("diff"), (int, float)) else test.get("allowed", 0.00015)
    likeness, strict = compare(shot, case / "expected.png", float(allowed))
    return "drawn", likeness, strict


def main():
    args = sys.argv[1:]
    pinmap = str(ROOT / ".build" / "release" / "pinmap")
    only, keep = None, None
    while args:
        arg = args.pop(0)
        if arg == "--only":
            only = args.pop(0)
        elif arg == "--keep":
            keep = Path(args.pop(0))
        else:
            pinmap = arg
    tests = SUITE / "render-tests"
    if not tests.is_dir():
        sys.exit(f"render_suite: no suite in {tests}; run tools/conformance/fetch first")
    server = serve(SUITE)
    address = f"http://127.0.0.1:{server.server_address[1]}"
    cases = sorted(p.parent for p in tests.glob("*/**/style.json") if (p.parent / "expected.png").exists())
    if only:
        cases = [c for c in cases if c.relative_to(tests).parts[0] == only]
    folders = defaultdict(lambda: defaultdict(int))
    lines = []
    with tempfile.TemporaryDirectory() as scratch:
        for case in cases:
            name = str(case.relative_to(tests))
            out = Path(scratch) / name.replace("/", "_")
            out.mkdir(parents=True)
            outcome, likeness, strict = run_case(pinmap, case, address, out)
            folder = folders[name.split("/")[0]]
            folder["cases"] += 1
            folder[outcome] += 1
            folder["alike"] += likeness >= 0.8
            folder["strict"] += strict
            if json.loads((case / "style.json").read_text()).get("metadata", {}).get("test", {}).get("operations"):
                folder["runtime"] += 1
                folder["runtime alike"] += likeness >= 0.8
            lines.append(f"{name}\t{outcome}\t{likeness:.3f}\t{'strict' if strict else ''}")
            if keep and outcome == "drawn":
                target = keep / name.replace("/", "_")
                target.mkdir(parents=True, exist_ok=True)
                (out / "actual.png").replace(target / "actual.png")
    total = defaultdict(int)
    for name in sorted(folders):
        f = folders[name]
        for key, value in f.items():
            total[key] += value
        print(f"{name}: {f['alike']}/{f['cases']} alike, {f['strict']} strict"
              + (f", {f['runtime alike']} of {f['runtime']} with runtime operations" if f["runtime"] else "")
              + (f", {f['refused']} refused" if f["refused"] else ""))
    report = ROOT / "conformance" / "render-results.tsv"
    report.write_text("\n".join(lines) + "\n")
    judged = total["cases"] - total["runtime"]
    still = total["alike"] - total["runtime alike"]
    print(f"render tests: {total['alike']} of {total['cases']} alike ({100 * total['alike'] / max(total['cases'], 1):.1f} %), "
          f"{still} of {judged} without runtime operations ({100 * still / max(judged, 1):.1f} %), "
          f"{total['runtime alike']} of {total['runtime']} with them; "
          f"{total['strict']} strict; {total['refused']} refused, {total['timeout']} timed out (every case: {report})")
    server.shutdown()


if __name__ == "__main__":
    main()
