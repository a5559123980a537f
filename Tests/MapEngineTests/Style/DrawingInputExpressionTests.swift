import Testing
@testable import MapEngine

/// The inputs only the drawing knows: `heatmap-density`, `line-progress`
/// and `elevation`, read from the context, zoom- and feature-constant.
@Suite struct DrawingInputExpressionTests {
    @Test(arguments: [("heatmap-density", StyleExpression.DrawingInput.heatmapDensity), ("line-progress", .lineProgress),
                      ("elevation", .elevation)])
    func anInputIsReadFromTheDrawing(name: String, input: StyleExpression.DrawingInput) throws {
        let ramp = try StyleTestSupport.expression(#"["interpolate", ["linear"], ["\#(name)"], 0, 10, 1, 20]"#)
        var context = StyleContext(zoom: 5)
        #expect(ramp.evaluate(context) == .number(10), "0 where the drawing gives nothing")
        context.drawingInputs[input] = 0.25
        #expect(ramp.evaluate(context) == .number(12.5))
        #expect(!ramp.readsFeature)
        #expect(throws: StyleValueError.self) { try StyleTestSupport.expression(#"["\#(name)", 1]"#) }
    }
}
