import MapEngine

/// The images pinmap ships (drawn as SVG under `Resources/ImageSources`,
/// rasterised at 1x and 2x by `tools/render-images`). Sizes are in points
/// and must match the files; a test checks that they do.
enum BuiltInImages {
    static let bullseye = AnnotationImage(name: "bullseye", size: Size(width: 32, height: 32))

    /// Every pin frame is 32 x 39 points with the needle's tip at (8, 33.5).
    static let pinSize = Size(width: 32, height: 39)

    /// The part of a pin frame its files hold (what any colour or layer of
    /// that frame paints), as printed by `tools/render-images`.
    static func pinContent(_ frame: PinFrame) -> Rect {
        switch frame {
        case .rest: return Rect(x: 1, y: 2, width: 14, height: 32)
        case .bounce1: return Rect(x: 0, y: 8, width: 17, height: 26)
        case .bounce2: return Rect(x: 0, y: 5, width: 16, height: 29)
        case .bounce3: return Rect(x: 0, y: 3, width: 16, height: 31)
        case .floating: return Rect(x: 4, y: 1, width: 15, height: 33)
        }
    }

    /// A pin in one of the baked colours, in one frame.
    static func pin(_ color: PinColor.Baked, _ frame: PinFrame) -> AnnotationImage {
        pinImages[PinLayer.baked(color)]![frame]!
    }

    /// The pin's head in white and greys, to be tinted by the renderer.
    static func pinMask(_ frame: PinFrame) -> AnnotationImage {
        pinImages[.mask]![frame]!
    }

    /// The untinted parts drawn over a tinted head: needle and highlight.
    static func pinDetail(_ frame: PinFrame) -> AnnotationImage {
        pinImages[.detail]![frame]!
    }

    /// The files a pin is drawn from: a baked colour, or the two layers of a tinted pin.
    private enum PinLayer: Hashable {
        case baked(PinColor.Baked), mask, detail

        static let all = PinColor.Baked.allCases.map(PinLayer.baked) + [.mask, .detail]

        var fileName: String {
            switch self {
            case .baked(let color): return "pin-\(color.rawValue)"
            case .mask: return "pin-mask"
            case .detail: return "pin-detail"
            }
        }
    }

    /// Every pin layer in every frame, made once so views share them.
    private static let pinImages: [PinLayer: [PinFrame: AnnotationImage]] = Dictionary(
        uniqueKeysWithValues: PinLayer.all.map { layer in
            (layer, Dictionary(uniqueKeysWithValues: PinFrame.allCases.map { frame in
                (frame, AnnotationImage(name: layer.fileName + frame.suffix, size: pinSize, content: pinContent(frame)))
            }))
        })

    /// The pin's shadow on the ground, shown while the pin is lifted.
    static let pinShadow = AnnotationImage(name: "pin-shadow", size: pinSize)

    /// The sizes cluster discs come in, in points across.
    static let clusterDiameters = [30.0, 38.0, 46.0]

    /// A cluster disc's white ring (with its shadow), or its inside to be
    /// tinted with the members' colour.
    static func cluster(fill: Bool, diameter: Double) -> AnnotationImage {
        AnnotationImage(name: "cluster-\(fill ? "fill" : "ring")-\(Int(diameter))",
                        size: Size(width: diameter, height: diameter))
    }

    /// Every built-in image, for checking the files.
    static var all: [AnnotationImage] {
        var images = [bullseye, pinShadow]
        images += clusterDiameters.flatMap { [cluster(fill: false, diameter: $0), cluster(fill: true, diameter: $0)] }
        for frame in PinFrame.allCases {
            images += PinColor.Baked.allCases.map { pin($0, frame) }
            images += [pinMask(frame), pinDetail(frame)]
        }
        return images
    }
}

/// The pictures a pin runs through: at rest, three squashed bounce frames
/// and the floating frame shown while it is carried.
enum PinFrame: String, CaseIterable, Sendable {
    case rest, bounce1, bounce2, bounce3, floating

    var suffix: String { self == .rest ? "" : "-" + rawValue }
}
