import Foundation
import Logging
import MapEngine
import MapKitLayer
@testable import MapSDL
import Testing

/// A library prints nothing unasked: without a logger in the options the
/// map's parts log nowhere; with one, they log through it.
@Suite @MainActor struct LibraryLoggingTests {
    @Test func withoutALoggerTheMapLogsNowhere() throws {
        var options = MapOptions()
        options.size = Size(width: 64, height: 48)
        let run = try HeadlessRun(options: options)
        #expect(run.session.logger.handler is SwiftLogNoOpLogHandler)
    }

    @Test func aGivenLoggerIsUsed() throws {
        var options = MapOptions()
        options.size = Size(width: 64, height: 48)
        let log = LogRecorder()
        options.logger = log.logger
        let run = try HeadlessRun(options: options)
        _ = try run.renderImage()
        #expect(log.messages.contains { $0.contains("first frame drawn") }, "\(log.messages)")
    }
}
