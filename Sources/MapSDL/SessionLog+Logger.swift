import Logging
import MapEngine
import MapKitLayer

extension SessionLog {
    /// The core's session log written through a swift-log logger.
    static func writing(to logger: Logger) -> SessionLog {
        SessionLog { level, line in
            switch level {
            case .debug: logger.debug("\(line)")
            case .info: logger.info("\(line)")
            case .warning: logger.warning("\(line)")
            case .error: logger.error("\(line)")
            }
        }
    }
}
