import Foundation
@testable import MapEngine
@testable import MapKitLayer
import Testing
import FileAccess

@Suite struct CalloutLayoutParserTests {
    func parse(_ json: String) throws(CalloutLayoutError) -> CalloutLayout {
        try CalloutLayoutParser(file: "Callouts/x.json", name: "x").parse(Array(json.utf8))
    }

    @Test func aStackWithEveryKindOfElement() throws {
        let layout = try parse("""
            {"strip": {"top": "#ffffffcc", "bottom": "#102030"}, "padding": 8, "spacing": 2, "width": 200,
             "elements": [
               {"type": "label", "text": "{title}", "size": 17, "weight": "bold", "color": "#fff"},
               {"type": "image", "name": "bullseye", "width": 16, "height": 16, "align": "center"},
               {"type": "row", "spacing": 6, "elements": [
                 {"type": "button", "title": "Go", "action": "center", "fill": "#00ff00"},
                 {"type": "button", "kind": "detail-disclosure", "action": "details"},
                 {"type": "button", "name": "pin-red", "width": 14, "height": 32, "action": "pin"}]}]}
            """)
        #expect(layout.name == "x")
        #expect(layout.strip == CalloutStrip(top: Color(hex: 0xFFFFFF, alpha8: 0xCC), bottom: Color(hex: 0x102030)))
        #expect((layout.padding, layout.spacing, layout.width) == (8, 2, 200))
        #expect(layout.arrangement == .stack)
        #expect(layout.elements[0].kind == .label(text: "{title}", font: FontSpec(size: 17, weight: .bold),
                                                  color: Color(hex: 0xFFFFFF)))
        #expect(layout.elements[1].alignment == .center)
        guard case .row(let buttons, let spacing) = layout.elements[2].kind else {
            Issue.record("not a row")
            return
        }
        #expect(spacing == 6)
        #expect(buttons.map(\.kind) == [
            .button(.init(look: .titled("Go", font: FontSpec(size: 13), textColor: Color(hex: 0xFFFFFF),
                                        fill: Color(hex: 0x00FF00)), action: "center")),
            .button(.init(look: .accessory(.detailDisclosure), action: "details")),
            .button(.init(look: .accessory(.image(AnnotationImage(name: "pin-red", size: Size(width: 14, height: 32)))),
                          action: "pin")),
        ])
    }

    @Test func framesGiveEachElementItsRectangle() throws {
        let layout = try parse("""
            {"arrangement": "frames", "width": 150, "height": 60,
             "elements": [{"type": "label", "text": "{note}", "frame": [10, 30, 130, 16]}]}
            """)
        #expect(layout.arrangement == .frames)
        #expect(layout.height == 60)
        #expect(layout.elements[0].frame == Rect(x: 10, y: 30, width: 130, height: 16))
        #expect(layout.strip == CalloutLayout.defaultStrip)
    }

    static let label = #"{"type": "label", "text": "{title}"}"#

    /// Each bad file, the field the error names, and words of its reason.
    static let bad: [(json: String, field: String?, reason: String)] = [
        (#"{"elements": [}"#, nil, "line 1, column 15"),
        ("[]", nil, "is an array, not an object"),
        (#"{"elements": []}"#, "elements", "is empty"),
        (#"{"padding": 4}"#, "elements", "is missing"),
        (#"{"elements": {}}"#, "elements", "not an array"),
        (#"{"elemnts": []}"#, "elemnts", "is not a field here"),
        (#"{"elements": [\#(label)], "arrangement": "grid"}"#, "arrangement", #""grid" is not"#),
        (#"{"elements": [\#(label)], "padding": "big"}"#, "padding", "is a string, not a number"),
        (#"{"elements": [\#(label)], "padding": 500}"#, "padding", "500 is out of range (0 to 100)"),
        (#"{"elements": [\#(label)], "width": 20}"#, "width", "out of range"),
        (#"{"elements": [\#(label)], "strip": {"top": "blue"}}"#, "strip.top", "is not a colour"),
        (##"{"elements": [\##(label)], "strip": {"middle": "#fff"}}"##, "strip.middle", "is not a field here"),
        (#"{"elements": [3]}"#, "elements[0]", "is a number, not an object"),
        (#"{"elements": [{"text": "a"}]}"#, "elements[0].type", "is missing"),
        (#"{"elements": [{"type": "video"}]}"#, "elements[0].type", #""video" is not"#),
        (#"{"elements": [{"type": "label"}]}"#, "elements[0].text", "is missing"),
        (#"{"elements": [{"type": "label", "text": 5}]}"#, "elements[0].text", "is a number, not a string"),
        (#"{"elements": [{"type": "label", "text": "a", "size": 2}]}"#, "elements[0].size", "out of range"),
        (#"{"elements": [{"type": "label", "text": "a", "weight": "heavy"}]}"#, "elements[0].weight", "not \"regular\""),
        (##"{"elements": [{"type": "label", "text": "a", "color": "#12"}]}"##, "elements[0].color", "is not a colour"),
        (#"{"elements": [{"type": "label", "text": "a", "align": "middle"}]}"#, "elements[0].align", "is not"),
        (#"{"elements": [{"type": "label", "text": "a", "action": "go"}]}"#, "elements[0].action", "is not a field here"),
        (#"{"elements": [{"type": "image", "name": "a", "width": 10}]}"#, "elements[0].height", "is missing"),
        (#"{"elements": [{"type": "image", "name": "../a", "width": 1, "height": 1}]}"#, "elements[0].name", "not a path"),
        (#"{"elements": [{"type": "button", "title": "Go"}]}"#, "elements[0].action", "is missing"),
        (#"{"elements": [{"type": "button", "title": "Go", "action": "go now"}]}"#, "elements[0].action", "one word"),
        (#"{"elements": [{"type": "button", "action": "go"}]}"#, "elements[0]", "needs one of"),
        (#"{"elements": [{"type": "button", "title": "Go", "kind": "info", "action": "go"}]}"#, "elements[0]", "only one of"),
        (#"{"elements": [{"type": "button", "kind": "share", "action": "go"}]}"#, "elements[0].kind", #""share" is not"#),
        (#"{"elements": [{"type": "row"}]}"#, "elements[0].elements", "is missing"),
        (#"{"elements": [{"type": "row", "elements": [{"type": "row", "elements": [\#(label)]}]}]}"#,
         "elements[0].elements[0].type", "a row belongs in a stack"),
        (#"{"arrangement": "frames", "elements": [\#(label)]}"#, "elements[0].frame", "is missing"),
        (#"{"elements": [{"type": "label", "text": "a", "frame": [0, 0, 10, 10]}]}"#, "elements[0].frame",
         "frames are for"),
        (#"{"arrangement": "frames", "elements": [{"type": "label", "text": "a", "frame": [0, 0, 10]}]}"#,
         "elements[0].frame", "[x, y, width, height]"),
        (#"{"arrangement": "frames", "elements": [{"type": "label", "text": "a", "frame": [0, 0, 0, 10]}]}"#,
         "elements[0].frame[2]", "out of range"),
    ]

    @Test(arguments: bad)
    func everyProblemNamesTheFileAndTheField(json: String, field: String?, reason: String) {
        do {
            _ = try parse(json)
            Issue.record("parsed: \(json)")
        } catch {
            #expect(error.file == "Callouts/x.json")
            #expect(error.field == field, "\(error)")
            #expect(error.description.contains(reason), "\(error)")
            #expect(error.description.hasPrefix("Callouts/x.json: "))
        }
    }

    @Test func theBundledLayoutsParse() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/Callouts")
        let (library, errors) = CalloutLayoutLibrary.load(from: [folder], files: DiskFiles())
        #expect(errors.isEmpty, "\(errors)")
        #expect(library.names == ["note", "place"])
    }

    @Test func aLaterFolderOverridesAndABadFileIsReportedAndLeftOut() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layouts-\(UInt32.random(in: 0...UInt32.max))")
        let first = root.appendingPathComponent("a"), second = root.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"elements": [{"type": "label", "text": "one"}]}"#.utf8).write(to: first.appendingPathComponent("card.json"))
        try Data(#"{"elements": [{"type": "label", "text": "two"}]}"#.utf8).write(to: second.appendingPathComponent("card.json"))
        try Data(#"{"elements": [{"type": "label"}]}"#.utf8).write(to: second.appendingPathComponent("broken.json"))
        try Data("not a layout".utf8).write(to: second.appendingPathComponent("notes.txt"))
        let (library, errors) = CalloutLayoutLibrary.load(from: [first, second], files: DiskFiles())
        #expect(library.names == ["card"])
        #expect(library.layout(named: "card")?.elements.first?.kind
                == .label(text: "two", font: CalloutLayout.defaultLabelFont, color: CalloutLayout.defaultTextColor))
        #expect(errors.count == 1)
        #expect(errors.first?.file.hasSuffix("b/broken.json") == true)
        #expect(errors.first?.field == "elements[0].text")
    }
}
