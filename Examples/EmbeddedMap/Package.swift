// swift-tools-version: 6.0
// An app that owns its SDL window and event loop and shows pinmap's map
// beside a sidebar of its own: a button there adds a pin through the API.
import PackageDescription

let package = Package(
    name: "EmbeddedMap",
    products: [.executable(name: "stops-app", targets: ["stops-app"])],
    dependencies: [.package(name: "pinmap", path: "../..")],
    targets: [
        // PinmapKit brings SDL's C module (CSDL2) with it: `import CSDL2` needs no product of its own.
        .target(name: "StopsApp", dependencies: [.product(name: "PinmapKit", package: "pinmap")]),
        .executableTarget(name: "stops-app", dependencies: ["StopsApp"]),
        .testTarget(name: "StopsAppTests", dependencies: [
            "StopsApp",
            .product(name: "PinmapTesting", package: "pinmap"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
