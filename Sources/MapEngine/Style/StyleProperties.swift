/// The paint and layout properties pinmap knows, per layer type, with their
/// defaults from the style spec. `drawn` is false for properties pinmap reads
/// but does not draw yet (patterns, translations): those are logged, not warned.
struct StyleProperty {
    let defaultValue: StyleValue
    let interpolatable: Bool
    let drawn: Bool

    init(_ defaultValue: StyleValue, interpolatable: Bool = false, drawn: Bool = true) {
        self.defaultValue = defaultValue
        self.interpolatable = interpolatable
        self.drawn = drawn
    }

    static func number(_ value: Double, drawn: Bool = true) -> StyleProperty {
        StyleProperty(.number(value), interpolatable: true, drawn: drawn)
    }

    static func color(_ css: String, drawn: Bool = true) -> StyleProperty {
        StyleProperty(.color(StyleColor(css: css) ?? .black), interpolatable: true, drawn: drawn)
    }

    static func text(_ value: String, drawn: Bool = true) -> StyleProperty { StyleProperty(.string(value), drawn: drawn) }
    static func flag(_ value: Bool, drawn: Bool = true) -> StyleProperty { StyleProperty(.bool(value), drawn: drawn) }
    static func numbers(_ values: [Double], drawn: Bool = true) -> StyleProperty {
        StyleProperty(.array(values.map { .number($0) }), interpolatable: true, drawn: drawn)
    }
    static let none = StyleProperty(.null)
    static let ignored = StyleProperty(.null, drawn: false)

    static let common: [String: StyleProperty] = ["visibility": .text("visible")]

    static let layout: [StyleLayer.Kind: [String: StyleProperty]] = [
        .background: [:],
        .fill: ["fill-sort-key": .none],
        .line: [
            "line-cap": .text("butt"), "line-join": .text("miter"), "line-miter-limit": .number(2),
            "line-round-limit": .number(1.05), "line-sort-key": .none,
        ],
        .circle: ["circle-sort-key": .none],
        .raster: [:],
        .fillExtrusion: [:],
        .heatmap: [:],
        .hillshade: [:],
        .symbol: [
            "symbol-placement": .text("point"), "symbol-spacing": .number(250), "symbol-sort-key": .none,
            "symbol-avoid-edges": .flag(false), "symbol-z-order": .text("auto"),
            "text-field": .none, "text-font": StyleProperty(.array([.string("Open Sans Regular"), .string("Arial Unicode MS Regular")])),
            "text-size": .number(16), "text-max-width": .number(10), "text-line-height": .number(1.2),
            "text-letter-spacing": .number(0), "text-justify": .text("center"), "text-anchor": .text("center"),
            "text-offset": .numbers([0, 0]), "text-padding": .number(2), "text-transform": .text("none"),
            "text-keep-upright": .flag(true), "text-max-angle": .number(45), "text-rotate": .number(0),
            "text-allow-overlap": .flag(false), "text-ignore-placement": .flag(false), "text-optional": .flag(false),
            "text-rotation-alignment": .text("auto"), "text-pitch-alignment": .text("auto"),
            "text-variable-anchor": .none, "text-radial-offset": .none, "text-writing-mode": .none,
            "text-overlap": .none,
            "icon-image": .none, "icon-size": .number(1), "icon-anchor": .text("center"), "icon-offset": .numbers([0, 0]),
            "icon-padding": .number(2), "icon-allow-overlap": .flag(false), "icon-ignore-placement": .flag(false),
            "icon-optional": .flag(false), "icon-rotation-alignment": .text("auto"), "icon-pitch-alignment": .text("auto"),
            "icon-keep-upright": .flag(false), "icon-rotate": .number(0), "icon-text-fit": .text("none"),
            "icon-text-fit-padding": .numbers([0, 0, 0, 0]), "icon-overlap": .none,
        ],
    ]

    static let paint: [StyleLayer.Kind: [String: StyleProperty]] = [
        .background: ["background-color": .color("#000000"), "background-opacity": .number(1), "background-pattern": .text("")],
        .fill: [
            "fill-color": .color("#000000"), "fill-opacity": .number(1), "fill-outline-color": StyleProperty(.null, interpolatable: true),
            "fill-antialias": .flag(true), "fill-translate": .numbers([0, 0]),
            "fill-translate-anchor": .text("map"), "fill-pattern": .text(""),
        ],
        .line: [
            "line-color": .color("#000000"), "line-opacity": .number(1), "line-width": .number(1), "line-gap-width": .number(0),
            "line-offset": .number(0), "line-blur": .number(0), "line-dasharray": StyleProperty(.null),
            "line-translate": .numbers([0, 0]), "line-translate-anchor": .text("map"),
            "line-pattern": .text(""), "line-gradient": .none,
        ],
        .circle: [
            "circle-radius": .number(5), "circle-color": .color("#000000"), "circle-blur": .number(0), "circle-opacity": .number(1),
            "circle-stroke-width": .number(0), "circle-stroke-color": .color("#000000"), "circle-stroke-opacity": .number(1),
            "circle-translate": .numbers([0, 0]), "circle-translate-anchor": .text("map"),
            "circle-pitch-scale": .ignored, "circle-pitch-alignment": .ignored,
        ],
        .fillExtrusion: [
            "fill-extrusion-color": .color("#000000"), "fill-extrusion-opacity": .number(1), "fill-extrusion-height": .number(0),
            "fill-extrusion-base": .number(0), "fill-extrusion-translate": .numbers([0, 0]),
            "fill-extrusion-translate-anchor": .text("map"), "fill-extrusion-vertical-gradient": .flag(true),
            "fill-extrusion-pattern": .text(""),
        ],
        .heatmap: [
            "heatmap-radius": .number(30), "heatmap-weight": .number(1), "heatmap-intensity": .number(1),
            "heatmap-opacity": .number(1), "heatmap-color": .none,
        ],
        .hillshade: [
            "hillshade-illumination-direction": .number(335), "hillshade-illumination-anchor": .text("viewport", drawn: false),
            "hillshade-exaggeration": .number(0.5), "hillshade-shadow-color": .color("#000000"),
            "hillshade-highlight-color": .color("#FFFFFF"), "hillshade-accent-color": .color("#000000"),
        ],
        .raster: [
            "raster-opacity": .number(1), "raster-hue-rotate": .number(0), "raster-brightness-min": .number(0),
            "raster-brightness-max": .number(1), "raster-saturation": .number(0), "raster-contrast": .number(0),
            "raster-resampling": .text("linear"), "raster-fade-duration": .number(300),
        ],
        .symbol: [
            "text-color": .color("#000000"), "text-opacity": .number(1), "text-halo-color": .color("rgba(0,0,0,0)"),
            "text-halo-width": .number(0), "text-halo-blur": .number(0), "text-translate": .numbers([0, 0]),
            "text-translate-anchor": .text("map"), "icon-opacity": .number(1), "icon-color": .color("#000000"),
            "icon-halo-color": .color("rgba(0,0,0,0)"), "icon-halo-width": .number(0), "icon-halo-blur": .number(0), "icon-translate": .numbers([0, 0]),
            "icon-translate-anchor": .text("map"),
        ],
    ]
}
