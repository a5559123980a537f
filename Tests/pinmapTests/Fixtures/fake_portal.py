#!/usr/bin/env python3
"""A stand-in for the XDG desktop portal's file dialog on the bus
DBUS_SESSION_BUS_ADDRESS names, for PortalFileChooserWindowTests.

    fake_portal.py ANSWER

OpenFile answers with its request's object path (from the caller's name
and its handle_token, as the portal makes it), then signals Response on it:
the file:// URI of ANSWER, or "cancel" for a dialog closed without a file.
It prints "ready" once it owns org.freedesktop.portal.Desktop, and each
call's title and filters to stderr.
"""
import sys
import urllib.parse
from gi.repository import Gio, GLib

XML = """
<node>
  <interface name='org.freedesktop.portal.FileChooser'>
    <method name='OpenFile'>
      <arg type='s' name='parent_window' direction='in'/>
      <arg type='s' name='title' direction='in'/>
      <arg type='a{sv}' name='options' direction='in'/>
      <arg type='o' name='handle' direction='out'/>
    </method>
  </interface>
</node>
"""
answer = sys.argv[1]
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def respond(path):
    if answer == "cancel":
        body = GLib.Variant("(ua{sv})", (1, {}))
    else:
        uri = "file://" + urllib.parse.quote(answer)
        body = GLib.Variant("(ua{sv})", (0, {"uris": GLib.Variant("as", [uri])}))
    bus.emit_signal(None, path, "org.freedesktop.portal.Request", "Response", body)
    return False


def call(connection, sender, path, interface, method, parameters, invocation):
    parent, title, options = parameters.unpack()
    filters = options.get("filters", [])
    print(f"title={title} filters={filters}", file=sys.stderr, flush=True)
    request = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), options["handle_token"])
    invocation.return_value(GLib.Variant("(o)", (request,)))
    GLib.timeout_add(200, respond, request)


node = Gio.DBusNodeInfo.new_for_xml(XML)
bus.register_object("/org/freedesktop/portal/desktop", node.interfaces[0], call, None, None)


def owned(*_):
    print("ready", flush=True)


Gio.bus_own_name_on_connection(bus, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE, owned, None)
GLib.MainLoop().run()
