/// What changed about an annotation.
public enum AnnotationChange: Equatable, Sendable {
    /// The coordinate moved.
    case coordinate
    /// The title or subtitle changed: an open callout shows the new text
    /// (MapKit's "callout info did change" notification).
    case calloutInfo
}

/// The notices one annotation posts; the maps that show it observe them.
///
///     let changes = AnnotationChanges()
///     let token = changes.observe { change in print(change) }
///     changes.post(.calloutInfo)
///     changes.removeObserver(token)
public final class AnnotationChanges {
    public struct Token: Hashable, Sendable {
        let value: Int
    }

    private var observers: [(token: Token, handler: (AnnotationChange) -> Void)] = []
    private var nextToken = 0

    public init() {}

    /// Calls `handler` for every change posted from now on.
    public func observe(_ handler: @escaping (AnnotationChange) -> Void) -> Token {
        nextToken += 1
        let token = Token(value: nextToken)
        observers.append((token, handler))
        return token
    }

    public func removeObserver(_ token: Token) {
        observers.removeAll { $0.token == token }
    }

    public func post(_ change: AnnotationChange) {
        for observer in observers { observer.handler(change) }
    }

    var observerCount: Int { observers.count }
}
