public import KioskCore

extension HTTPRequest {
    /// What replaces a secret in a URL that is shown to people.
    public static let redactionMarker = "REDACTED"

    /// The request's URL with its secrets replaced, safe for messages and logs.
    public var redactedURL: String { Self.redactingSecrets(in: url) }

    /// Returns `url` with the value of every `apikey` query parameter (any case) and any
    /// `user:password@` part replaced by ``redactionMarker``; everything else is unchanged.
    ///
    /// Open-Meteo's commercial plans take the key as `apikey=` in the query, so a URL must
    /// pass through here before it reaches an error message, a log line or the screen.
    public static func redactingSecrets(in url: String) -> String {
        var head = Substring(url)
        var fragment: Substring = ""
        if let hash = head.firstIndex(of: "#") {
            fragment = head[hash...]
            head = head[..<hash]
        }
        var query: Substring?
        if let question = head.firstIndex(of: "?") {
            query = head[head.index(after: question)...]
            head = head[..<question]
        }
        var result = redactingUserInfo(in: head)
        if let query {
            result +=
                "?"
                + query.split(separator: "&", omittingEmptySubsequences: false)
                .map(redactingParameter).joined(separator: "&")
        }
        return result + fragment
    }

    /// `url` as a sentence shows it: scheme, host, port and path, without the query (a
    /// forecast query runs to hundreds of characters and may hold a key) or user info.
    public static func shortened(_ url: String) -> String {
        var head = Substring(url)
        if let cut = head.firstIndex(where: { $0 == "?" || $0 == "#" }) { head = head[..<cut] }
        return redactingUserInfo(in: head)
    }

    private static let secretParameterNames: Set<String> = ["apikey"]

    private static func redactingParameter(_ parameter: Substring) -> String {
        guard let equals = parameter.firstIndex(of: "=") else { return String(parameter) }
        let name = parameter[..<equals].lowercased()
        guard secretParameterNames.contains(name) else { return String(parameter) }
        return parameter[...equals] + redactionMarker
    }

    private static func redactingUserInfo(in head: Substring) -> String {
        guard let schemeEnd = head.firstRange(of: "://") else { return String(head) }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = head[authorityStart...].firstIndex(of: "/") ?? head.endIndex
        guard let at = head[authorityStart..<authorityEnd].lastIndex(of: "@") else {
            return String(head)
        }
        // Spelled out as Strings: Swift 6.2's type checker (the arm64 cross build's) does not
        // find a Substring + String + Substring overload here.
        return String(head[..<authorityStart]) + redactionMarker + String(head[at...])
    }
}
