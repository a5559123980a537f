import MapEngine

/// What changed about an annotation.
///
///     annotation.changes.post(.coordinate)   // your code moved it
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
///     changes.post(.calloutInfo)   // every map showing it lays its callout out again
@MainActor public final class AnnotationChanges {
    /// Names one `observe` closure, to stop it with `removeObserver(_:)`.
    ///
    ///     let token = stop.changes.observe { change in print(change) }
    ///     stop.changes.removeObserver(token)
    package struct Token: Hashable, Sendable {
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

    /// The layer of the map showing the annotation, kept inline: most
    /// annotations are shown by one map, so observing allocates nothing,
    /// and the object stays small (a million pins hold a million of these).
    private weak var listener: AnnotationChangeListener?
    private var listenerKey: Int32 = 0
    private var nextToken: Int32 = 0
    /// Closures, and the layers of further maps, in the order they came.
    private var others: [Observer] = []

    /// No observers yet; the map observes when the annotation is added.
    public init() {}

    /// Calls `handler` for every change posted from now on.
    package func observe(_ handler: @escaping (AnnotationChange) -> Void) -> Token {
        nextToken += 1
        let token = Token(value: Int(nextToken))
        others.append(Observer(token: token, handler: .closure(handler)))
        return token
    }

    /// Tells `listener` of every change posted from now on, with `key`,
    /// until `removeObserver(listener:)`.
    func observe(listener: AnnotationChangeListener, key: Int32) {
        if self.listener == nil {
            self.listener = listener
            listenerKey = key
        } else {
            others.append(Observer(token: Token(value: 0), handler: .listener(Weak(listener: listener), key: key)))
        }
    }

    /// Stops telling `listener` (a map's layer keeps no token per annotation).
    func removeObserver(listener: AnnotationChangeListener) {
        if self.listener === listener {
            self.listener = nil
            return
        }
        others.removeAll { observer in
            if case .listener(let weak, _) = observer.handler { return weak.listener === listener }
            return false
        }
    }

    /// How many `.coordinate` changes were posted, so the map knows
    /// whether a setter it called posted one itself.
    private(set) var coordinatePosts: UInt32 = 0

    /// Stops calling the closure `observe` returned `token` for.
    package func removeObserver(_ token: Token) {
        others.removeAll { $0.token == token }
    }

    /// Tells every observer (the maps showing the annotation among them) of a change.
    public func post(_ change: AnnotationChange) {
        if change == .coordinate { coordinatePosts &+= 1 }
        let others = others  // an observer may stop observing while told
        listener?.annotationDidChange(key: listenerKey, change)
        for observer in others {
            switch observer.handler {
            case .closure(let handler): handler(change)
            case .listener(let weak, let key): weak.listener?.annotationDidChange(key: key, change)
            }
        }
    }

    var observerCount: Int { (listener == nil ? 0 : 1) + others.count }
}

/// Hears the changes of many annotations through one object, each
/// annotation told apart by the key given when observing it.
@MainActor
protocol AnnotationChangeListener: AnyObject {
    func annotationDidChange(key: Int32, _ change: AnnotationChange)
}
