// swift-tools-version: 6.0
// Pictures of GPX tracks drawn off-screen with pinmap's MapSnapshotter: a
// library, a command-line tool, and their screenshot tests.
import PackageDescription

let package = Package(
    name: "Thumbnails",
    products: [.executable(name: "thumbnail", targets: ["thumbnail"])],
    dependencies: [.package(name: "pinmap", path: "../..")],
    targets: [
        .target(name: "Thumbnails", dependencies: [.product(name: "PinmapKit", package: "pinmap")]),
        .executableTarget(name: "thumbnail", dependencies: ["Thumbnails"]),
        .testTarget(
            name: "ThumbnailsTests",
            dependencies: ["Thumbnails", .product(name: "PinmapTesting", package: "pinmap")],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
