// libcurl's easy API for the tile fetcher. curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call: these typed
// wrappers can be.
#include <curl/curl.h>

typedef size_t (*pinmap_curl_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode pinmap_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode pinmap_curl_set_text(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode pinmap_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode pinmap_curl_set_callback(CURL *handle, CURLoption option, pinmap_curl_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline long pinmap_curl_status(CURL *handle) {
    long status = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
    return status;
}

static inline long pinmap_curl_redirects(CURL *handle) {
    long count = 0;
    curl_easy_getinfo(handle, CURLINFO_REDIRECT_COUNT, &count);
    return count;
}
