// swift-tools-version: 6.0
// A custom annotation view with its own icon, and its screenshot tests made
// with pinmap's testing product.
import PackageDescription

let package = Package(
    name: "BusStopScreenshots",
    products: [.library(name: "BusStops", targets: ["BusStops"])],
    dependencies: [.package(name: "pinmap", path: "../..")],
    targets: [
        .target(name: "BusStops", dependencies: [.product(name: "PinmapKit", package: "pinmap")],
                resources: [.copy("Icons")]),
        .testTarget(name: "BusStopsTests", dependencies: [
            "BusStops",
            .product(name: "PinmapTesting", package: "pinmap"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
