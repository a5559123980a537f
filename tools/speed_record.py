#!/usr/bin/env python3
"""pinmap's speed record: every figure the speed issues ask about, measured in
one run on this machine, written as one table with the machine's load beside
it, and checked against the figures recorded in docs/speed-record.json.

Figures (each the median of several runs):
  - first frame, process start to PNG written (`--headless --screenshot`), wall
    and CPU: the embedded world at 256x128, and real data when there is some
    (every MBTiles file with every style JSON in the data folder, at zoom 14
    1024x512 and 256x128 and zoom 16 1024x768, around the file's own centre);
    beside the previous release build's when `--baseline` names one;
  - pins: `pinmap bench --markers N` redraw median at 100, 1,000 and 10,000;
  - the real window under Xvfb (tools/window_bench.py) with the software and the
    OpenGL renderer: frames presented and CPU per move for the demo pins and
    10,000 pins, and (software) a 2560x1440 window panned, and with real data a
    city flat and tilted 50 degrees and turned.

A figure more than 20 % worse than the recorded one is named under "Slipped",
and the script then exits with 1; `--record` writes this run's figures as the
record instead. The data folder is `--data`, else $PINMAP_BENCH_DATA, else
artifacts/osm (make some with Debian's tilemaker from any .osm.pbf extract and
its OpenMapTiles config, see docs/performance.md).

    tools/speed-record [--baseline OLD/pinmap] [--data DIR] [--record] [--no-window] [--runs 7]
"""
import argparse
import glob
import json
import os
import platform
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
RECORD = os.path.join(ROOT, "docs", "speed-record.json")
SLIP = 0.20


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def machine():
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "")
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {model or platform.machine()}"


