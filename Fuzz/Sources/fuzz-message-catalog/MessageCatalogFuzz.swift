import FuzzSupport
import Localization

// A translation catalog as the kiosk reads one: the bytes as a .mo file (`MessageCatalog`),
// every message looked up, every plural form picked and every placeholder filled; and the
// same bytes as text, read as a Plural-Forms header and as placeholders.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    MessageCatalogFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum MessageCatalogFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    /// Counts that reach every branch of real plural rules, and the extremes.
    static let counts = [
        0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 101, 111, 1_000_000, -1, Int.max, Int.min,
    ]

    static func test(_ bytes: [UInt8]) {
        catalog(bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        pluralRule(text)
        placeholders(text)
    }

    static func catalog(_ bytes: [UInt8]) {
        let catalog: MessageCatalog
        do {
            catalog = try MessageCatalog(mo: bytes)
        } catch {
            guard error.description.hasPrefix("the catalog ") else {
                fuzzFailure("an error that is not a sentence about the catalog: \(error)")
            }
            return
        }
        for count in counts {
            let form = catalog.pluralRule.form(for: count)
            guard form >= 0, form < catalog.pluralRule.count else {
                fuzzFailure("form \(form) of \(catalog.pluralRule.count) for \(count)")
            }
        }
        for message in catalog.messages.prefix(200) {
            _ = catalog.translation(of: message.id, context: message.context)
            for count in counts.prefix(4) {
                _ = catalog.translation(
                    ofPlural: message.id, count: count, context: message.context)
            }
            let values = Dictionary(
                Placeholders.names(in: message.id).map { ($0, "x") },
                uniquingKeysWith: { a, _ in a })
            guard Placeholders.fill(message.id, values) != nil else {
                fuzzFailure(
                    "the placeholders of \(message.id) could not be filled from their names")
            }
        }
    }

    static func pluralRule(_ text: String) {
        let rule: PluralRule
        do {
            rule = try PluralRule(header: text)
        } catch {
            guard error.description.hasPrefix("the plural expression ") else {
                fuzzFailure("an error that is not a sentence about the expression: \(error)")
            }
            return
        }
        for count in counts where !(0..<rule.count).contains(rule.form(for: count)) {
            fuzzFailure("a form out of range for \(count)")
        }
    }

    static func placeholders(_ text: String) {
        let names = Placeholders.names(in: text)
        let values = Dictionary(names.map { ($0, "<\($0)>") }, uniquingKeysWith: { a, _ in a })
        guard let filled = Placeholders.fill(text, values) else {
            fuzzFailure("placeholders named but not filled")
        }
        // Filling with nothing fails exactly when there is a placeholder.
        guard (Placeholders.fill(text, [:]) == nil) == !names.isEmpty else {
            fuzzFailure("an empty fill disagrees with the names")
        }
        _ = filled
    }
}
