import CGio
import Foundation

/// The desktop's own file dialog through the XDG desktop portal
/// (`org.freedesktop.portal.FileChooser` on the session bus), as Flatpak
/// and desktop apps ask for one on GNOME, KDE and Phosh: `OpenFile` is
/// called on a connection kept open until the portal's `Response` signal
/// comes on the request object, which names the file chosen.
///
///     switch PortalFileChooser.ask(title: "Open", filters: [("Tracks", ["*.gpx"])]) {
///     case .chosen(let path): open(path)          // nil: closed without a file
///     case .unavailable(let reason): useZenity(reason)
///     }
///
/// It blocks until the dialog closes: call it off the main thread.
enum PortalFileChooser {
    enum Outcome: Equatable {
        /// The file chosen, or nil when the dialog was closed without one.
        case chosen(String?)
        /// No portal answered (no session bus, no portal, no FileChooser in it): why.
        case unavailable(String)
    }

    /// Asks for one file. `filters` are named lists of glob patterns, the
    /// first chosen at first. `busAddress` is the session bus's (by default
    /// `sessionBus()`).
    static func ask(title: String, filters: [(name: String, patterns: [String])], folder: String? = nil,
                    busAddress: String? = sessionBus()) -> Outcome {
        guard let busAddress else { return .unavailable("no session bus") }
        // Signals are delivered to the context that was this thread's default when subscribing.
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        var error: UnsafeMutablePointer<GError>?
        let connection = g_dbus_connection_new_for_address_sync(busAddress, PINMAP_G_DBUS_CONNECTION_FLAGS_CLIENT_BUS, nil, nil, &error)
        guard let connection else { return .unavailable("the session bus at \(busAddress): \(take(&error))") }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        guard let unique = g_dbus_connection_get_unique_name(connection) else { return .unavailable("the session bus gave no name") }
        let token = "pinmap\(UInt32.random(in: 1...UInt32.max))"
        let sender = String(cString: unique).dropFirst().replacingOccurrences(of: ".", with: "_")
        let request = "/org/freedesktop/portal/desktop/request/\(sender)/\(token)"

        let answer = Answer()
        let box = Unmanaged.passRetained(answer)
        let subscription = g_dbus_connection_signal_subscribe(
            connection, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Request", "Response", request, nil, 0,
            { _, _, _, _, _, parameters, data in
                guard let parameters, let data else { return }
                Unmanaged<Answer>.fromOpaque(data).takeUnretainedValue().take(parameters)
            }, box.toOpaque(), { data in data.map { Unmanaged<Answer>.fromOpaque($0).release() } })
        defer { g_dbus_connection_signal_unsubscribe(connection, subscription) }

        let arguments = tuple([g_variant_new_string(""), g_variant_new_string(title), options(token: token, filters: filters, folder: folder)])
        let replyType = g_variant_type_new("(o)")
        defer { g_variant_type_free(replyType) }
        let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                                                "org.freedesktop.portal.FileChooser", "OpenFile", arguments, replyType, 0,
                                                30_000, nil, &error)
        guard let reply else { return .unavailable("the desktop portal has no file dialog: \(take(&error))") }
        g_variant_unref(reply)
        while !answer.isDone { g_main_context_iteration(context, 1) }
        return .chosen(answer.path)
    }

    /// The session bus's address: the environment's, else the desktop's
    /// usual socket in `XDG_RUNTIME_DIR`; nil without either (no bus is
    /// started for the asking).
    static func sessionBus(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") else { return nil }
        return "unix:path=\(runtime)/bus"
    }

    /// What the `Response` signal said: 0 and a `file://` URI for a file chosen.
    private final class Answer {
        var isDone = false
        var path: String?

        func take(_ parameters: OpaquePointer) {
            isDone = true
            guard g_variant_n_children(parameters) == 2 else { return }
            let code = g_variant_get_child_value(parameters, 0), results = g_variant_get_child_value(parameters, 1)
            defer { g_variant_unref(code); g_variant_unref(results) }
            guard g_variant_get_uint32(code) == 0 else { return }
            for index in 0..<g_variant_n_children(results) {
                let entry = g_variant_get_child_value(results, index)
                defer { g_variant_unref(entry) }
                let key = g_variant_get_child_value(entry, 0), boxed = g_variant_get_child_value(entry, 1)
                defer { g_variant_unref(key); g_variant_unref(boxed) }
                guard String(cString: g_variant_get_string(key, nil)) == "uris" else { continue }
                let uris = g_variant_get_variant(boxed)
                defer { g_variant_unref(uris) }
                guard String(cString: g_variant_get_type_string(uris)) == "as", g_variant_n_children(uris) > 0 else { continue }
                let first = g_variant_get_child_value(uris, 0)
                defer { g_variant_unref(first) }
                let uri = String(cString: g_variant_get_string(first, nil))
                path = URL(string: uri).flatMap { $0.isFileURL ? $0.path : nil }
            }
        }
    }

    /// `handle_token` (so the request's path is known before the call), the
    /// filters and the folder to start in (`current_folder`, a NUL-ended byte string), as `a{sv}`.
    private static func options(token: String, filters: [(name: String, patterns: [String])], folder: String?) -> OpaquePointer {
        let globs = filters.map { filter in
            tuple([g_variant_new_string(filter.name),
                   array("(us)", filter.patterns.map { tuple([g_variant_new_uint32(0), g_variant_new_string($0)]) })])
        }
        return array("{sv}", [
            g_variant_new_dict_entry(g_variant_new_string("handle_token"), g_variant_new_variant(g_variant_new_string(token))),
            g_variant_new_dict_entry(g_variant_new_string("filters"), g_variant_new_variant(array("(sa(us))", globs))),
        ] + (folder.map { [g_variant_new_dict_entry(g_variant_new_string("current_folder"),
                                                     g_variant_new_variant(g_variant_new_bytestring($0)))] } ?? []))
    }

    private static func tuple(_ children: [OpaquePointer?]) -> OpaquePointer {
        children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, $0.count) }
    }

    private static func array(_ type: String, _ children: [OpaquePointer?]) -> OpaquePointer {
        let childType = g_variant_type_new(type)
        defer { g_variant_type_free(childType) }
        return children.withUnsafeBufferPointer { g_variant_new_array(childType, $0.baseAddress, $0.count) }
    }

    /// The error's message, freed.
    private static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        guard let taken = error else { return "unknown error" }
        defer { g_error_free(taken); error = nil }
        return taken.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
