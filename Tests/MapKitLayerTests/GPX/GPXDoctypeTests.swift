import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

/// A GPX file with a DOCTYPE is read without it, and says so: an external
/// DTD (a local file or a server) is never fetched.
@Suite struct GPXDoctypeTests {
    static func gpx(_ doctype: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\"?>\n\(doctype)\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<wpt lat=\"47\" lon=\"8\"><name>A</name></wpt></gpx>\n").utf8)
    }

    @Test(arguments: [
        (#"<!DOCTYPE gpx SYSTEM "file:///etc/passwd">"#, "the external DTD it names is not fetched nor read"),
        (#"<!DOCTYPE gpx PUBLIC "-//x//y" "http://127.0.0.1:9/x.dtd">"#, "the external DTD it names is not fetched nor read"),
        ("<!DOCTYPE gpx>", "GPX has none"),
    ])
    func aDoctypeIsPassedOverAndSaid(_ doctype: String, _ words: String) throws {
        let document = try GPXDocument.parse(Self.gpx(doctype), file: "walk.gpx")
        #expect(document.waypoints.count == 1, "the waypoints are read")
        #expect(document.warnings == ["walk.gpx:2:1: its DOCTYPE is passed over: \(words), and no entity it declares is expanded"])
        let pins = try PinDocument.parse(Self.gpx(doctype), file: "walk.gpx")
        #expect(pins.warnings == document.warnings, "opened as pins, the warning comes along")
    }

    @Test func aFileWithoutADoctypeSaysNothing() throws {
        #expect(try GPXDocument.parse(Self.gpx(""), file: "walk.gpx").warnings.isEmpty)
    }
}
