@testable import MapEngine
@testable import MapKitLayer
import Testing

/// Custom callouts laid out with half-size metrics (a 13 pt character is
/// 6.5 px wide, its line 16 px high).
@Suite @MainActor struct CustomCalloutLayoutTests {
    let metrics = HalfSizeMetrics()

    func pin(title: String = "Tokyo", subtitle: String? = "Japan") -> PointAnnotation {
        PointAnnotation(coordinate: Coordinate(latitude: 35.6895, longitude: 139.6917), title: title,
                        subtitle: subtitle)
    }

    func body(_ layout: CalloutLayout, _ annotation: any Annotation, scale: Double = 1) -> CalloutBody {
        CustomCalloutLayout.body(layout, values: CalloutValues(annotation), metrics: metrics, scale: scale)
    }

    static let stack = CalloutLayout(name: "card", file: "card.json", elements: [
        .init(.label(text: "{title}", font: FontSpec(size: 20, weight: .bold), color: Color(hex: 0xFFFFFF))),
        .init(.label(text: "{subtitle}", font: FontSpec(size: 12), color: Color(hex: 0xDDDDDD))),
        .init(.row([
            .init(.button(.init(look: .titled("Centre", font: FontSpec(size: 12), textColor: Color(hex: 0xFFFFFF),
                                              fill: Color(hex: 0x1E88E5)), action: "center"))),
            .init(.button(.init(look: .accessory(.infoButton), action: "details"))),
        ], spacing: 8)),
    ])

    @Test func aStackPutsElementsUnderEachOtherWithPaddingAndSpacing() {
        let b = body(Self.stack, pin())
        // Title 23 high, subtitle 15, buttons row 27 (12 pt label 15 + 2 x 6; info 22): 10 + 23 + 4 + 15 + 4 + 27 + 10.
        #expect(b.size.height == 93)
        #expect(b.texts.map(\.text) == ["Tokyo", "Japan", "Centre"])
        #expect(b.texts[0].frame.origin == Point(x: 10, y: 10))
        #expect(b.texts[1].frame.origin == Point(x: 10, y: 37))
        #expect(b.controls.map(\.action) == ["center", "details"])
        // The delegate is handed each button as an accessory: a titled one by its title.
        #expect(b.elements.compactMap(\.control?.accessory) == [CalloutAccessory(.titled("Centre"), identifier: "center"),
                                                                CalloutAccessory(.infoButton, identifier: "details")])
        let (centre, info) = (b.controls[0].frame, b.controls[1].frame)
        #expect(centre == Rect(x: 10, y: 56, width: 60, height: 27))  // 36 px label + 2 x 12
        #expect(info.minX == centre.maxX + 8)
        #expect(info.midY.rounded() == centre.midY.rounded())
        // As wide as the widest line, at least 75.
        #expect(b.size.width == 10 + 90 + 10)
        #expect(b.background == .strip(CalloutLayout.defaultStrip))
    }

    @Test func anEmptyLabelLeavesNoGapAndTheCalloutIsShorter() {
        let full = body(Self.stack, pin())
        let short = body(Self.stack, pin(subtitle: nil))
        #expect(short.texts.map(\.text) == ["Tokyo", "Centre"])
        #expect(full.size.height - short.size.height == 15 + 4)
    }

    @Test func placeholdersAreFilledFromTheAnnotation() {
        let feature = TestFeatures.annotation(properties: #""title": "Nairobi", "note": "Green City", "pop": 4397073"#)
        let values = CalloutValues(feature)
        #expect(values.fill("{title}: {note} ({pop})") == "Nairobi: Green City (4397073)")
        #expect(values.fill("{coordinate}") == "1.2921° S, 36.8219° E")
        #expect(values.fill("{missing}|{subtitle}|") == "||")
        #expect(values.fill("a { b") == "a { b")
        #expect(values.fill("{title") == "{title")
    }

    @Test func framesPutElementsWhereTheySayAndCutLongText() {
        let layout = CalloutLayout(name: "note", file: "note.json", arrangement: .frames, width: 150, height: 60,
                                   elements: [
            .init(.label(text: "{title}", font: FontSpec(size: 10), color: Color(hex: 0)),
                  frame: Rect(x: 40, y: 8, width: 50, height: 14)),
            .init(.image(AnnotationImage(name: "bullseye", size: Size(width: 24, height: 24))),
                  frame: Rect(x: 8, y: 8, width: 24, height: 24)),
            .init(.button(.init(look: .accessory(.add), action: "add")), frame: Rect(x: 120, y: 30, width: 22, height: 22),
                  alignment: .right),
        ])
        let b = body(layout, pin(title: "A rather long title"))
        #expect(b.size == Size(width: 150, height: 60))
        #expect(b.texts[0].text == "A rather…")  // 5 px a character, 50 px of room, no space before "…"
        #expect(b.texts[0].frame.origin == Point(x: 40, y: 8))
        #expect(b.elements[1] == CalloutElement(.image(name: "bullseye"), frame: Rect(x: 8, y: 8, width: 24, height: 24)))
        #expect(b.controls[0].frame == Rect(x: 120, y: 30, width: 22, height: 22))
    }

    @Test func atScale2TheStripAndEverythingElseDouble() {
        let one = body(Self.stack, pin())
        let two = body(Self.stack, pin(), scale: 2)
        #expect(two.controls[1].frame.size == Size(width: 44, height: 44))
        #expect(two.texts[0].frame.origin == Point(x: 20, y: 20))
        #expect(two.size.width == one.size.width * 2)
    }
}

/// Feature annotations made from a property list, at Nairobi.
@MainActor
enum TestFeatures {
    static func annotation(properties: String) -> FeatureAnnotation {
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"n","#
            + #""geometry":{"type":"Point","coordinates":[36.8219,-1.2921]},"properties":{\#(properties)}}]}"#
        // swiftlint:disable:next force_try
        return try! PinDocument.parse(Array(text.utf8), file: "t.geojson").makeAnnotations()[0]
    }
}
