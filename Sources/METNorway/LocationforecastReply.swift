public import FoundationEssentials
public import KioskCore

/// What one Locationforecast exchange means for its place, as MET Norway's status codes
/// document it: 200 a forecast; 203 a forecast from a deprecated product (logged once, still
/// used); 304 the cached forecast still holds; 403 a User-Agent without a usable contact (or
/// a blocked address); 429 throttling; 5xx a failing service. Every failure is one sentence
/// that names the URL or the config key and says what to do.
public struct LocationforecastReply: Sendable {
    /// How long the kiosk waits after a 429 that names no `Retry-After`.
    public static let throttledPause: TimeInterval = 30 * 60

    /// The request that was sent.
    public var request: LocationforecastRequest
    /// The URL it went to.
    public var url: String
    /// The place it was for.
    public var place: ForecastPlace
    /// The units to decode into.
    public var units: ForecastUnits
    /// The owner's `contact`, as the User-Agent carried it.
    public var contact: String

    /// Creates a reply reader.
    public init(
        request: LocationforecastRequest, url: String, place: ForecastPlace,
        units: ForecastUnits, contact: String
    ) {
        self.request = request
        self.url = url
        self.place = place
        self.units = units
        self.contact = contact
    }

    /// The outcome of `response`, received at `now`, and a notice when it says the product
    /// is deprecated.
    public func outcome(of response: HTTPResponse, at now: Date)
        -> (ForecastOutcome, ForecastProviderNotice?)
    {
        var validity = place.validity
        validity.record(response, at: now)
        switch response.status {
        case 200, 203:
            let decoder = LocationforecastDecoder(place: place, units: units)
            let forecast: LocationForecast
            do {
                forecast = try decoder.decode(response.body, at: now)
            } catch {
                return (.failed(malformed(error.detail)), nil)
            }
            let notice = response.status == 203 ? deprecation : nil
            return (.forecast(forecast, validity: validity), notice)
        case 304:
            return (.notModified(validity: validity), nil)
        default:
            return (.failed(failure(status: response.status, response: response, at: now)), nil)
        }
    }

    /// The outcome when no response came.
    public func outcome(of error: HTTPTransportError) -> ForecastOutcome {
        let kind: ForecastFailure.Kind =
            error.kind == .cancelled ? .cancelled : .unreachable(error.kind)
        return .failed(
            ForecastFailure(
                kind: kind, provider: .metNorway, message: error.message,
                summary: error.kind.summary(host: "MET Norway")))
    }

    private var shownURL: String { LocationforecastRequest.shown(url) }

    private var coordinateText: String {
        let decimals = LocationforecastRequest.coordinateDecimals
        return DecimalText.plain(request.coordinate.latitude, fractionDigits: decimals) + ", "
            + DecimalText.plain(request.coordinate.longitude, fractionDigits: decimals)
    }

    private var deprecation: ForecastProviderNotice {
        ForecastProviderNotice(
            kind: .deprecated, provider: .metNorway,
            message:
                "MET Norway says \(shownURL) is deprecated (HTTP 203): the kiosk keeps using it, "
                + "but MET Norway will turn it off, so install a newer weather-kiosk or set "
                + "forecast.fallback_url to the product's successor.")
    }

    private func malformed(_ detail: String) -> ForecastFailure {
        ForecastFailure(
            kind: .malformed, provider: .metNorway,
            message:
                "The answer from \(shownURL) is not a Locationforecast (\(detail)); check "
                + "forecast.fallback_url in the config, or wait for the next try if it was cut off.",
            summary: "bad answer from MET Norway")
    }

    private func failure(status: Int, response: HTTPResponse, at now: Date) -> ForecastFailure {
        func make(_ kind: ForecastFailure.Kind, _ message: String, _ summary: String)
            -> ForecastFailure
        {
            ForecastFailure(kind: kind, provider: .metNorway, message: message, summary: summary)
        }
        switch status {
        case 401, 403:
            let why =
                contact.isEmpty
                ? "because it does not know who is asking: set the top-level contact key in the "
                    + "config to your e-mail address or web site, which goes into the "
                    + "User-Agent its terms require"
                : "although the User-Agent names the contact \"\(contact)\": check that it is "
                    + "a real e-mail address or web site, and write to MET Norway if this "
                    + "address was blocked"
            return make(
                .refused(status: status),
                "MET Norway refused the forecast request to \(shownURL) (HTTP \(status)) \(why).",
                "MET Norway refused (\(status))")
        case 429:
            var throttled = make(
                .rateLimited(daily: false),
                "MET Norway is throttling this address (HTTP 429 Too Many Requests at "
                    + "\(shownURL)): the kiosk asks less often, and nothing else on this "
                    + "network should poll api.met.no without a contact in its User-Agent.",
                "MET Norway throttled (429)")
            throttled.notBefore = now.addingTimeInterval(
                retryAfter(response) ?? Self.throttledPause)
            return throttled
        case 400, 404, 422:
            return make(
                .rejected(status: status),
                "MET Norway has no forecast for \(coordinateText) (HTTP \(status) from "
                    + "\(shownURL)): check the place's latitude and longitude in the config.",
                "MET Norway rejected (\(status))")
        case 500...599:
            return make(
                .serverError(status: status),
                "MET Norway at \(shownURL) failed with HTTP \(status).",
                "MET Norway error \(status)")
        default:
            return make(
                .rejected(status: status),
                "\(shownURL) answered HTTP \(status), which Locationforecast does not send; check "
                    + "forecast.fallback_url in the config.",
                "HTTP \(status) from MET Norway")
        }
    }

    /// Seconds a `Retry-After` header asks for, when it gives a number of them.
    private func retryAfter(_ response: HTTPResponse) -> TimeInterval? {
        guard let text = response.header("Retry-After"), let seconds = Int(text), seconds >= 0
        else { return nil }
        return TimeInterval(min(seconds, 24 * 3600))
    }
}
