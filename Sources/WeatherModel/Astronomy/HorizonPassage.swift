public import FoundationEssentials

/// How a body (the Sun, the Moon) meets the horizon during one local day: it rises, sets or
/// both, or it stays on one side all day. Either crossing may be missing from a day: the Moon
/// rises about 50 minutes later each day, so about once a month a day has no moonrise (or no
/// moonset), and near the polar circles the Sun's last sunset before the midnight sun has
/// no sunrise after it.
public enum HorizonPassage: Sendable, Hashable {
    /// It crosses the horizon at least once: `rise` is the day's first rising and `set` the
    /// day's last setting, each nil when the day has none. Never both nil.
    case crosses(rise: Date?, set: Date?)
    /// Above the horizon from midnight to midnight: the midnight sun, a circumpolar Moon.
    case upAllDay
    /// Below the horizon from midnight to midnight: the polar night.
    case downAllDay

    /// The day's first rising, if it has one.
    public var rise: Date? {
        if case .crosses(let rise, _) = self { rise } else { nil }
    }

    /// The day's last setting, if it has one.
    public var set: Date? {
        if case .crosses(_, let set) = self { set } else { nil }
    }
}

/// The crossings of a body's altitude through a threshold during one local day, found by
/// sampling the altitude every ten minutes, halving each interval where it changes sign to a
/// second and interpolating in that second.
///
/// An excursion across the threshold shorter than the sampling step (a Sun grazing the
/// horizon by under 0.005° near the polar circles) is not found.
package struct HorizonSearch {
    /// The altitude above the threshold at an instant: positive when the body is "up".
    package var heightAboveThreshold: (AstronomicalTime) -> Double

    /// Sampling step, seconds.
    package static let step = 600.0

    /// Creates a search over `heightAboveThreshold`.
    package init(heightAboveThreshold: @escaping (AstronomicalTime) -> Double) {
        self.heightAboveThreshold = heightAboveThreshold
    }

    /// The result of one day's search.
    package struct Day {
        /// How the body met the horizon.
        package var passage: HorizonPassage
        /// Time above the threshold between the day's two midnights, seconds.
        package var secondsUp: Double
    }

    /// The crossings on the local `date` at `utcOffsetSeconds` east of UTC.
    package func day(_ date: LocalDate, utcOffsetSeconds: Int) -> Day {
        let start = LocalDateTime(date: date, hour: 0, minute: 0)
            .instant(utcOffsetSeconds: utcOffsetSeconds).timeIntervalSince1970
        let end = start + 86_400
        func height(_ seconds: Double) -> Double {
            heightAboveThreshold(AstronomicalTime(Date(timeIntervalSince1970: seconds)))
        }
        var events: [(seconds: Double, rising: Bool)] = []
        var previous = (seconds: start, height: height(start))
        let startsUp = previous.height > 0
        while previous.seconds < end {
            let next = min(previous.seconds + Self.step, end)
            let nextHeight = height(next)
            if (previous.height > 0) != (nextHeight > 0) {
                let rising = nextHeight > 0
                // Halve the interval around the sign change to a second, then interpolate.
                var low = (seconds: previous.seconds, height: previous.height)
                var high = (seconds: next, height: nextHeight)
                while high.seconds - low.seconds > 1 {
                    let middle = (low.seconds + high.seconds) / 2
                    let middleHeight = height(middle)
                    if (middleHeight > 0) == rising {
                        high = (middle, middleHeight)
                    } else {
                        low = (middle, middleHeight)
                    }
                }
                let fraction = low.height / (low.height - high.height)
                let crossing = low.seconds + (high.seconds - low.seconds) * fraction
                if crossing < end { events.append((crossing, rising)) }
            }
            previous = (next, nextHeight)
        }
        var secondsUp = 0.0
        var upSince: Double? = startsUp ? start : nil
        for event in events {
            if event.rising {
                upSince = event.seconds
            } else if let since = upSince {
                secondsUp += event.seconds - since
                upSince = nil
            }
        }
        if let since = upSince { secondsUp += end - since }
        if events.isEmpty {
            return Day(passage: startsUp ? .upAllDay : .downAllDay, secondsUp: secondsUp)
        }
        let rise = events.first { $0.rising }.map { Date(timeIntervalSince1970: $0.seconds) }
        let set = events.last { !$0.rising }.map { Date(timeIntervalSince1970: $0.seconds) }
        return Day(passage: .crosses(rise: rise, set: set), secondsUp: secondsUp)
    }
}
