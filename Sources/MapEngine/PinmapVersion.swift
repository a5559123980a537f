/// pinmap's version, for `--version` and the User-Agent of tile requests.
package enum PinmapVersion {
    /// This version, semantic (see CHANGELOG.md).
    package static let current = "0.8.0"
}
