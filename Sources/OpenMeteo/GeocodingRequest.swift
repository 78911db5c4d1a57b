/// A `/v1/search` request: places whose name starts with `name`.
public struct GeocodingSearch: Sendable, Hashable {
    /// Names shorter than this find nothing: the API answers them with no results.
    public static let minimumNameLength = 2
    /// The API accepts 1…100 results per search.
    public static let countRange = 1...100

    /// The name to look for, for example "São Paulo".
    public var name: String
    /// How many results to ask for.
    public var count: Int
    /// ISO 3166-1 alpha-2 code that limits the search to one country, for example "IT".
    public var countryCode: String?
    /// Language of the returned names, for example "en".
    public var language: String
    /// A commercial API key, sent as `apikey=` when not empty.
    public var apiKey: String

    /// Creates a search.
    public init(
        name: String, count: Int = 10, countryCode: String? = nil, language: String = "en",
        apiKey: String = ""
    ) {
        self.name = name
        self.count = count
        self.countryCode = countryCode
        self.language = language
        self.apiKey = apiKey
    }

    /// Refuses locally what the API would refuse or answer with nothing: a name shorter than
    /// two characters, a count outside 1…100, a country code that is not two letters.
    /// - Throws: `OpenMeteoError` of kind `.invalidQuery`.
    public func validate() throws(OpenMeteoError) {
        let trimmed = trimmingWhitespace(name)
        guard trimmed.count >= Self.minimumNameLength else {
            throw OpenMeteoError(
                kind: .invalidQuery, host: "",
                message: trimmed.isEmpty
                    ? "A city search needs a name of at least 2 characters."
                    : "A city search needs at least 2 characters, and \"\(trimmed)\" has 1;"
                        + " type more of the name.")
        }
        guard Self.countRange.contains(count) else {
            throw OpenMeteoError(
                kind: .invalidQuery, host: "",
                message: "A city search asks for 1 to 100 results, not \(count).")
        }
        if let countryCode, normalisedCountryCode(countryCode) == nil {
            throw OpenMeteoError(
                kind: .invalidQuery, host: "",
                message: "The country \"\(countryCode)\" is not a two-letter ISO 3166 code;"
                    + " use one such as IT, DE or US.")
        }
    }

    /// The full URL under `geocodingURL` ("https://geocoding-api.open-meteo.com").
    public func url(geocodingURL: String) -> String {
        var query = QueryBuilder()
        query.append("name", trimmingWhitespace(name))
        query.append("count", String(count))
        query.append("language", language.isEmpty ? "en" : language)
        query.append("format", "json")
        if let code = countryCode.flatMap(normalisedCountryCode) {
            query.append("countryCode", code)
        }
        if !apiKey.isEmpty { query.append("apikey", apiKey) }
        return endpoint(geocodingURL, "/v1/search") + "?" + query.text
    }

    /// Decodes the body the API answered this search with, in the API's order. No `results`
    /// key means no match: an empty array.
    /// - Parameter host: names the server in error messages.
    /// - Throws: `OpenMeteoError` `.rejected` for an error body, `.malformedResponse` for a
    ///   body that is not a search result or a result without id, name or coordinates.
    public func decodeResponse(_ body: [UInt8], host: String) throws(OpenMeteoError)
        -> [GeocodingResult]
    {
        let search = try decodeJSON(SearchBody.self, from: body, host: host)
        if search.error == true {
            throw OpenMeteoError(.rejected(reason: search.reason ?? "no reason given"), host: host)
        }
        var results: [GeocodingResult] = []
        for (index, place) in (search.results ?? []).enumerated() {
            guard let place else {
                throw OpenMeteoError(
                    .malformedResponse(detail: "results[\(index)] is null"), host: host)
            }
            switch place.result() {
            case .success(let result):
                results.append(result)
            case .failure(let missing):
                throw OpenMeteoError(
                    .malformedResponse(detail: "results[\(index)].\(missing.name) is missing"),
                    host: host)
            }
        }
        return results
    }
}

/// A `/v1/get?id=` request: one place by its GeoNames id.
public struct GeocodingLookup: Sendable, Hashable {
    /// The GeoNames id, for example 3169070 for Rome.
    public var id: Int
    /// Language of the returned names, for example "en".
    public var language: String
    /// A commercial API key, sent as `apikey=` when not empty.
    public var apiKey: String

    /// Creates a lookup.
    public init(id: Int, language: String = "en", apiKey: String = "") {
        self.id = id
        self.language = language
        self.apiKey = apiKey
    }

    /// The full URL under `geocodingURL`.
    public func url(geocodingURL: String) -> String {
        var query = QueryBuilder()
        query.append("id", String(id))
        query.append("language", language.isEmpty ? "en" : language)
        query.append("format", "json")
        if !apiKey.isEmpty { query.append("apikey", apiKey) }
        return endpoint(geocodingURL, "/v1/get") + "?" + query.text
    }

    /// Decodes the bare place object the API answers with.
    /// - Throws: `OpenMeteoError` `.rejected` for an error body, `.malformedResponse` for
    ///   anything else that is not a place.
    public func decodeResponse(_ body: [UInt8], host: String) throws(OpenMeteoError)
        -> GeocodingResult
    {
        let place = try decodeJSON(PlaceBody.self, from: body, host: host)
        if place.error == true {
            throw OpenMeteoError(.rejected(reason: place.reason ?? "no reason given"), host: host)
        }
        switch place.result() {
        case .success(let result):
            return result
        case .failure(let missing):
            throw OpenMeteoError(
                .malformedResponse(detail: "\(missing.name) is missing"), host: host)
        }
    }
}

/// `code` trimmed and upper-cased when it is two ASCII letters; nil otherwise.
private func normalisedCountryCode(_ code: String) -> String? {
    let trimmed = trimmingWhitespace(code)
    guard trimmed.count == 2, trimmed.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return nil
    }
    return trimmed.uppercased()
}
