import FoundationEssentials
import KioskCore

/// The place's days from MET Norway's steps, each from its own local midnight.
///
/// The steps are hourly for about two and a half days, then 6-hourly. Walking them in order,
/// each step contributes the shortest period that starts there (1, 6 or 12 hours) unless an
/// earlier period already covers it, so every hour counts once: its condition, its
/// precipitation amount and its chance of precipitation go to the day the period starts in.
/// A day's high and low are the extremes of its instants and of the 6-hour maxima and minima
/// (`complete` only) of the periods that lie wholly inside it. The first day is the rest of
/// today; a later day comes only when the steps reach its end.
struct DayBuilder {
    let steps: [TimedStep]
    let values: StepValues
    let utcOffsetSeconds: Int

    /// One period of the walk.
    private struct Period {
        let start: Date
        let hours: Int
        let code: WeatherCode?
        let amount: Double?
        let probability: Double?
    }

    /// What is gathered for one day.
    private struct Day {
        var codes: [WeatherCode] = []
        var amounts: [Double] = []
        var probabilities: [Double] = []
        var temperatures: [Double] = []
    }

    func days() -> [DailyForecast] {
        guard let first = steps.first else { return [] }
        var gathered: [LocalDate: Day] = [:]
        let periods = walk()
        for period in periods {
            let date = localDate(period.start)
            if let code = period.code { gathered[date, default: Day()].codes.append(code) }
            if let amount = period.amount { gathered[date, default: Day()].amounts.append(amount) }
            if let probability = period.probability {
                gathered[date, default: Day()].probabilities.append(probability)
            }
        }
        for step in steps {
            if let celsius = finite(step.data.instant?.details?.airTemperature) {
                gathered[localDate(step.time), default: Day()].temperatures.append(celsius)
            }
            guard let six = step.data.next6Hours?.details else { continue }
            let date = localDate(step.time)
            // Inside one day: the period's last second is on the day it starts.
            guard localDate(step.time.addingTimeInterval(6 * 3600 - 1)) == date else { continue }
            for extreme in [six.airTemperatureMax, six.airTemperatureMin] {
                if let celsius = finite(extreme) {
                    gathered[date, default: Day()].temperatures.append(celsius)
                }
            }
        }
        let covered = periods.map { $0.start.addingTimeInterval(Double($0.hours) * 3600) }.max()
        let reach = max(covered ?? first.time, steps[steps.count - 1].time)
        let firstDate = localDate(first.time)
        return gathered.keys.sorted().compactMap { date in
            guard date == firstDate || endOfDay(date) <= reach, let day = gathered[date] else {
                return nil
            }
            return DailyForecast(
                date: date, weatherCode: day.codes.max { $0.rawValue < $1.rawValue },
                temperatureMax: values.temperature(day.temperatures.max()),
                temperatureMin: values.temperature(day.temperatures.min()),
                precipitationSum: day.amounts.isEmpty
                    ? nil : values.precipitation(day.amounts.reduce(0, +)),
                precipitationProbabilityMax: day.probabilities.max())
        }
    }

    /// The periods, each hour in one.
    private func walk() -> [Period] {
        var periods: [Period] = []
        var coveredUntil = Date.distantPast
        for step in steps where step.time >= coveredUntil {
            let choices: [(LocationforecastBody.Period?, Int)] = [
                (step.data.next1Hours, 1), (step.data.next6Hours, 6), (step.data.next12Hours, 12),
            ]
            guard let (period, hours) = choices.first(where: { $0.0 != nil }), let period else {
                continue
            }
            periods.append(
                Period(
                    start: step.time, hours: hours,
                    code: period.summary?.symbolCode.flatMap { SymbolCode($0) }?.weatherCode,
                    amount: finite(period.details?.precipitationAmount).map { max(0, $0) },
                    probability: finite(period.details?.probabilityOfPrecipitation)))
            coveredUntil = step.time.addingTimeInterval(Double(hours) * 3600)
        }
        return periods
    }

    private func localDate(_ instant: Date) -> LocalDate {
        LocalDateTime(instant, utcOffsetSeconds: utcOffsetSeconds).date
    }

    private func endOfDay(_ date: LocalDate) -> Date {
        LocalDateTime(date: date.adding(days: 1), hour: 0, minute: 0)
            .instant(utcOffsetSeconds: utcOffsetSeconds)
    }
}
