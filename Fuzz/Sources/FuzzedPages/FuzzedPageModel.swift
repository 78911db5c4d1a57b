import FoundationEssentials
public import FuzzSupport
public import KioskCore
import Rendering

/// A page model made of fuzzed bytes: the demo data's instant and favourites, with the page,
/// units, names, values, notices and host read from the bytes. Text is at most 255 bytes a
/// field (names are capped where they enter the kiosk); values may be missing or extreme.
public enum FuzzedPageModel {
    /// The model the bytes describe.
    public static func make(_ input: inout FuzzedBytes) -> PageModel {
        let page = input.pick(PageKind.allCases)
        let units = Units(
            temperature: input.pick(TemperatureUnit.allCases),
            wind: input.pick(WindUnit.allCases), pressure: input.pick(PressureUnit.allCases),
            precipitation: input.pick(PrecipitationUnit.allCases),
            clock: input.pick(ClockStyle.allCases))
        let offset = input.int(in: -14 * 3600...14 * 3600)
        let now = DemoData.now.addingTimeInterval(Double(input.int(in: -86400...86400)))
        var favourites = DemoData.favourites
        let count = input.int(in: 0...8)
        favourites = (0..<count).map { index in
            var weather = favourites[index % favourites.count]
            weather.city.name = input.text()
            weather.city.country = input.bool() ? input.text() : nil
            weather.city.admin1 = input.bool() ? input.text() : nil
            if input.bool() {
                weather.forecast = weather.forecast.map { forecast(from: $0, &input) }
            } else if input.bool() {
                weather.forecast = nil
            }
            return weather
        }
        let notices = (0..<input.int(in: 0...4)).map { _ -> PageNotice in
            input.bool()
                ? .error(input.text())
                : .stale(
                    dataTime: now.addingTimeInterval(-Double(input.int(in: 0...1_000_000))),
                    nextRetry: input.bool() ? now.addingTimeInterval(Double(input.byte())) : nil)
        }
        let host = HostInfo(
            name: input.text(), addresses: (0..<input.int(in: 0...3)).map { _ in input.text() })
        return PageModel(
            page: page, now: now, kioskUTCOffsetSeconds: offset,
            language: input.pick(Language.allCases), units: units,
            theme: input.pick(Theme.allCases), city: favourites.first, favourites: favourites,
            indoor: indoor(now: now, &input), notices: notices, host: host)
    }

    /// The demo forecast with fuzzed current, hourly and daily values.
    static func forecast(from demo: LocationForecast, _ input: inout FuzzedBytes)
        -> LocationForecast
    {
        var forecast = demo
        let units = forecast.units
        func temperature(_ value: Double?) -> Temperature? {
            value.map { Temperature($0, units.temperature) }
        }
        forecast.utcOffsetSeconds = input.int(in: -86399...86399)
        if var current = forecast.current {
            current.temperature = temperature(input.double(ordinary: -60...60))
            current.apparentTemperature = temperature(input.double(ordinary: -70...70))
            current.relativeHumidity = input.double(ordinary: 0...100)
            current.windSpeed = input.double(ordinary: 0...250).map { Speed($0, units.wind) }
            current.windDirection = input.double(ordinary: -10...370)
            current.seaLevelPressure = input.double(ordinary: 850...1090).map {
                Pressure(hectopascals: $0)
            }
            current.weatherCode =
                input.bool() ? WeatherCode(rawValue: input.int(in: -5...120)) : nil
            current.isDay = input.bool() ? input.bool() : nil
            forecast.current = input.byte() == 0 ? nil : current
        }
        forecast.hourly = forecast.hourly.prefix(input.int(in: 0...60)).map { hour in
            var hour = hour
            hour.temperature = temperature(input.double(ordinary: -60...60))
            hour.precipitationProbability = input.double(ordinary: 0...100)
            return hour
        }
        forecast.daily = forecast.daily.prefix(input.int(in: 0...5)).map { day in
            var day = day
            day.temperatureMax = temperature(input.double(ordinary: -60...60))
            day.temperatureMin = temperature(input.double(ordinary: -60...60))
            day.precipitationSum = input.double(ordinary: 0...500)
            day.precipitationProbabilityMax = input.double(ordinary: 0...100)
            day.weatherCode = input.bool() ? WeatherCode(rawValue: input.int(in: -5...120)) : nil
            return day
        }
        return forecast
    }

    /// A reading with fuzzed values and history, a failure sentence, or no sensor.
    static func indoor(now: Date, _ input: inout FuzzedBytes) -> IndoorState {
        switch input.byte() % 3 {
        case 0: return .noSensor
        case 1: return .failed(input.text())
        default:
            let chip = input.pick([SensorChip.bme280, .bmp280])
            let reading = SensorReading(
                chip: chip, time: now,
                temperature: Temperature(celsius: input.double(ordinary: -40...85) ?? 21),
                humidity: chip == .bme280 ? input.double(ordinary: 0...100) : nil,
                pressure: Pressure(pascals: input.double(ordinary: 30_000...110_000) ?? 101_325))
            let history = (0..<input.int(in: 0...150)).map { step in
                IndoorSample(
                    time: now.addingTimeInterval(Double(step - 150) * 600),
                    temperature: Temperature(celsius: input.double(ordinary: -40...85) ?? 20),
                    humidity: input.double(ordinary: 0...100),
                    pressure: input.double(ordinary: 300...1100).map { Pressure(hectopascals: $0) })
            }
            return .reading(
                IndoorConditions(
                    reading: reading,
                    seaLevelPressure: input.double(ordinary: 300...1100).map {
                        Pressure(hectopascals: $0)
                    },
                    dewPoint: input.double(ordinary: -60...40).map { Temperature(celsius: $0) },
                    tendency: input.bool() ? input.pick([.rising, .steady, .falling]) : nil,
                    history: history))
        }
    }
}
