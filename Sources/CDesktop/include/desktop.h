// What the desktop says before SDL starts: whether a Wayland compositor
// offers a seat (SDL 2.26 crashes in Wayland_InitMouse on one without:
// libsdl-org/SDL#8898), and the X server's Xft.dpi resource.
#ifndef PINMAP_DESKTOP_H
#define PINMAP_DESKTOP_H

/// Connects to the Wayland display `name` (NULL: $WAYLAND_DISPLAY) and
/// lists its globals: 1 when it offers a wl_seat, 0 when it offers none,
/// -1 when no compositor answers there.
int pinmap_wayland_has_seat(const char *name);

/// The X server's `Xft.dpi` resource (from its RESOURCE_MANAGER property,
/// as xrdb sets it), read through libX11 loaded at run time: 0 when there
/// is no X display, no libX11 or no such resource.
double pinmap_x11_xft_dpi(const char *display);

#endif
