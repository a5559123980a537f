/// The base plane's commands as last built, with what they were built
/// from: while the map pans within the plane and nothing under it changed
/// (no tile came or went, no label was placed or faded, no overlay
/// changed), a frame takes them as they are instead of laying out every
/// tile and label of the plane again, and a renderer that compares them
/// with the ones its picture holds finds them the same array at once.
/// Keeping them changes nothing a frame shows: the same inputs give the
/// same commands.
@MainActor
package final class BasePlaneMemo {
    /// What the commands depend on.
    package struct Inputs: Equatable {
        var camera: Camera
        var levels: ClosedRange<Int>
        var atRest: Bool
        var withLabels: Bool
        var tiles: Int
        var labels: Int
        var overlays: Int

        /// Every stored field, as the memberwise initialiser takes them.
        package init(camera: Camera, levels: ClosedRange<Int>, atRest: Bool, withLabels: Bool, tiles: Int, labels: Int, overlays: Int) {
            self.camera = camera
            self.levels = levels
            self.atRest = atRest
            self.withLabels = withLabels
            self.tiles = tiles
            self.labels = labels
            self.overlays = overlays
        }
    }

    private var kept: (inputs: Inputs, commands: [DrawCommand], tilesCover: Bool)?

    package init() {}

    /// The commands built for `inputs` (nil: they may not be kept), taken from the last build when it had the same inputs.
    package func commands(for inputs: Inputs?, build: () -> (commands: [DrawCommand], tilesCover: Bool)) -> (commands: [DrawCommand], tilesCover: Bool) {
        if let inputs, let kept, kept.inputs == inputs { return (kept.commands, kept.tilesCover) }
        let built = build()
        kept = inputs.map { ($0, built.commands, built.tilesCover) }
        return built
    }
}
