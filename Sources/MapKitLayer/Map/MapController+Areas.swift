import MapEngine

/// "Download this area for offline use": the map shows the card and the
/// area's outline and reports what the user asks (`MapAction.showAreas`,
/// `.downloadArea`, `.stopAreaDownload`, `.updateArea`, `.deleteArea`);
/// the app does the work and tells the card how it goes.
///
///     map.offersAreaDownload = true           // the menu's item and Ctrl+D
///     map.areaPanel?.stage = .downloading(name: "Vaduz", progress: progress)
extension MapController {
    /// The card, while open; the app sets its `stage` and `areas`.
    package var areaPanel: AreaPanel? {
        get { input.areaPanel.panel }
        set {
            input.areaPanel.panel = newValue
            setNeedsDisplay()
        }
    }

    /// Opens the card for the view as it is (from its zoom to 14), or as a
    /// download under way left it; asks the app for the list of areas.
    func openAreaPanel() -> [MapAction] {
        chrome.menu = nil
        if input.areaPanel.panel == nil { input.areaPanel.panel = AreaPanel(zoom: camera.zoom, mostTiles: areaTileCap) }
        input.areaPanel.isShown = true
        setNeedsDisplay()
        return [.showAreas]
    }

    /// Closes the card; a download under way goes on, and the card shows it when opened again.
    func closeAreaPanel() {
        input.areaPanel.reset(at: clock)
        input.areaPanel.isShown = false
        if input.areaPanel.panel?.isDownloading != true { input.areaPanel.panel = nil }
        setNeedsDisplay()
    }

    /// Whether the card is on screen.
    package var showsAreaPanel: Bool { input.areaPanel.isShown && input.areaPanel.panel != nil }
}
