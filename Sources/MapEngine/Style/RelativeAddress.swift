import Foundation

/// An address written relative to a document's (a TileJSON's tiles, a
/// style's sprite or sources) made absolute, with the `{z}`-style
/// placeholders a template holds kept as written.
///
///     RelativeAddress.resolve("tiles/{z}/{x}/{y}.pbf", against: URL(string: "https://a.example/v3.json"))
///     // "https://a.example/tiles/{z}/{x}/{y}.pbf"
package enum RelativeAddress {
    /// `address` taken from `base`; as it is when it is absolute already or there is no base.
    package static func resolve(_ address: String, against base: URL?) -> String {
        let escaped = address.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")
        guard let base, let relative = URL(string: escaped), relative.scheme == nil,
              let absolute = URL(string: escaped, relativeTo: base)?.absoluteString else { return address }
        return absolute.replacingOccurrences(of: "%7B", with: "{").replacingOccurrences(of: "%7D", with: "}")
    }
}
