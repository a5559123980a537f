import MapEngine

/// Something the map asks of the program around it after an input event.
package enum MapAction: Equatable, Sendable {
    /// Close the window and end the run.
    case quit
    /// Annotations were moved by a drop, deleted, or put back by an undo or
    /// a redo: time to save.
    case annotationsChanged
    /// A callout's control was tapped: the annotation's identifier and the
    /// control's action (scripts read these from the app's stdout).
    case calloutAction(annotation: String, action: String)
    /// F11 was pressed: the window fills the screen, or leaves it.
    case toggleFullScreen
    /// Ctrl+O was pressed: the app offers a file to open.
    case openFile
    /// Ctrl+E (a PNG) or Ctrl+Shift+E (a PDF) was pressed: the app writes the view to a file.
    case export(ExportFormat)
    /// Ctrl+W, or "Close" in the map's menu: the file of the selected pin
    /// or track (else the one opened last) leaves the map (`SessionPolicy.close`).
    case closeFile
    /// Ctrl+1 … Ctrl+9: the app opens that file of its recent ones (0 the most recent).
    case openRecent(Int)
    /// Put this text on the clipboard (the map menu's "Copy" of a place's coordinates).
    case copyText(String)
    /// Ctrl+V in the pin editor: the app types the clipboard's text in (`.text`).
    case paste
    /// The card of areas for offline use opened: the app lists the areas
    /// downloaded (`MapController.areaPanel`'s `areas`).
    case showAreas
    /// "Download" on that card: the app downloads the area's tiles and
    /// tells the card how far it is (`stage`).
    case downloadArea(AreaPlan)
    /// "Stop" on that card: the app stops the download, keeping what came.
    case stopAreaDownload
    /// "Update" or "Delete" beside a downloaded area, by its name.
    case updateArea(String)
    case deleteArea(String)
}
