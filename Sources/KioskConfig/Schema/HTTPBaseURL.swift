import KioskCore

/// Checks a base URL from the config (`forecast.base_url`, `forecast.geocoding_url`) before
/// any request is made with it: `http` or `https`, a host name, an IPv4 address or a
/// bracketed IPv6 address, an optional port from 1 to 65535, and a path without a query.
public enum HTTPBaseURL {
    /// What is wrong with `url`, as the end of a sentence that starts with the key; nil when
    /// it is a usable base URL.
    public static func problem(_ url: String) -> String? {
        let example = "such as \"https://api.open-meteo.com\""
        let shown = TOMLText.quoted(url)
        let rest: Substring
        if url.hasPrefix("https://") {
            rest = url.dropFirst(8)
        } else if url.hasPrefix("http://") {
            rest = url.dropFirst(7)
        } else {
            return "must be an http:// or https:// URL \(example), not \(shown)"
        }
        if rest.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            return "must not contain spaces or control characters, not \(shown)"
        }
        if rest.contains(where: { $0 == "?" || $0 == "#" }) {
            return "must be a base URL without a query or fragment \(example), not \(shown)"
        }
        let authority = rest.prefix { $0 != "/" }
        if authority.contains("@") {
            return "must not contain a user name or password, not \(shown)"
        }
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                return "has an IPv6 address without its closing \"]\": \(shown)"
            }
            let address = authority[authority.index(after: authority.startIndex)..<close]
            guard isIPv6(address) else {
                return "has \"[\(address)]\", which is not an IPv6 address, in \(shown)"
            }
            let after = authority[authority.index(after: close)...]
            if after.isEmpty {
                port = nil
            } else if after.first == ":" {
                port = after.dropFirst()
            } else {
                return "has something other than \":PORT\" after the IPv6 address in \(shown)"
            }
            host = address
        } else {
            if let colon = authority.firstIndex(of: ":") {
                host = authority[..<colon]
                port = authority[authority.index(after: colon)...]
            } else {
                host = authority
                port = nil
            }
            guard isHostName(host) else {
                return host.isEmpty
                    ? "needs a host name, as in \"https://api.open-meteo.com\", not \(shown)"
                    : "has \"\(host)\", which is not a host name or IPv4 address, in \(shown)"
            }
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy(\.isASCIIDigit),
                let number = Int(port), (1...65535).contains(number)
            else { return "has port \"\(port)\"; a port is a number from 1 to 65535: \(shown)" }
        }
        return nil
    }

    /// Letters, digits, hyphens and dots, in labels of 1 to 63 characters.
    static func isHostName(_ host: Substring) -> Bool {
        guard !host.isEmpty, host.count <= 253 else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCIIDigit || $0.isASCIILetter || $0 == "-" }
        }
    }

    /// Eight groups of 1 to 4 hex digits, "::" once for a run of zero groups, and an IPv4
    /// address in place of the last two groups; no zone index.
    static func isIPv6(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.count <= 45 else { return false }
        let halves = text.split(separator: "::", omittingEmptySubsequences: false).map(String.init)
        guard halves.count <= 2 else { return false }
        func groups(_ part: String) -> Int? {
            if part.isEmpty { return 0 }
            var count = 0
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, field) in fields.enumerated() {
                if index == fields.count - 1, field.contains(".") {
                    guard isIPv4(field) else { return nil }
                    count += 2
                } else {
                    guard (1...4).contains(field.count), field.allSatisfy(\.isASCIIHexDigit) else {
                        return nil
                    }
                    count += 1
                }
            }
            return count
        }
        guard let first = groups(halves[0]) else { return false }
        if halves.count == 1 { return first == 8 && !halves[0].hasSuffix(".") }
        guard let second = groups(halves[1]) else { return false }
        // An IPv4 tail is only allowed in the last half.
        if halves[0].contains(".") { return false }
        return first + second <= 7
    }

    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy(\.isASCIIDigit)
                    && (Int(part) ?? 256) <= 255
            }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIHexDigit: Bool {
        isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self)
    }
}
