// HTTPTransport over libcurl.
import CCurl
