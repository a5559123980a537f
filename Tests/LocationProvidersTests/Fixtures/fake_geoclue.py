#!/usr/bin/env python3
"""A stand-in for GeoClue 2 on the bus DBUS_SYSTEM_BUS_ADDRESS names, for
GeoClueProviderTests: one manager, one client, one location.

    fake_geoclue.py LATITUDE LONGITUDE ACCURACY

It hands out the client, refuses Start until DesktopId is set (as GeoClue
does), and on Start signals LocationUpdated for the location. It prints
"ready" once it owns org.freedesktop.GeoClue2, and what clients did to
stderr.
"""
import sys
from gi.repository import Gio, GLib

XML = """
<node>
  <interface name='org.freedesktop.GeoClue2.Manager'>
    <method name='GetClient'><arg type='o' direction='out'/></method>
  </interface>
  <interface name='org.freedesktop.GeoClue2.Client'>
    <method name='Start'/>
    <method name='Stop'/>
    <property name='DesktopId' type='s' access='readwrite'/>
    <property name='RequestedAccuracyLevel' type='u' access='readwrite'/>
    <property name='Location' type='o' access='read'/>
    <signal name='LocationUpdated'><arg type='o'/><arg type='o'/></signal>
  </interface>
  <interface name='org.freedesktop.GeoClue2.Location'>
    <property name='Latitude' type='d' access='read'/>
    <property name='Longitude' type='d' access='read'/>
    <property name='Accuracy' type='d' access='read'/>
    <property name='Description' type='s' access='read'/>
  </interface>
</node>
"""
MANAGER = "/org/freedesktop/GeoClue2/Manager"
CLIENT = "/org/freedesktop/GeoClue2/Client/1"
LOCATION = "/org/freedesktop/GeoClue2/Client/1/Location/1"
latitude, longitude, accuracy = (float(x) for x in sys.argv[1:4])
state = {"DesktopId": "", "RequestedAccuracyLevel": 0, "Location": "/"}
node = Gio.DBusNodeInfo.new_for_xml(XML)
connection = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)


def manager_call(conn, sender, path, iface, method, params, invocation):
    invocation.return_value(GLib.Variant("(o)", (CLIENT,)))


def client_call(conn, sender, path, iface, method, params, invocation):
    if method == "Start":
        if not state["DesktopId"]:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.AccessDenied", "no DesktopId")
            return
        print("start " + state["DesktopId"] + " " + str(state["RequestedAccuracyLevel"]), file=sys.stderr, flush=True)
        invocation.return_value(None)

        def signal():
            state["Location"] = LOCATION
            conn.emit_signal(None, CLIENT, "org.freedesktop.GeoClue2.Client", "LocationUpdated",
                             GLib.Variant("(oo)", ("/", LOCATION)))
            return False
        GLib.timeout_add(200, signal)
    else:
        invocation.return_value(None)


def client_get(conn, sender, path, iface, name):
    kinds = {"DesktopId": "s", "RequestedAccuracyLevel": "u", "Location": "o"}
    return GLib.Variant(kinds[name], state[name])


def client_set(conn, sender, path, iface, name, value):
    state[name] = value.unpack()
    return True


def location_get(conn, sender, path, iface, name):
    return {"Latitude": GLib.Variant("d", latitude), "Longitude": GLib.Variant("d", longitude),
            "Accuracy": GLib.Variant("d", accuracy), "Description": GLib.Variant("s", "fake")}[name]


connection.register_object(MANAGER, node.interfaces[0], manager_call, None, None)
connection.register_object(CLIENT, node.interfaces[1], client_call, client_get, client_set)
connection.register_object(LOCATION, node.interfaces[2], None, location_get, None)


def acquired(conn, name):
    print("ready", flush=True)


Gio.bus_own_name_on_connection(connection, "org.freedesktop.GeoClue2", Gio.BusNameOwnerFlags.NONE, acquired, None)
GLib.MainLoop().run()
