# pinmap: the two commands are `make run` and `make test`.
SWIFT ?= swift
# Libraries the app links against (SDL2 with its image and font add-ons, SQLite for MBTiles,
# libcurl for tile servers, Cairo, and Pango for text in every script), and the fonts behind
# DejaVu: Debian's Noto for every other script, Noto CJK for Chinese, Japanese and Korean; and
# GLib's gdbus, through which a window asks the desktop's GeoClue for the user's location.
SDL_PACKAGES := libsdl2-dev libwayland-dev libsdl2-image-dev libsdl2-ttf-dev libpng-dev libsqlite3-dev libcurl4-openssl-dev libcairo2-dev libpango1.0-dev zlib1g-dev fonts-noto-core fonts-noto-cjk libglib2.0-bin
# The location tests run a real gpsd fed by gpsfake; the window tests run Xvfb driven by xdotool;
# the text tests compare pinmap's shaping with pango-view's; python3 makes the docs' samples into a package;
# the GeoClue tests run a private D-Bus with a fake GeoClue written in Python with GLib;
# the export tests read the text of exported PDFs with poppler's pdftotext; the Wayland tests run the
# window under weston (on Xvfb, whose keyboard and pointer give SDL the seat it needs) and take
# screenshots with ImageMagick's import.
TEST_PACKAGES := gpsd gpsd-clients xvfb xdotool x11-utils weston imagemagick pango1.0-tools python3 dbus python3-gi poppler-utils
# Flags for `make run`, e.g. make run ARGS="--center 48.85,2.35 --zoom 5".
ARGS ?=

.PHONY: run test fuzz conformance bench window-bench deps build docs doc-coverage tiles world images screenshot clean install uninstall

deps:
	@tools/ensure-packages $(SDL_PACKAGES)

build: deps
	$(SWIFT) build

# Opens the map in a window on the embedded world tiles.
run: build
	.build/debug/pinmap $(ARGS)

# Every test: the engine's and the MapKit layer's units, golden screenshots (headless),
# the CLI as a user runs it, the window under Xvfb and Weston, in a few test processes side by
# side (tools/run-tests: tests that wait for the programs they start leave the cores to others);
# then the rules that choose the embedded world's place names (tools/test_*.py), the folder
# loops of each target, and the example packages with every Swift sample of the docs, compiled
# as an app would against the public API alone: one package, one more build of pinmap.
test:
	@tools/ensure-packages $(SDL_PACKAGES) $(TEST_PACKAGES)
	$(SWIFT) build --build-tests
	@mkdir -p .build
	@/usr/bin/python3 tools/run-tests .build/test-output.txt; echo $$? > .build/test-status
	@/usr/bin/python3 tools/slowest-tests .build/test-output.txt
	@exit $$(cat .build/test-status)
	@echo "== the name-choosing rules of the embedded world's data (tools/)"
	cd tools && /usr/bin/python3 -m unittest discover -p 'test_*.py'
	@echo "== the folders of each target, and the loops between them (none may appear)"
	/usr/bin/python3 tools/folder-loops --max-knotted 0
	@echo "== public only on the face: no public member inside a type that is not public"
	/usr/bin/python3 tools/stray-public
	@echo "== the example apps and the docs' samples: one package, one build of pinmap"
	@tests=$$(/usr/bin/python3 tools/doc-samples .build-doc-samples | tail -1) && \
		$(SWIFT) build --build-tests --package-path .build-doc-samples --scratch-path .build-examples/DocSamples && \
		$(SWIFT) test --skip-build --package-path .build-doc-samples --scratch-path .build-examples/DocSamples --filter "$$tests"

