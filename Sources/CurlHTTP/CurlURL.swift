import CCurl

/// The host and port of a URL as libcurl itself parses it (its URL API), so messages name
/// exactly the host libcurl tried.
struct CurlURL: Hashable {
    /// Host name or address; IPv6 addresses keep their brackets.
    let host: String
    /// The explicit port, or the scheme's default.
    let port: Int?

    init?(_ string: String) {
        guard let url = curl_url() else { return nil }
        defer { curl_url_cleanup(url) }
        guard curl_url_set(url, CURLUPART_URL, string, 0) == CURLUE_OK else { return nil }
        guard let host = Self.part(CURLUPART_HOST, of: url, flags: 0) else { return nil }
        self.host = host
        port = Self.part(CURLUPART_PORT, of: url, flags: UInt32(CURLU_DEFAULT_PORT))
            .flatMap { Int($0) }
    }

    /// RFC 6761 §6.4: `invalid` and every name under it never resolve.
    static func isSpecialInvalidName(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name == "invalid" || name.hasSuffix(".invalid")
    }

    private static func part(_ which: CURLUPart, of url: OpaquePointer, flags: UInt32)
        -> String?
    {
        var text: UnsafeMutablePointer<CChar>?
        guard curl_url_get(url, which, &text, flags) == CURLUE_OK, let text else { return nil }
        defer { curl_free(text) }
        return String(cString: text)
    }
}
