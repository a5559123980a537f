import Foundation
import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite @MainActor struct SceneDumpTests {
    @Test func writesCameraAndCommandsWithSortedKeys() throws {
        let camera = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4.5,
                            viewportSize: Size(width: 800, height: 600))
        let scene = Scene(camera: camera, commands: [
            .tile(TileImageDraw(tile: TileID(z: 4, x: 8, y: 5), source: Rect(x: 0, y: 0, width: 256, height: 256),
                           rect: Rect(x: 1, y: 2, width: 362, height: 362))),
            .rect(Rect(x: 0, y: 0, width: 10, height: 10), Color(hex: 0xFFFFFF, alpha8: 190)),
            .text(TextDraw(text: "Hi", font: FontSpec(size: 11), color: Color(hex: 0x333333),
                           rect: Rect(x: 3, y: 4, width: 14, height: 13))),
        ])
        let json = String(decoding: try SceneDump(scene: scene).jsonData(), as: UTF8.self)
        #expect(json == """
            {"annotations":[],"camera":{"center":[48.85,2.35],"heading":0,"pitch":0,"size":[800,600],"zoom":4.5},"commands":[\
            {"kind":"tile","rect":[1,2,362,362],"source":[0,0,256,256],"x":8,"y":5,"z":4},\
            {"color":"#ffffffbe","kind":"rect","rect":[0,0,10,10]},\
            {"color":"#333333","font_size":11,"kind":"text","rect":[3,4,14,13],"text":"Hi","weight":"regular"}]}

            """)
    }

    @Test func listsAnnotationsAndTheirImages() throws {
        let map = MapController(camera: Camera(center: Coordinate(latitude: 48, longitude: 2), zoom: 4,
                                               viewportSize: Size(width: 400, height: 300)),
                                levels: 0...5, attribution: nil)
        let paris = PointAnnotation(coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris",
                                    identifier: "paris")
        let lyon = PointAnnotation(coordinate: Coordinate(latitude: 45.764, longitude: 4.8357))
        map.addAnnotations([paris, lyon])
        let scene = FrameComposer.scene(of: map, at: 0, tiles: NoTiles(), text: ZeroMetrics())
        map.selectAnnotation(paris)
        let data = try SceneDump(scene: scene, annotations: map.annotationSummaries()).jsonData()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let annotations = try #require(json["annotations"] as? [[String: Any]])
        #expect(annotations.map { $0["id"] as? String } == ["paris", "1"])
        #expect(annotations[0]["coordinate"] as? [Double] == [48.8566, 2.3522])
        #expect(annotations.map { $0["selected"] as? Bool } == [true, false])
        #expect(annotations.map { $0["drag_state"] as? String } == ["none", "none"])
        let images = try #require(json["commands"] as? [[String: Any]]).filter { $0["kind"] as? String == "image" }
        #expect(images.map { $0["id"] as? String } == ["paris", "1"])
        #expect(images.allSatisfy { $0["role"] as? String == "annotation" && $0["name"] as? String == "pin-red" })
    }
}
