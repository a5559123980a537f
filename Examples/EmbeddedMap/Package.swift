// swift-tools-version: 6.0
// An app that owns its SDL window and event loop and shows pinmap's map
// beside a sidebar of its own: a button there adds a pin through the API.
import PackageDescription

let package = Package(
    name: "EmbeddedMap",
    products: [.executable(name: "stops-app", targets: ["stops-app"])],
    dependencies: [.package(name: "pinmap", path: "../..")],
    targets: [
        .target(name: "StopsApp", dependencies: [
            .product(name: "PinmapKit", package: "pinmap"),
            .product(name: "CSDL2", package: "pinmap"),
        ]),
        .executableTarget(name: "stops-app", dependencies: ["StopsApp", .product(name: "CSDL2", package: "pinmap")]),
        .testTarget(name: "StopsAppTests", dependencies: [
            "StopsApp",
            .product(name: "PinmapTesting", package: "pinmap"),
            .product(name: "CSDL2", package: "pinmap"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