# The robustness suite at length (about 15 minutes on 2 cores): the invariant
# fuzzer over 400 seeds of 5,000 events, 300 kill -9 during saves, 5,000
# broken tile-server answers, 50,000 broken vector tiles, 20,000 hostile
# styles and 20,000 mutated geometry command streams, 2,000 random runs of
# the tile store (150 frames each), 20,000 hostile heatmaps and hillshades,
# 500 starts on hostile XDG state (session, settings and pins files), 50,000
# damaged pictures (image sources and DEM tiles), a memory
# soak of 20,000 frames, and a valgrind run. `make test` runs a slice of each.
FUZZ_SEEDS ?= 400
FUZZ_EVENTS ?= 5000
KILL_RUNS ?= 300
fuzz:
	@tools/ensure-packages $(SDL_PACKAGES) valgrind
	$(SWIFT) build --build-tests
	$(SWIFT) build -c release
	PINMAP_FUZZ_SEEDS=$(FUZZ_SEEDS) PINMAP_FUZZ_EVENTS=$(FUZZ_EVENTS) PINMAP_FUZZ_FIRST_SEED=1000 \
		$(SWIFT) test --skip-build --filter InvariantFuzzTests
	PINMAP_KILL_RUNS=$(KILL_RUNS) $(SWIFT) test --skip-build --filter KillDuringSaveTests
	PINMAP_FUZZ_SEEDS=5000 $(SWIFT) test --skip-build --filter MutantServerFuzzTests
	PINMAP_FUZZ_SEEDS=50000 $(SWIFT) test --skip-build --filter VectorTileFuzzTests
	PINMAP_FUZZ_SEEDS=20000 $(SWIFT) test --skip-build --filter 'StyleFuzzTests|MVTGeometryTests'
	PINMAP_FUZZ_SEEDS=2000 $(SWIFT) test --skip-build --filter TileStoreFuzzTests
	PINMAP_FUZZ_SEEDS=20000 $(SWIFT) test --skip-build --filter HeatmapHillshadeFuzzTests
	PINMAP_FUZZ_SEEDS=500 $(SWIFT) test --skip-build --filter HostileStateFuzzTests
	PINMAP_FUZZ_SEEDS=50000 $(SWIFT) test --skip-build --filter PictureMutationFuzzTests
	.build/release/pinmap bench --soak 20000 --json
	tools/memcheck .build/release/pinmap

# The public style-spec suites, fetched into conformance/ (ignored): pass
# rates per folder, printed; a rate under tools/conformance/*-floor fails.
# CI does not run this. STYLE_SPEC=path and RENDER_SUITE=path use local
# checkouts of maplibre/maplibre-style-spec and mapbox/mapbox-gl-test-suite
# instead of cloning them. The render suite's results per case go to
# conformance/render-results.tsv.
conformance: deps
	@tools/ensure-packages python3-pil python3-numpy
	STYLE_SPEC=$(STYLE_SPEC) RENDER_SUITE=$(RENDER_SUITE) tools/conformance/fetch
	$(SWIFT) build --build-tests
	PINMAP_EXPRESSION_SUITE=$(CURDIR)/conformance/test/integration/expression/tests \
		$(SWIFT) test --skip-build --filter ExpressionSuiteTests
	$(SWIFT) build -c release --product pinmap
	/usr/bin/python3 tools/conformance/render_suite.py .build/release/pinmap

# The library's documentation: one DocC archive of PinmapKit's articles and every
# library module's symbols (.build/plugins/Swift-DocC/outputs/pinmap.doccarchive),
# and how many public declarations have a comment.
DOC_TARGETS := PinmapKit MapEngine MapKitLayer MapSDL TileSources VectorRaster PinmapTesting
docs: deps
	$(SWIFT) package --disable-sandbox generate-documentation --enable-experimental-combined-documentation \
		$(foreach target,$(DOC_TARGETS),--target $(target))
doc-coverage: deps
	tools/doc-coverage

