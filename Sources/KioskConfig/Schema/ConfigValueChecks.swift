import KioskCore

// Checks shared by the config keys: each returns the value or why it was refused.

/// Why a value was refused, worded to follow the key: "must be …, not …".
struct RefusedValue: Error {
    var text: String
}

/// What an integer key takes: "a whole number from 2 to 3600 seconds".
func integerRange(_ range: ClosedRange<Int>, unit: String = "") -> String {
    let unitText = unit.isEmpty ? "" : " \(unit)"
    return "a whole number from \(range.lowerBound) to \(range.upperBound)\(unitText)"
}

/// What a decimal key takes: "a number from -30 to 30 °C".
func floatRange(_ range: ClosedRange<Double>, unit: String = "") -> String {
    let unitText = unit.isEmpty ? "" : " \(unit)"
    return "a number from \(plain(range.lowerBound)) to \(plain(range.upperBound))\(unitText)"
}

/// What a choice key takes: `one of "celsius", "fahrenheit"`.
func choiceList<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> String
where Choice.RawValue == String {
    "one of " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
}

func checkInteger(_ value: ConfigValue, _ range: ClosedRange<Int>, unit: String = "")
    -> Result<Int, RefusedValue>
{
    let expected = integerRange(range, unit: unit)
    guard case .integer(let number) = value else {
        return .failure(
            RefusedValue(
                text: "must be \(expected), not \(value.typeDescription) (\(value.tomlLiteral))"))
    }
    guard range.contains(number) else {
        return .failure(RefusedValue(text: "must be \(expected), not \(number)"))
    }
    return .success(number)
}

func checkFloat(_ value: ConfigValue, _ range: ClosedRange<Double>, unit: String = "")
    -> Result<Double, RefusedValue>
{
    let expected = floatRange(range, unit: unit)
    let number: Double
    switch value {
    case .integer(let whole): number = Double(whole)
    case .float(let decimal): number = decimal
    default:
        return .failure(
            RefusedValue(
                text: "must be \(expected), not \(value.typeDescription) (\(value.tomlLiteral))"))
    }
    guard number.isFinite, range.contains(number) else {
        return .failure(RefusedValue(text: "must be \(expected), not \(plain(number))"))
    }
    return .success(number)
}

func checkString(_ value: ConfigValue) -> Result<String, RefusedValue> {
    guard case .string(let text) = value else {
        return .failure(
            RefusedValue(
                text:
                    "must be a string in quotes, not \(value.typeDescription) (\(value.tomlLiteral))"
            ))
    }
    return .success(text)
}

func checkChoice<Choice: RawRepresentable & CaseIterable>(_ value: ConfigValue, _: Choice.Type)
    -> Result<Choice, RefusedValue> where Choice.RawValue == String
{
    let names = Choice.allCases.map(\.rawValue)
    let expected = choiceList(Choice.self)
    guard case .string(let text) = value else {
        return .failure(
            RefusedValue(
                text: "must be \(expected), not \(value.typeDescription) (\(value.tomlLiteral))"))
    }
    guard let choice = Choice(rawValue: text) else {
        var message = "must be \(expected), not \"\(text)\""
        if let suggestion = closest(to: text, in: names) {
            message += " (did you mean \"\(suggestion)\"?)"
        }
        return .failure(RefusedValue(text: message))
    }
    return .success(choice)
}

/// A number without a needless ".0".
func plain(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
}

/// The candidate within edit distance 2 of `word` (the closest), if any.
func closest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map {
        (candidate: $0, distance: editDistance(word.lowercased(), $0.lowercased()))
    }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2,
        best.distance < max(word.count, 1)
    else { return nil }
    return best.candidate
}

/// Levenshtein distance over characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
