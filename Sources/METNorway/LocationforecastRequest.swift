public import KioskCore

/// Which Locationforecast 2.0 answer to ask for.
///
/// The kiosk asks for `complete`: the pages show the chance of precipitation (the hourly
/// page, the outlook in `forecast`) and a 3-day outlook whose last day is past MET Norway's
/// hourly steps, and only `complete` has `probability_of_precipitation` (where MET Norway's
/// models give it) and the 6-hour `air_temperature_max`/`_min` that make those days' highs
/// and lows true ones rather than the highest of four 6-hourly values. It costs about 1.6
/// times the bytes, and only while Open-Meteo fails: the recorded answers of 20 July 2020 came
/// as 4.3 KB of gzip (`complete`, London) against 2.6 KB (`compact`, New York).
public enum LocationforecastProduct: String, Sendable, Hashable, CaseIterable {
    /// The most used variables: temperature, pressure, humidity, wind, clouds, symbols and
    /// precipitation amounts.
    case compact
    /// Everything: also percentiles, dew point, fog, UV, gusts, 6-hour extremes and, where
    /// available, the chance of precipitation and of thunder.
    case complete
}

/// One Locationforecast request: `{base}/{product}?lat=&lon=[&altitude=]`, as MET Norway's
/// terms want it: coordinates with at most 4 decimals (more get 403 and defeat its cache),
/// the altitude in whole metres, a User-Agent naming the owner's contact, and
/// `If-Modified-Since` with the exact `Last-Modified` of the answer the kiosk keeps.
public struct LocationforecastRequest: Sendable, Hashable {
    /// `forecast.fallback_url`'s default.
    public static let defaultBaseURL = "https://api.met.no/weatherapi/locationforecast/2.0"
    /// Decimals of a coordinate MET Norway accepts.
    public static let coordinateDecimals = 4

    /// Where.
    public var coordinate: Coordinate
    /// Metres above sea level, when known.
    public var altitude: Double?
    /// Which answer.
    public var product: LocationforecastProduct

    /// Creates a request.
    public init(
        coordinate: Coordinate, altitude: Double? = nil,
        product: LocationforecastProduct = .complete
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.product = product
    }

    /// The URL under `baseURL` (`forecast.fallback_url`, trailing slash or not).
    public func url(baseURL: String) -> String {
        var base = Substring(baseURL)
        while let last = base.last, last == "/" || last.isWhitespace { base.removeLast() }
        while let first = base.first, first.isWhitespace { base.removeFirst() }
        let decimals = Self.coordinateDecimals
        var query =
            "lat=\(DecimalText.plain(coordinate.latitude, fractionDigits: decimals))"
            + "&lon=\(DecimalText.plain(coordinate.longitude, fractionDigits: decimals))"
        if let altitude, altitude.isFinite, altitude.magnitude < 100_000 {
            query += "&altitude=\(Int(altitude.rounded()))"
        }
        return "\(base)/\(product.rawValue)?\(query)"
    }

    /// The HTTP request: the URL, `Accept: application/json`, the validators of the cached
    /// answer (`If-Modified-Since` with its exact `Last-Modified`), and the User-Agent with
    /// the owner's `contact` (the transport adds `Accept-Encoding: gzip`).
    public func httpRequest(baseURL: String, contact: String, validity: ConditionalRequest)
        -> HTTPRequest
    {
        HTTPRequest(
            url: url(baseURL: baseURL),
            headers: [HTTPHeader(name: "Accept", value: "application/json")] + validity.headers,
            userAgent: KioskVersion.userAgent(contact: contact))
    }
}

extension LocationforecastRequest {
    /// `url` as a sentence shows it: without its query (only the place's coordinates) or
    /// fragment. MET Norway takes no key, so nothing else in it is secret.
    static func shown(_ url: String) -> String {
        String(url.prefix { $0 != "?" && $0 != "#" })
    }
}
