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

    private enum Handler {
        case closure((AnnotationChange) -> Void)
        /// A map's layer, told the key it gave: no closure per annotation.
        case listener(Weak, key: Int32)
    }

    struct Weak {
        weak var listener: AnnotationChangeListener?
    }

    private struct Observer {
        let token: Token
        let handler: Handler
    }

    /// Most annotations are shown by one map: its observer is kept inline,
    /// so observing allocates nothing.
    private var first: Observer?
    private var others: [Observer] = []
    private var nextToken = 0

    public init() {}

    /// Calls `handler` for every change posted from now on.
    public func observe(_ handler: @escaping (AnnotationChange) -> Void) -> Token {
        add(.closure(handler))
    }

    /// Tells `listener` of every change posted from now on, with `key`,
    /// until `removeObserver(listener:)`.
    func observe(listener: AnnotationChangeListener, key: Int32) {
        _ = add(.listener(Weak(listener: listener), key: key))
    }

    /// Stops telling `listener` (a map's layer keeps no token per annotation).
    func removeObserver(listener: AnnotationChangeListener) {
        func isIt(_ observer: Observer) -> Bool {
            if case .listener(let weak, _) = observer.handler { return weak.listener === listener }
            return false
        }
        if let first, isIt(first) {
            self.first = others.isEmpty ? nil : others.removeFirst()
        } else {
            others.removeAll(where: isIt)
        }
    }

    private func add(_ handler: Handler) -> Token {
        nextToken += 1
        let observer = Observer(token: Token(value: nextToken), handler: handler)
        if first == nil { first = observer } else { others.append(observer) }
        return observer.token
    }

    public func removeObserver(_ token: Token) {
        if first?.token == token {
            first = others.isEmpty ? nil : others.removeFirst()
        } else {
            others.removeAll { $0.token == token }
        }
    }

    public func post(_ change: AnnotationChange) {
        guard let first else { return }
        let others = others  // an observer may stop observing while told
        AnnotationChanges.tell(first, change)
        for observer in others { AnnotationChanges.tell(observer, change) }
    }

    private static func tell(_ observer: Observer, _ change: AnnotationChange) {
        switch observer.handler {
        case .closure(let handler): handler(change)
        case .listener(let weak, let key): weak.listener?.annotationDidChange(key: key, change)
        }
    }

    var observerCount: Int { (first == nil ? 0 : 1) + others.count }
}

/// Hears the changes of many annotations through one object, each
/// annotation told apart by the key given when observing it.
protocol AnnotationChangeListener: AnyObject {
    func annotationDidChange(key: Int32, _ change: AnnotationChange)
}