# The speed record (tools/speed-record): first frames on real data (artifacts/osm, or
# PINMAP_BENCH_DATA) beside BASELINE=path/to/an/older/release/pinmap when given, pins
# at 100/1k/10k, the real window with each renderer, a large and a tilted view; one
# table with the machine's load, and a figure 20 % worse than docs/speed-record.json
# named (and the run failed). RECORD=1 keeps this run's figures as the record.
bench: deps
	@tools/ensure-packages $(SDL_PACKAGES) xvfb xdotool
	$(SWIFT) build -c release
	tools/speed-record $(if $(BASELINE),--baseline $(BASELINE)) $(if $(RECORD),--record)

# The real window under Xvfb, dragged with xdotool: frames presented and CPU
# per frame and per move, demo pins and 10,000 pins (see Window speed).
window-bench:
	@tools/ensure-packages $(SDL_PACKAGES) xvfb xdotool
	$(SWIFT) build -c release
	tools/window-bench

# Re-renders Resources/Tiles (the raster world) from ../shared/data/naturalearth (needs Mapnik and GDAL).
tiles:
	tools/render-tiles

# Re-makes Resources/World/world.mbtiles (the vector world) from ../shared/data (needs GDAL).
world:
	tools/make-world-tiles

# Re-rasterises Resources/Images from the SVGs in Resources/ImageSources (needs rsvg-convert).
images:
	tools/render-images

# The README's screenshots, made by the headless mode: the world with the demo pins, and a city.
# Offline, so the pictures are the same on every machine.
screenshot: export PINMAP_OFFLINE := 1
screenshot: build
	.build/debug/pinmap --headless --size 960x540 --center 12,45 --zoom 2.1 --screenshot docs/screenshot.png
	.build/debug/pinmap --headless --no-pins --size 960x540 --center 47.42,8.62 --zoom 9.9 --screenshot docs/screenshot-city.png
	.build/debug/pinmap --headless --no-pins --style dark --size 960x540 --center 48.2,11.2 --zoom 7 --screenshot docs/screenshot-dark.png

# Installs the app for the desktop under PREFIX (DESTDIR for a package's staging
# folder): the release binary with its resources in PREFIX/lib/pinmap, a link in
# PREFIX/bin, and the .desktop file, icon and MIME types (dist/) that put pinmap in a
# file manager's "Open with" for .gpx, .geojson, .mbtiles and .pmtiles files.
PREFIX ?= /usr/local
LIBDIR := $(DESTDIR)$(PREFIX)/lib/pinmap
SHARE := $(DESTDIR)$(PREFIX)/share
install: deps
	$(SWIFT) build -c release --product pinmap
	install -d $(LIBDIR) $(DESTDIR)$(PREFIX)/bin $(SHARE)/applications $(SHARE)/icons/hicolor/scalable/apps $(SHARE)/mime/packages
	rm -rf $(LIBDIR)/pinmap_PinmapResources.resources
	cp -R .build/release/pinmap_PinmapResources.resources $(LIBDIR)/
	install -m 755 .build/release/pinmap $(LIBDIR)/pinmap
	ln -sf ../lib/pinmap/pinmap $(DESTDIR)$(PREFIX)/bin/pinmap
	install -m 644 dist/pinmap.desktop $(SHARE)/applications/pinmap.desktop
	install -m 644 dist/pinmap.svg $(SHARE)/icons/hicolor/scalable/apps/pinmap.svg
	install -m 644 dist/pinmap-mime.xml $(SHARE)/mime/packages/pinmap.xml
	-update-mime-database $(SHARE)/mime >/dev/null 2>&1
	-update-desktop-database $(SHARE)/applications >/dev/null 2>&1
	-gtk-update-icon-cache -q -t $(SHARE)/icons/hicolor >/dev/null 2>&1

uninstall:
	rm -rf $(LIBDIR) $(DESTDIR)$(PREFIX)/bin/pinmap $(SHARE)/applications/pinmap.desktop \
		$(SHARE)/icons/hicolor/scalable/apps/pinmap.svg $(SHARE)/mime/packages/pinmap.xml
	-update-mime-database $(SHARE)/mime >/dev/null 2>&1

clean:
	rm -rf .build
