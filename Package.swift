// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "pinmap",
    platforms: [.macOS(.v13)],
    products: [
        // One import for apps: the map engine, the MapKit layer, the window and the embeddable view,
        // the tile sources, the Cairo painters and the embedded world. SDL's own C module (CSDL2)
        // comes with it for apps that embed the map in a window of their own (`MapView`).
        .library(name: "PinmapKit", targets: ["PinmapKit"]),
        // Screenshot tests and a person's gestures for maps, for Swift Testing and XCTest.
        .library(name: "PinmapTesting", targets: ["PinmapTesting"]),
        .executable(name: "pinmap", targets: ["pinmap"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation --target PinmapKit` builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            // No pkgConfig here: sdl2.pc adds -D_REENTRANT, which SwiftPM
            // refuses with a warning on every build. The headers are included
            // as <SDL2/...> and the Makefile checks the libraries with pkg-config.
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // libcurl's easy API, for tile servers: a transfer that can be cut
        // off at a byte count or a deadline as it runs.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // libpng's simplified writer, for screenshots: its fast setting writes a
        // frame in a third of the time SDL_image's default compression takes.
        .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev"])]),
        // zlib, to inflate gzipped vector tiles and PMTiles directories.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // Cairo, the antialiased rasteriser vector tiles are painted with (as libshumate does).
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
        // Pango with PangoCairo, HarfBuzz, FriBidi and fontconfig: text in every script, shaped,
        // ordered by the bidi algorithm, broken by Unicode's rules, with fonts found as Linux finds them.
        .systemLibrary(name: "CPango", providers: [.apt(["libpango1.0-dev"])]),
        // glibc's mallopt, for the app's allocator settings (MemoryTuning).
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CGio", providers: [.apt(["libglib2.0-dev"])]),
        // The map engine: projection and camera, the style spec, vector tiles, GeoJSON sources, the tile
        // store, labels and collision, buildings and the drawing vocabulary. It reads bytes others hand it
        // and opens no file, socket or process.
        .target(name: "MapEngine"),
        // The MapKit layer on the engine: annotations and their views, callouts, clusters as a person sees
        // them, gestures and controls, the map controller and session, search and geocoding, pins files.
        .target(name: "MapKitLayer", dependencies: ["MapEngine"]),
        // Where the user is, from the services of a Linux machine: gpsd over TCP, GeoClue over D-Bus
        // (through GLib's gdbus); each a `LocationProvider` of the MapKit layer.
        .target(name: "LocationProviders", dependencies: ["MapEngine", "MapKitLayer"]),
        // Files on the disk: read whole or in part with a size limit, written atomically with a backup.
        .target(name: "FileAccess", dependencies: ["MapEngine"]),
        // The desktop before SDL starts: a Wayland compositor's seat, the X server's Xft.dpi.
        .target(name: "CDesktop", linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("dl")]),
        // Tile sources that need system libraries: MBTiles (SQLite) and tile
        // servers (HTTP through libcurl) with their disk cache.
        .target(
            name: "TileSources",
            dependencies: ["CCurl", "CSQLite", "CZlib", "FileAccess", "MapEngine", .product(name: "Logging", package: "swift-log")]
        ),
        // The embedded defaults (tiles, fonts, images, demo pins); a target of its own so that the
        // built binary finds them through Bundle.module wherever it is run from.
        .target(
            name: "PinmapResources",
            path: "Resources",
            exclude: ["README.md", "ImageSources"],
            sources: ["PinmapResources.swift"],
            resources: [
                .copy("Tiles"), .copy("Fonts"), .copy("Images"), .copy("Pins"), .copy("Callouts"), .copy("Gazetteer"), .copy("Styles"), .copy("World"),
            ]
        ),
        // Vector tiles painted into pixels: the core's layout through Cairo, on the loader's threads.
        .target(
            name: "VectorRaster",
            dependencies: ["CCairo", "CPango", "MapEngine", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "MapSDL",
            dependencies: ["CDesktop", "CPNG", "CSDL2", "FileAccess", "MapEngine", "MapKitLayer", "TileSources", "PinmapResources", "VectorRaster", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "PinmapKit",
            dependencies: ["FileAccess", "MapEngine", "MapKitLayer", "MapSDL", "PinmapResources", "TileSources", "VectorRaster",
                           .product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "PinmapTesting", dependencies: ["PinmapKit"]),
        .executableTarget(
            name: "pinmap",
            dependencies: [
                "CGio", "CMalloc", "FileAccess", "LocationProviders", "MapEngine", "MapKitLayer", "MapSDL", "PinmapKit", "PinmapResources", "TileSources", "VectorRaster",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "MapEngineTests", dependencies: ["MapEngine"]),
        .testTarget(name: "MapKitLayerTests", dependencies: ["FileAccess", "MapEngine", "MapKitLayer"]),
        .testTarget(name: "LocationProvidersTests", dependencies: ["LocationProviders", "MapEngine", "MapKitLayer"], exclude: ["Fixtures"]),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess", "MapEngine"]),
        .testTarget(
            name: "MapSDLTests",
            dependencies: ["CSDL2", "FileAccess", "MapSDL", "MapEngine", "MapKitLayer", "PinmapResources", "PinmapTesting", "TileSources", "VectorRaster",
                           .product(name: "Logging", package: "swift-log")],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        .testTarget(name: "VectorRasterTests", dependencies: ["VectorRaster", "MapEngine", "CCairo", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "TileSourcesTests",
            dependencies: ["TileSources", "MapEngine", "MapKitLayer", "MapSDL", "PinmapResources", "PinmapKit",
                           .product(name: "Logging", package: "swift-log")]
        ),
        // A program calling MapWindow.run() from its main code, run by MapWindowLoopTests.
        .executableTarget(name: "MapWindowLoopCheck", dependencies: ["MapEngine", "MapKitLayer", "MapSDL", "CSDL2"], path: "Tests/MapWindowLoopCheck"),
        .testTarget(name: "PinmapTestingTests", dependencies: ["PinmapTesting", "PinmapKit"]),
        .testTarget(name: "pinmapTests", dependencies: ["pinmap", "TileSources", "MapEngine", "MapKitLayer", "MapSDL", "CSDL2", "PinmapResources"],
                    exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// A release build of the command line carries the Swift runtime and Foundation inside it, as
// `swift build --static-swift-stdlib` does: it runs on a machine without the Swift toolchain and
// starts without mapping and binding a dozen more shared libraries (docs/performance.md). Its own
// module is compiled against the static runtime, so it names the libraries the static Foundation
// needs; the library targets stay as they are for apps that link them.
for target in package.targets where target.name == "pinmap" {
    let staticRuntime: [String] = ["-static-stdlib"]
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(staticRuntime, .when(configuration: .release))]
    target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(staticRuntime, .when(configuration: .release))]
}
