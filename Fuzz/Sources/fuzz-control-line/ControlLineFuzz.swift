import FoundationEssentials
import FuzzSupport
import KioskCommands
import KioskControl
import KioskCore

// What a client writes to the control socket: split into lines as the server splits them,
// each line decoded as a request and made into the engine's `ControlCommand`, which must go
// back on the wire unchanged; a `show` command's city resolved against the favourites, as
// the engine does. Every error reply must be one line of JSON that reads back as the
// sentence it was made from.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ControlLineFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum ControlLineFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static let favourites = [
        City(
            name: "Rome", country: "Italy", coordinate: Coordinate(latitude: 41.9, longitude: 12.5)),
        City(name: "São Paulo", coordinate: Coordinate(latitude: -23.5, longitude: -46.6)),
        City(name: "Москва", coordinate: Coordinate(latitude: 55.75, longitude: 37.62)),
    ]

    private struct ErrorReply: Decodable, Equatable {
        var ok: Bool
        var error: String
    }

    static func test(_ bytes: [UInt8]) {
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            guard line.count <= ControlProtocol.maximumRequestBytes else { continue }
            let request: ControlRequest
            do {
                request = try ControlProtocol.decode(Array(line))
            } catch {
                checkErrorLine(error.message)
                continue
            }
            // The server's one step from the wire to the engine's door.
            let command: ControlCommand
            do throws(ControlCommandError) {
                command = try ControlCommand(request)
            } catch {
                checkErrorLine(error.message)
                continue
            }
            checkRoundTrip(command)
            switch command {
            case .show(let city):
                do {
                    let index = try CityCommands.resolve(city, in: favourites)
                    guard favourites.indices.contains(index - 1) else {
                        fuzzFailure("\"\(city)\" resolved to favourite \(index)")
                    }
                } catch let failure as CommandFailure {
                    checkErrorLine(failure.message)
                } catch {
                    fuzzFailure("resolve threw \(error)")
                }
            case .page(let page): _ = Page(rawValue: page.lowercased())
            default: break
            }
        }
    }

    /// A command the server accepted goes back on the wire as the CLI sends it (JSON with
    /// sorted keys) and reads back as the same command.
    static func checkRoundTrip(_ command: ControlCommand) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let line = Array(try encoder.encode(command.request))
            guard try ControlCommand(ControlProtocol.decode(line)) == command else {
                fuzzFailure("\(command) changed on its way through the wire")
            }
        } catch {
            fuzzFailure("\(command) does not go back through the wire: \(error)")
        }
    }

    /// The error reply for `message` is one line that decodes back to it.
    static func checkErrorLine(_ message: String) {
        let line = ControlProtocol.errorLine(message)
        guard line.last == UInt8(ascii: "\n"), line.dropLast().firstIndex(of: 0x0A) == nil else {
            fuzzFailure("the error reply is not one line: \(message)")
        }
        let decoded = try? JSONDecoder().decode(ErrorReply.self, from: Data(line.dropLast()))
        guard decoded == ErrorReply(ok: false, error: message) else {
            fuzzFailure(
                "the error reply does not read back: \(String(decoding: line, as: UTF8.self))")
        }
    }
}
