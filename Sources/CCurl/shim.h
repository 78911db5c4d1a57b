// Typed wrappers for what Swift cannot import from libcurl: curl_easy_setopt and
// curl_easy_getinfo are variadic, and some constants are macros.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

static inline CURLcode CCurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*CCurl_write_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode CCurl_setopt_write_function(CURL *handle, CCurl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

typedef int (*CCurl_progress_callback)(void *context, curl_off_t download_total,
                                       curl_off_t download_now, curl_off_t upload_total,
                                       curl_off_t upload_now);
static inline CURLcode CCurl_setopt_progress_function(CURL *handle,
                                                      CCurl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode CCurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode CCurl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode CCurl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

typedef int (*CCurl_resolver_start_callback)(void *resolver_state, void *reserved, void *context);
static inline CURLcode CCurl_setopt_resolver_start_function(CURL *handle,
                                                            CCurl_resolver_start_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_RESOLVER_START_FUNCTION, callback);
}

// The next header field of the last response (after redirects), or NULL after the last one:
// CURLH_HEADER is a macro, and request -1 means the final request of the transfer.
static inline struct curl_header *CCurl_next_response_header(CURL *handle,
                                                             struct curl_header *previous) {
    return curl_easy_nextheader(handle, CURLH_HEADER, -1, previous);
}

// CURL_GLOBAL_DEFAULT is a macro built from other macros.
static inline CURLcode CCurl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

// CURL_ERROR_SIZE is a macro: the size of the buffer CURLOPT_ERRORBUFFER needs.
static inline size_t CCurl_error_buffer_size(void) {
    return CURL_ERROR_SIZE;
}

#endif
