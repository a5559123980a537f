#include <zlib.h>

/* inflateInit2 is a macro; Swift cannot call it. */
static inline int pinmap_inflate_init(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
