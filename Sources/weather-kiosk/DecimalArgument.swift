import ArgumentParser
import KioskCore

/// A number option typed in decimal: `--lat -33.9`. Swift's own parsing would take
/// `--lat 0x10` as 16 and `nan` or `inf` as numbers.
struct DecimalArgument: ExpressibleByArgument {
    /// The number.
    var value: Double

    init?(argument: String) {
        guard let value = DecimalText.number(argument) else { return nil }
        self.value = value
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
