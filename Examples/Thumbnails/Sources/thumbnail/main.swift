// thumbnail TRACK.gpx PICTURE.png [--scale 2]: a picture of a GPX file's
// tracks, routes and waypoints on the embedded world.
import Foundation
import PinmapKit
import Thumbnails

var arguments = Array(CommandLine.arguments.dropFirst())
var scale = 1.0
if let flag = arguments.firstIndex(of: "--scale"), flag + 1 < arguments.count, let value = Double(arguments[flag + 1]),
   value == 1 || value == 2 {
    scale = value
    arguments.removeSubrange(flag...flag + 1)
}
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: thumbnail TRACK.gpx PICTURE.png [--scale 1|2]\n".utf8))
    exit(2)
}
do {
    let snapshot = try TrackThumbnail(scale: scale).snapshot(ofGPX: URL(fileURLWithPath: arguments[0]))
    try snapshot.write(to: URL(fileURLWithPath: arguments[1]))
} catch {
    FileHandle.standardError.write(Data("thumbnail: \(error)\n".utf8))
    exit(1)
}
