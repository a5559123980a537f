#!/usr/bin/env python3
"""The window benchmark: pinmap's real window under Xvfb, driven by xdotool.

For the demo pins and for 10,000 pins in view, it drags the map and then a
pin for a fixed number of pointer moves (60 a second, a display's pace), and prints the renderer used, the
frames presented and pinmap's CPU time per frame and per move (from
/proc/PID/stat, counted over the drags only), and its CPU use while the
window sits idle for 3 s. Frames are counted from the
window's own tally at exit (--verbose), less what a run with no drags
presents (the opening frames and tile loads).

--large adds a 1280x720 window at scale 2 (2560x1440 pixels, GDK_SCALE=2)
panned over the demo pins; --city TILES STYLE adds a city's view tilted 50°
and turned with the right button (and the same view flat, panned).

Needs Xvfb and xdotool (make test installs them). Usage:
    tools/window-bench [--moves 100] [--renderer auto] [--pinmap .build/release/pinmap]
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

TICK_MS = 1000.0 / os.sysconf("SC_CLK_TCK")


def start_display():
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "2600x1500x24", "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    number = xvfb.stdout.readline().strip()
    return xvfb, ":" + number


def xdotool(display, *arguments):
    return subprocess.run(["xdotool", *map(str, arguments)], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True).stdout


def cpu_ms(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * TICK_MS  # utime + stime


class Window:
    """One pinmap window: started, found, and its log read at exit."""

    def __init__(self, pinmap, display, flags, home, size="1024x768", extra_env=None):
        self.display = display
        self.log = tempfile.TemporaryFile(mode="w+")
        # Its own folders: the user's session and pins stay out of it, and it stays out of them.
        environment = {**os.environ, "DISPLAY": display, "PINMAP_OFFLINE": "1",
                       "XDG_DATA_HOME": os.path.join(home, "data"), "XDG_STATE_HOME": os.path.join(home, "state"),
                       "XDG_CONFIG_HOME": os.path.join(home, "config"), "XDG_CACHE_HOME": os.path.join(home, "cache"),
                       **(extra_env or {})}
        self.app = subprocess.Popen([pinmap, *flags, "--size", size, "--verbose"],
                                    env=environment, stdout=subprocess.DEVNULL, stderr=self.log, text=True)
        for _ in range(300):
            time.sleep(0.1)
            if "first frame drawn" in self.text():
                break
        self.id = ""
        # By its class: the title is UTF-8 ("demo.geojson — pinmap"), which xdotool's --name does not match.
        for _ in range(100):
            self.id = xdotool(display, "search", "--classname", "^pinmap$").split("\n")[0]
            if self.id or self.app.poll() is not None:
                break
            time.sleep(0.1)
        if not self.id:
            self.app.kill()
            sys.exit(f"window-bench: no pinmap window appeared; its log:\n{self.text()}")
        geometry = dict(line.split("=") for line in xdotool(display, "getwindowgeometry", "--shell", self.id).split())
        self.left, self.top = int(geometry["X"]), int(geometry["Y"])
        time.sleep(1.5)  # the tiles come in, then the window idles

    def text(self):
        self.log.seek(0)
        return self.log.read()

    def drag(self, start, step, moves, button=1):
        x, y = start
        xdotool(self.display, "mousemove", self.left + x, self.top + y)
        time.sleep(0.1)
        xdotool(self.display, "mousedown", button)
        # Moves at 60 a second, a display's pace: each one should be presented.
        next_move = time.monotonic()
        for i in range(1, moves + 1):
            next_move += 1 / 60
            time.sleep(max(0.0, next_move - time.monotonic()))
            xdotool(self.display, "mousemove", self.left + x + step[0] * i, self.top + y + step[1] * i)
        xdotool(self.display, "mouseup", button)
        time.sleep(0.6)  # the drop's bounce ends

    def quit(self):
        xdotool(self.display, "key", "--window", self.id, "ctrl+q")
        self.app.wait(timeout=10)
        text = self.text()
        if os.environ.get("BENCH_TRACE"): sys.stderr.write("".join(l + "\n" for l in text.splitlines() if "TRACE" in l) + "----\n")
        frames = int(re.search(r"(\d+) frames presented", text).group(1))
        renderer = re.search(r"renderer (.*)", text).group(1)
        pacing = re.search(r"(\d+) frames over \d+ ms \(slowest ([\d.]+) ms\), (\d+) pointer moves shared", text)
        self.slow_frames, self.slowest_ms, self.merged_moves = (
            (int(pacing.group(1)), float(pacing.group(2)), int(pacing.group(3))) if pacing else (0, 0.0, 0))
        return frames, renderer


def pins_in_view(path, count):
    """`count` pins spread over the 1024x768 view at zoom 4 centred on 48,10, one pin at the centre."""
    random.seed(7)
    features = [{"type": "Feature", "id": "centre", "geometry": {"type": "Point", "coordinates": [10, 48]},
                 "properties": {"title": "Centre"}}]
    for i in range(count - 1):
        lon, lat = random.uniform(-5.5, 25.5), random.uniform(38, 56)
        features.append({"type": "Feature", "id": f"p{i}", "geometry": {"type": "Point", "coordinates": [lon, lat]},
                         "properties": {"title": f"Pin {i}"}})
    with open(path, "w") as out:
        json.dump({"type": "FeatureCollection", "features": features}, out)


def scenario(pinmap, display, name, flags, moves, home, drags=None, size="1024x768", extra_env=None):
    """`drags`: (start, step, button) of each drag; by default the map from an empty spot, then the pin at the centre."""
    drags = drags or [((300, 600), (3, -2), 1), ((512, 384 - 24), (3, 2), 1)]
    baseline = Window(pinmap, display, flags, home, size, extra_env)
    idle_start = cpu_ms(baseline.app.pid)
    time.sleep(3)
    idle_pct = (cpu_ms(baseline.app.pid) - idle_start) / 3000 * 100
    idle_frames, _ = baseline.quit()
    window = Window(pinmap, display, flags, home, size, extra_env)
    before = cpu_ms(window.app.pid)
    started = time.monotonic()
    for start, step, button in drags:
        window.drag(start, step, moves, button)
    seconds = time.monotonic() - started - len(drags) * 0.7  # less the pauses around each drag
    spent = cpu_ms(window.app.pid) - before
    frames, renderer = window.quit()
    presented = max(frames - idle_frames, 1)
    total_moves = len(drags) * moves
    print(json.dumps({"scenario": name, "renderer": renderer, "moves": total_moves, "frames_presented": presented,
                      "cpu_ms": round(spent, 1), "cpu_ms_per_frame": round(spent / presented, 2),
                      "cpu_ms_per_move": round(spent / total_moves, 2),
                      "frames_per_second": round(presented / max(seconds, 0.001), 1), "idle_cpu_pct": round(idle_pct, 2),
                      "moves_sharing_a_frame": window.merged_moves, "frames_over_interval": window.slow_frames,
                      "slowest_frame_ms": window.slowest_ms}),
          flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--renderer", default="auto")
    parser.add_argument("--pinmap", default=".build/release/pinmap")
    parser.add_argument("--flag", action="append", default=[],
                        help="another pinmap flag for both runs, e.g. --flag=--no-controls")
    parser.add_argument("--large", action="store_true", help="also a 2560x1440 window (1280x720 at scale 2), panned")
    parser.add_argument("--city", nargs=2, metavar=("TILES", "STYLE"),
                        help="also a city's view of TILES in STYLE: flat and panned, tilted 50 degrees and turned")
    parser.add_argument("--city-center", default="35.899,14.514", metavar="LAT,LON")
    parser.add_argument("--only-extra", action="store_true", help="only the --large and --city scenarios")
    arguments = parser.parse_args()
    xvfb, display = start_display()
    try:
        with tempfile.TemporaryDirectory() as work:
            demo = os.path.join(work, "demo.geojson")
            many = os.path.join(work, "pins10k.geojson")
            with open(os.path.join(os.path.dirname(__file__), "..", "Resources", "Pins", "demo.geojson")) as src:
                text = src.read()
            with open(demo, "w") as out:
                out.write(text)
            pins_in_view(many, 10_000)
            common = ["--renderer", arguments.renderer] + arguments.flag
            if not arguments.only_extra:
                scenario(arguments.pinmap, display, "demo pins", common + ["--pins", demo, "--center", "48.8566,2.3522",
                                                                          "--zoom", "4"], arguments.moves, work)
                scenario(arguments.pinmap, display, "10,000 pins in view", common + ["--pins", many, "--center", "48,10",
                                                                                    "--zoom", "4"], arguments.moves, work)
            if arguments.large:
                # Panned from an empty spot (the window is 1280x720 points).
                scenario(arguments.pinmap, display, "2560x1440 panned", common + ["--pins", demo, "--center", "48.8566,2.3522",
                                                                                 "--zoom", "5"], arguments.moves, work,
                         drags=[((300, 600), (3, -2), 1)], size="1280x720", extra_env={"GDK_SCALE": "2"})
            if arguments.city:
                tiles, style = (os.path.abspath(path) for path in arguments.city)
                city = common + ["--no-pins", "--tiles", tiles, "--style", style, "--center", arguments.city_center, "--zoom", "15"]
                scenario(arguments.pinmap, display, "city flat, panned", city, arguments.moves, work,
                         drags=[((300, 600), (3, -2), 1)])
                # The right button turns the map as it moves across.
                scenario(arguments.pinmap, display, "city tilted 50, turned", city + ["--pitch", "50"], arguments.moves, work,
                         drags=[((200, 400), (4, 0), 3)])
    finally:
        xvfb.terminate()
        xvfb.wait()


if __name__ == "__main__":
    sys.exit(main())
