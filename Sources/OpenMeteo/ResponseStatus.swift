import FoundationEssentials
import KioskCore

/// Open-Meteo's error body: `{"error": true, "reason": "..."}`.
struct ErrorBody: Decodable {
    var error: Bool?
    var reason: String?

    /// The reason of an error body, or nil when `body` is not one.
    static func reason(in body: [UInt8]) -> String? {
        do {
            let decoded = try JSONDecoder().decode(ErrorBody.self, from: Data(body))
            return decoded.reason
        } catch {
            // Not an error body (an HTML page, a bare text): the caller reports the status.
            return nil
        }
    }
}

/// The body of `response` when its status is 200; otherwise the error its status and body
/// describe.
/// - Throws: `OpenMeteoError` for every status but 200.
func successfulBody(of response: HTTPResponse, host: String) throws(OpenMeteoError) -> [UInt8] {
    switch response.status {
    case 200:
        return response.body
    case 400:
        let reason = ErrorBody.reason(in: response.body) ?? "HTTP 400 without a reason"
        throw OpenMeteoError(.rejected(reason: reason), host: host)
    case 429:
        let reason = ErrorBody.reason(in: response.body) ?? ""
        throw OpenMeteoError(
            .rateLimited(window: RateLimitWindow(reason: reason), reason: reason), host: host)
    case 503:
        throw OpenMeteoError(.overloaded, host: host)
    case 500...599:
        throw OpenMeteoError(.serverError(status: response.status), host: host)
    default:
        throw OpenMeteoError(
            .unexpectedStatus(status: response.status, reason: ErrorBody.reason(in: response.body)),
            host: host)
    }
}

/// Decodes `type` from a JSON body, turning every decoding failure into a malformed-response
/// error that says where the body went wrong.
/// - Throws: `OpenMeteoError` of kind `.malformedResponse`.
func decodeJSON<Value: Decodable>(
    _ type: Value.Type, from body: [UInt8], host: String
) throws(OpenMeteoError) -> Value {
    switch JSONBody.decode(type, from: body) {
    case .success(let value):
        return value
    case .failure(let problem):
        throw OpenMeteoError(.malformedResponse(detail: problem.detail), host: host)
    }
}
