import MapEngine

/// What an interaction asks of the map; the controller applies these in
/// order (`MapController.apply`), so no interaction changes the camera, the
/// selection or the overlays itself.
enum MapEffect {
    /// A hand moves the map by this many pixels (any animation stops).
    case pan(by: Point)
    /// A hand moves the map so that the place under `from` comes under `to`
    /// (on a tilted map, far places move farther).
    case drag(from: Point, to: Point)
    /// A hand turns the map by `degrees` clockwise about a screen point and
    /// tilts it by `tilt` degrees (any animation stops).
    case twist(degrees: Double, about: Point, tilt: Double)
    /// The map turns on after a twist at `speed` degrees a second about a point, slowing down.
    case spin(speed: Double, about: Point)
    /// Two fingers zoom by `levels` about `from` and carry it to `to`.
    case pinch(levels: Double, from: Point, to: Point)
    case stopCamera
    case animate(CameraAnimation.Motion, duration: Double)
    /// A smooth pan until the centre is at this unit world point.
    case glide(toWorld: Point, duration: Double)
    /// The map coasts on after a fling at this many pixels per second.
    case coast(velocity: Point, decay: Double)
    case resetToHome
    case resize(Size)
    /// Every pointer and finger lets go without acting (focus lost): a
    /// carried view falls back home, a press on a pin or button is dropped.
    case letGo
    /// Selects a view; `near` is the screen point it was pressed at, so its
    /// callout opens over that copy of the world where the world repeats.
    case select(AnnotationView, near: Point? = nil)
    case deselectAll
    /// A tap or click on the map where no view is: selects the overlay
    /// there, if any (screen pixels; a finger reaches farther).
    case selectOverlay(at: Point, finger: Bool)
    /// Enter on an overlay the focus ring is on: selects it, its callout at its middle.
    case chooseOverlay(any Overlay)
    /// A right-click or Ctrl+click on the map: its menu opens there (screen
    /// pixels). Opened from the keyboard (the Menu key, Shift+F10), its first item is highlighted.
    case openMenu(at: Point, byKeyboard: Bool = false)
    /// The pointer or the arrow keys moved to an item of the menu (nil: to none).
    case highlightMenu(ContextMenu.Item?)
    /// An item of the menu chosen: done, and the menu closes.
    case chooseMenu(ContextMenu.Item)
    /// A click away from the menu, or Escape: it closes.
    case closeMenu
    /// F1 or `?` shows the card of keys and clicks; any key or a click puts it away.
    case toggleShortcuts
    /// "Download this area for offline use" (the menu, Ctrl+D) opens its card; × or Escape closes it.
    case openAreaPanel
    case closeAreaPanel
    /// The card's zoom range: its shallow and deep ends moved by these steps.
    case stepAreaZooms(from: Int, to: Int)
    /// The measured path changes ("Measure from here").
    case measure(RulerEdit)
    /// A found place made a pin (Enter on the search's marker): a Dropped
    /// Pin titled with the place's name.
    case dropNamedPin(Coordinate, title: String)
    /// Glide and zoom to a coordinate together (a search result).
    case fly(to: Coordinate, zoom: Double, duration: Double)
    /// The `P` key: shows or hides the coordinate and zoom readout.
    case togglePositionReadout
    /// A tap on a view that could have been dragged (a pin bounces).
    case tap(AnnotationView)
    case closeDetails
    /// Escape: closes the details panel if open, else deselects.
    case dismiss
    case dropPinAtUserLocation
    /// Arrow keys move a pin by this many screen pixels.
    case nudge(any MovableAnnotation, Point)
    /// The Delete key: the pin goes (undoably), and the map says so.
    case delete(any Annotation)
    case cancelDrag
    /// The pin editor opens on a pin (its callout's pencil, Enter or F2 on it, the details panel's Edit).
    case editPin(any EditablePin)
    /// The editor's Save: the pin takes this name and note (undoably), and its file is saved.
    case renamePin(any EditablePin, PinText)
    /// The editor's Cancel or Escape: it closes, the pin unchanged.
    case cancelPinEdit
    case undo
    case redo
    /// The open callout's control at this index in its body was tapped.
    case calloutControlTapped(Int)
    /// Something the map draws changed (a button looks pressed).
    case redraw
    /// Passed on to the surrounding program.
    case report(MapAction)
}

