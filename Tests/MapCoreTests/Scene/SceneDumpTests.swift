import Foundation
import Testing
@testable import MapCore

@Suite struct SceneDumpTests {
    @Test func writesCameraAndCommandsWithSortedKeys() throws {
        let camera = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 4.5,
                            viewportSize: Size(width: 800, height: 600))
        let scene = Scene(camera: camera, commands: [
            .tile(TileDraw(tile: TileID(z: 4, x: 8, y: 5), source: Rect(x: 0, y: 0, width: 256, height: 256),
                           rect: Rect(x: 1, y: 2, width: 362, height: 362))),
            .rect(Rect(x: 0, y: 0, width: 10, height: 10), Color(hex: 0xFFFFFF, alpha: 190)),
            .text(TextDraw(text: "Hi", font: FontSpec(size: 11), color: Color(hex: 0x333333),
                           rect: Rect(x: 3, y: 4, width: 14, height: 13))),
        ])
        let json = String(decoding: try SceneDump(scene: scene).jsonData(), as: UTF8.self)
        #expect(json == """
            {"camera":{"center":[48.85,2.35],"size":[800,600],"zoom":4.5},"commands":[\
            {"kind":"tile","rect":[1,2,362,362],"source":[0,0,256,256],"x":8,"y":5,"z":4},\
            {"color":"#ffffffbe","kind":"rect","rect":[0,0,10,10]},\
            {"color":"#333333","font_size":11,"kind":"text","rect":[3,4,14,13],"text":"Hi","weight":"regular"}]}

            """)
    }
}