def first_frame(binary, flags, runs, home, cwd):
    """Median wall and CPU milliseconds from process start to the PNG written."""
    walls, cpus = [], []
    env = {**os.environ, "HOME": home, "PINMAP_OFFLINE": "1", "XDG_CONFIG_HOME": os.path.join(home, "config"),
           "XDG_DATA_HOME": os.path.join(home, "data"), "XDG_STATE_HOME": os.path.join(home, "state"),
           "XDG_CACHE_HOME": os.path.join(home, "cache")}
    out = os.path.join(home, "frame.png")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([binary, "--headless", "--no-pins", *flags, "--screenshot", out], env=env, cwd=cwd,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
        if done.returncode != 0:
            return None, None, done.stderr.strip().splitlines()[-1:] or ["failed"]
    return statistics.median(walls), statistics.median(cpus), None


def centre(mbtiles):
    try:
        with sqlite3.connect(f"file:{mbtiles}?mode=ro", uri=True) as db:
            row = db.execute("select value from metadata where name = 'center'").fetchone()
        lon, lat = (float(v) for v in row[0].split(",")[:2])
        return f"{lat},{lon}"
    except Exception:
        return None


def views(data):
    """(name, flags, cwd) of every view measured."""
    found = [("embedded world 256x128", ["--size", "256x128"], ROOT)]
    if not data or not os.path.isdir(data):
        return found
    styles = sorted(glob.glob(os.path.join(data, "*style*.json")))
    for tiles in sorted(glob.glob(os.path.join(data, "*.mbtiles"))):
        where = centre(tiles)
        if not where:
            continue
        for style in styles:
            base = ["--tiles", os.path.basename(tiles), "--style", os.path.basename(style), "--center", where]
            label = f"{os.path.basename(tiles)} {os.path.basename(style).replace('-gl-style.json', '')}"
            found += [(f"{label} z14 1024x512", base + ["--zoom", "14", "--size", "1024x512"], data),
                      (f"{label} z14 256x128", base + ["--zoom", "14", "--size", "256x128"], data),
                      (f"{label} z16 1024x768", base + ["--zoom", "16", "--size", "1024x768"], data)]
    return found


def pins(binary, count, runs):
    medians = []
    for _ in range(runs):
        done = subprocess.run([binary, "bench", "--markers", str(count), "--json"], capture_output=True, text=True,
                              env={**os.environ, "PINMAP_OFFLINE": "1"})
        if done.returncode != 0:
            return None
        medians.append(json.loads(done.stdout)["redraw_median_ms"])
    return statistics.median(medians)


def window(binary, renderer, extra):
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "window_bench.py"), "--pinmap", binary,
                           "--renderer", renderer, *extra], capture_output=True, text=True, timeout=900)
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 and not rows:
        print(f"speed-record: the window bench ({renderer}) failed: {done.stderr.strip()[-300:]}", file=sys.stderr)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pinmap", default=os.path.join(ROOT, ".build", "release", "pinmap"))
    parser.add_argument("--baseline", default=os.environ.get("PINMAP_BENCH_BASELINE"),
                        help="a previous release build of pinmap to time beside this one")
    parser.add_argument("--data", default=os.environ.get("PINMAP_BENCH_DATA", os.path.join(ROOT, "artifacts", "osm")))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--record", action="store_true", help="write this run's figures as the record")
    parser.add_argument("--no-window", action="store_true", help="leave out the real window (no Xvfb)")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.pinmap)
    baseline = os.path.abspath(arguments.baseline) if arguments.baseline else None
    load_before = load()
    started = time.monotonic()
    figures = {}   # name -> (value, unit, higher_is_better)
    rows = []      # (what, this build, baseline or "")

    with tempfile.TemporaryDirectory() as home:
        for name, flags, cwd in views(arguments.data):
            wall, cpu, error = first_frame(binary, flags, arguments.runs, home, cwd)
            if error:
                rows.append((f"first frame: {name}", f"failed: {error[0]}", ""))
                continue
            figures[f"first frame ms: {name}"] = (round(wall), "ms", False)
            before = ""
            if baseline:
                old_wall, old_cpu, old_error = first_frame(baseline, flags, arguments.runs, home, cwd)
                before = f"{old_wall:.0f} ms ({old_cpu:.0f} ms CPU)" if not old_error else "failed"
            rows.append((f"first frame: {name}", f"{wall:.0f} ms ({cpu:.0f} ms CPU)", before))
        for count in (100, 1000, 10000):
            ms = pins(binary, count, 3)
            if ms is None:
                rows.append((f"pins redraw: {count:,}", "failed", ""))
                continue
            figures[f"pins redraw ms: {count}"] = (ms, "ms", False)
            old = pins(baseline, count, 3) if baseline else None
            rows.append((f"pins redraw median: {count:,} pins", f"{ms:.2f} ms", f"{old:.2f} ms" if old is not None else ""))
        if not arguments.no_window:
            city = []
            tiles = sorted(glob.glob(os.path.join(arguments.data, "*.mbtiles"))) if os.path.isdir(arguments.data) else []
            styles = sorted(glob.glob(os.path.join(arguments.data, "*style*.json"))) if tiles else []
            if tiles and styles and centre(tiles[0]):
                city = ["--city", tiles[0], styles[0], "--city-center", centre(tiles[0])]
            for renderer, extra in (("software", ["--large"] + city), ("opengl", [])):
                ours = window(binary, renderer, extra)
                theirs = {row["scenario"]: row for row in window(baseline, renderer, extra)} if baseline else {}
                for row in ours:
                    key = f"window {renderer}: {row['scenario']}"
                    figures[f"{key} frames"] = (row["frames_presented"], "frames", True)
                    figures[f"{key} cpu ms per move"] = (row["cpu_ms_per_move"], "ms", False)
                    old = theirs.get(row["scenario"])
                    rows.append((f"{key} ({row['moves']} moves)",
                                 f"{row['frames_presented']} frames, {row['frames_per_second']}/s, {row['cpu_ms_per_move']} ms CPU a move",
                                 f"{old['frames_presented']} frames, {old['frames_per_second']}/s, {old['cpu_ms_per_move']} ms CPU a move"
                                 if old else ""))

    recorded = {}
    if os.path.exists(RECORD):
        with open(RECORD) as f:
            recorded = json.load(f).get("figures", {})
    slipped = []
    for name, (value, unit, higher) in figures.items():
        if name not in recorded:
            continue
        was = recorded[name]
        worse = (was - value) / was if higher else (value - was) / was if was > 0 else 0
        if worse > SLIP:
            slipped.append(f"{name}: {value} {unit}, recorded {was} {unit} ({worse * 100:.0f} % worse)")

    lines = [f"Speed record, {time.strftime('%Y-%m-%d %H:%M')}: {machine()}; load average {load_before} before, "
             f"{load()} after ({time.monotonic() - started:.0f} s)", "",
             f"| what | this build | {'baseline ' + baseline if baseline else 'baseline'} |",
             "|---|---|---|"]
    lines += [f"| {what} | {ours} | {theirs} |" for what, ours, theirs in rows]
    lines.append("")
    if slipped:
        lines += ["Slipped (more than 20 % worse than docs/speed-record.json):"] + [f"  - {s}" for s in slipped]
    elif recorded:
        lines.append("No figure slipped more than 20 % from docs/speed-record.json.")
    else:
        lines.append("No record yet: run with --record to keep these figures as one.")
    text = "\n".join(lines)
    print(text)
    out = os.path.join(ROOT, ".build", "speed-record")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "latest.md"), "w") as f:
        f.write(text + "\n")
    if arguments.record:
        record = {"machine": machine(), "load_average": load_before, "date": time.strftime("%Y-%m-%d"),
                  "figures": {name: value for name, (value, _, _) in figures.items()}}
        with open(RECORD + ".tmp", "w") as f:
            json.dump(record, f, indent=1, sort_keys=True)
            f.write("\n")
        os.replace(RECORD + ".tmp", RECORD)
        print(f"recorded in {os.path.relpath(RECORD, ROOT)}")
        return 0
    return 1 if slipped else 0


if __name__ == "__main__":
    sys.exit(main())