extension MapEffect {
    /// Zooms a whole level in or out about the centre, on from where a
    /// running zoom was heading (the `+` and `-` keys and buttons).
    static func stepZoom(by levels: Double, rig: CameraRig) -> MapEffect {
        .animate(.zoom(to: rig.targetZoom + levels, about: rig.camera.viewportSize.center),
                 duration: CameraRig.stepZoomDuration)
    }
}

extension MapEffect: Equatable {
    static func == (lhs: MapEffect, rhs: MapEffect) -> Bool {
        switch (lhs, rhs) {
        case (.pan(let a), .pan(let b)): a == b
        case (.drag(let a, let b), .drag(let c, let d)): a == c && b == d
        case (.twist(let a, let b, let c), .twist(let d, let e, let f)): a == d && b == e && c == f
        case (.spin(let a, let b), .spin(let c, let d)): a == c && b == d
        case (.pinch(let a, let b, let c), .pinch(let d, let e, let f)): a == d && b == e && c == f
        case (.animate(let a, let b), .animate(let c, let d)): a == c && b == d
        case (.glide(let a, let b), .glide(let c, let d)): a == c && b == d
        case (.coast(let a, let b), .coast(let c, let d)): a == c && b == d
        case (.select(let a, let p), .select(let b, let q)): a === b && p == q
        case (.tap(let a), .tap(let b)): a === b
        case (.calloutControlTapped(let a), .calloutControlTapped(let b)): a == b
        case (.report(let a), .report(let b)): a == b
        case (.resize(let a), .resize(let b)): a == b
        case (.nudge(let a, let p), .nudge(let b, let q)): a === b && p == q
        case (.openMenu(let a, let x), .openMenu(let b, let y)): a == b && x == y
        case (.highlightMenu(let a), .highlightMenu(let b)): a == b
        case (.chooseMenu(let a), .chooseMenu(let b)): a == b
        case (.measure(let a), .measure(let b)): a == b
        case (.stepAreaZooms(let a, let b), .stepAreaZooms(let c, let d)): a == c && b == d
        case (.dropNamedPin(let a, let p), .dropNamedPin(let b, let q)): a == b && p == q
        case (.fly(let a, let p, let x), .fly(let b, let q, let y)): a == b && p == q && x == y
        case (.delete(let a), .delete(let b)): a === b
        case (.editPin(let a), .editPin(let b)): a === b
        case (.renamePin(let a, let x), .renamePin(let b, let y)): a === b && x == y
        case (.selectOverlay(let a, let p), .selectOverlay(let b, let q)): a == b && p == q
        case (.chooseOverlay(let a), .chooseOverlay(let b)): a === b
        case (.stopCamera, .stopCamera), (.resetToHome, .resetToHome), (.deselectAll, .deselectAll),
             (.closeDetails, .closeDetails), (.dismiss, .dismiss), (.dropPinAtUserLocation, .dropPinAtUserLocation),
             (.cancelDrag, .cancelDrag), (.cancelPinEdit, .cancelPinEdit), (.undo, .undo), (.togglePositionReadout, .togglePositionReadout), (.redo, .redo), (.redraw, .redraw), (.letGo, .letGo),
             (.closeMenu, .closeMenu), (.toggleShortcuts, .toggleShortcuts), (.openAreaPanel, .openAreaPanel),
             (.closeAreaPanel, .closeAreaPanel):
            true
        default:
            false
        }
    }
}
