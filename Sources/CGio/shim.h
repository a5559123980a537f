// The part of GIO's D-Bus client that pinmap calls to ask the desktop's
// file dialog (the XDG desktop portal's FileChooser) for a file.
//
// GIO's headers need GLib's include folders, which only pkg-config knows,
// and gio-2.0.pc's flags carry -pthread, which SwiftPM refuses with a warning
// on every build. So the functions are declared here, as gio-2.0, gobject-2.0
// and glib-2.0 (2.56 and later) export them. Objects are opaque pointers;
// the variadic constructors of GVariant are not used (Swift cannot call them).
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct _GDBusConnection GDBusConnection;
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
typedef struct _GVariantBuilder GVariantBuilder;
typedef struct _GMainContext GMainContext;
typedef struct _GCancellable GCancellable;
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} GError;

typedef void (*GDBusSignalCallback)(GDBusConnection *connection, const char *sender, const char *object_path,
                                    const char *interface_name, const char *signal_name, GVariant *parameters,
                                    void *user_data);

/// GDBusConnectionFlags: a client that authenticates and says hello to the bus.
static const int PINMAP_G_DBUS_CONNECTION_FLAGS_CLIENT_BUS = (1 << 0) | (1 << 3);

// GLib
void g_error_free(GError *error);
GMainContext *g_main_context_new(void);
void g_main_context_push_thread_default(GMainContext *context);
void g_main_context_pop_thread_default(GMainContext *context);
int g_main_context_iteration(GMainContext *context, int may_block);
void g_main_context_unref(GMainContext *context);

// GVariant
GVariantType *g_variant_type_new(const char *type_string);
void g_variant_type_free(GVariantType *type);
GVariant *g_variant_new_string(const char *string);
GVariant *g_variant_new_bytestring(const char *string);
GVariant *g_variant_new_uint32(uint32_t value);
GVariant *g_variant_new_variant(GVariant *value);
GVariant *g_variant_new_tuple(GVariant *const *children, size_t count);
GVariant *g_variant_new_array(const GVariantType *child_type, GVariant *const *children, size_t count);
GVariant *g_variant_new_dict_entry(GVariant *key, GVariant *value);
GVariant *g_variant_get_child_value(GVariant *value, size_t index);
size_t g_variant_n_children(GVariant *value);
const char *g_variant_get_string(GVariant *value, size_t *length);
uint32_t g_variant_get_uint32(GVariant *value);
GVariant *g_variant_get_variant(GVariant *value);
const char *g_variant_get_type_string(GVariant *value);
void g_variant_unref(GVariant *value);

// GObject
void g_object_unref(void *object);

// GIO: D-Bus
GDBusConnection *g_dbus_connection_new_for_address_sync(const char *address, int flags, void *observer,
                                                         GCancellable *cancellable, GError **error);
const char *g_dbus_connection_get_unique_name(GDBusConnection *connection);
unsigned int g_dbus_connection_signal_subscribe(GDBusConnection *connection, const char *sender,
                                                const char *interface_name, const char *member,
                                                const char *object_path, const char *arg0, int flags,
                                                GDBusSignalCallback callback, void *user_data,
                                                void (*user_data_free_func)(void *data));
void g_dbus_connection_signal_unsubscribe(GDBusConnection *connection, unsigned int subscription_id);
GVariant *g_dbus_connection_call_sync(GDBusConnection *connection, const char *bus_name, const char *object_path,
                                      const char *interface_name, const char *method_name, GVariant *parameters,
                                      const GVariantType *reply_type, int flags, int timeout_msec,
                                      GCancellable *cancellable, GError **error);
