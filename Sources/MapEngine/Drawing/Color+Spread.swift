extension Color {
    /// The colour at `t` (0 to 1) along `colors` spread evenly, blended
    /// between neighbours: a colour ramp.
    ///
    ///     Color.along([.blue, .red], at: 0.5)   // purple
    public static func along(_ colors: [Color], at t: Double) -> Color {
        guard colors.count > 1 else { return colors.first ?? Color(hex: 0) }
        let scaled = min(max(t, 0), 1) * Double(colors.count - 1)
        let i = min(Int(scaled), colors.count - 2)
        let f = scaled - Double(i)
        return colors[i].mixed(with: colors[i + 1], by: f)
    }

    /// This colour moved `t` (0 to 1) of the way to `other`, alpha too.
    public func mixed(with other: Color, by t: Double) -> Color {
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Color(rgba: mix(red, other.red), mix(green, other.green), mix(blue, other.blue),
                     mix(alpha, other.alpha))
    }
}
