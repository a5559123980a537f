import Testing
@testable import MapEngine

/// `feature-state`: what the app has set on a feature, read by name.
@Suite struct FeatureStateTests {
    @Test func featureStateIsReadByNameAndIsNullWhenUnset() throws {
        let hover = try StyleTestSupport.expression(#"["case", ["boolean", ["feature-state", "hover"], false], 1, 0.5]"#)
        var context = StyleContext(zoom: 10)
        #expect(hover.evaluate(context) == .number(0.5))
        context.featureState["hover"] = .bool(true)
        #expect(hover.evaluate(context) == .number(1))
    }
}
