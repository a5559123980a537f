// See include/desktop.h.
#include "desktop.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

struct globals {
    int seat;
};

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)registry;
    (void)name;
    (void)version;
    if (strcmp(interface, "wl_seat") == 0) ((struct globals *)data)->seat = 1;
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener listener = {global, global_remove};

int pinmap_wayland_has_seat(const char *name) {
    struct wl_display *display = wl_display_connect(name);
    if (!display) return -1;
    struct globals found = {0};
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &listener, &found);
    int answered = wl_display_roundtrip(display) >= 0;
    wl_registry_destroy(registry);
    wl_display_disconnect(display);
    return answered ? found.seat : -1;
}

double pinmap_x11_xft_dpi(const char *name) {
    void *x11 = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (!x11) return 0;
    void *(*open_display)(const char *) = (void *(*)(const char *))dlsym(x11, "XOpenDisplay");
    char *(*resources)(void *) = (char *(*)(void *))dlsym(x11, "XResourceManagerString");
    int (*close_display)(void *) = (int (*)(void *))dlsym(x11, "XCloseDisplay");
    double dpi = 0;
    void *display = open_display && resources && close_display ? open_display(name) : NULL;
    if (display) {
        const char *text = resources(display);
        // Lines of "name:\tvalue"; the last Xft.dpi wins, as in xrdb's database.
        for (const char *line = text; line && *line;) {
            const char *end = strchr(line, '\n');
            size_t length = end ? (size_t)(end - line) : strlen(line);
            if (length > 8 && strncmp(line, "Xft.dpi:", 8) == 0) {
                char value[32] = {0};
                size_t n = length - 8 < sizeof value - 1 ? length - 8 : sizeof value - 1;
                memcpy(value, line + 8, n);
                dpi = strtod(value, NULL);
            }
            line = end ? end + 1 : NULL;
        }
        close_display(display);
    }
    dlclose(x11);
    return dpi;
}
