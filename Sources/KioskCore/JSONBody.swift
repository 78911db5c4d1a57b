import FoundationEssentials

/// Decoding a service's JSON answer, with a short account of where a bad body went wrong
/// ("hourly.time[3] has the wrong type", "not JSON at all") for the error sentence.
public enum JSONBody {
    /// Why a body did not decode, as the end of a sentence.
    public struct Problem: Error, Sendable, Hashable {
        /// "features[2].properties is missing".
        public var detail: String
    }

    /// `type` decoded from `body`, or what went wrong.
    public static func decode<Value: Decodable>(_ type: Value.Type, from body: [UInt8])
        -> Result<Value, Problem>
    {
        do {
            return .success(try JSONDecoder().decode(type, from: Data(body)))
        } catch let error as DecodingError {
            return .failure(Problem(detail: describe(error, body: body)))
        } catch {
            return .failure(Problem(detail: "\(error)"))
        }
    }

    /// The first byte of `body` that is not JSON whitespace.
    public static func firstSignificantByte(of body: [UInt8]) -> UInt8? {
        body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    /// A short account of a decoding failure: "hourly.time[3] has the wrong type".
    static func describe(_ error: DecodingError, body: [UInt8]) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let first = firstSignificantByte(of: body)
            let startsLikeJSON = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
            return startsLikeJSON ? "invalid or incomplete JSON" : "not JSON at all"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)) is unreadable"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type"
        @unknown default:
            return "\(error)"
        }
    }
}
