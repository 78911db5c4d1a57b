import FoundationEssentials
import Testing
import WeatherModel

/// Dew point, sea-level pressure, heat compensation and the averaging behind it.
@Suite struct SensorMathsTests {
    @Test(arguments: [
        // T °C, RH %, dew point °C (Magnus with Alduchov & Eskridge constants, by hand to 4 dp).
        (20.0, 50.0, 9.2611), (25.0, 100.0, 25.0), (0.0, 80.0, -3.0386), (30.0, 30.0, 10.5397),
    ])
    func dewPoint(temperature: Double, humidity: Double, expected: Double) throws {
        let dewPoint = try #require(
            Humidity.dewPoint(
                temperature: Temperature(celsius: temperature), relativeHumidity: humidity))
        #expect(abs(dewPoint.celsius - expected) < 0.001)
    }

    @Test func noDewPointWithoutWater() {
        #expect(
            Humidity.dewPoint(temperature: Temperature(celsius: 20), relativeHumidity: 0) == nil)
        #expect(
            Humidity.dewPoint(temperature: Temperature(celsius: .nan), relativeHumidity: 50) == nil)
    }

    @Test(arguments: [-20.0, 0.0, 12.5, 35.0])
    func humidityFromDewPointInvertsDewPoint(temperature: Double) throws {
        for humidity in stride(from: 5.0, through: 100, by: 5) {
            let air = Temperature(celsius: temperature)
            let dewPoint = try #require(
                Humidity.dewPoint(temperature: air, relativeHumidity: humidity))
            let back = Humidity.relativeHumidity(temperature: air, dewPoint: dewPoint)
            #expect(abs(back - humidity) < 1e-9)
        }
    }

    @Test func seaLevelPressureMatchesTheStandardAtmosphere() {
        // ISA: 954.61 hPa at 500 m where the air is 11.75 °C; 1013.25 hPa at sea level.
        let reduced = SeaLevelPressure.reduce(
            stationPressure: Pressure(hectopascals: 954.61), elevation: 500,
            temperature: Temperature(celsius: 11.75))
        #expect(abs(reduced.hectopascals - 1013.25) < 0.05)
        #expect(
            SeaLevelPressure.reduce(
                stationPressure: Pressure(pascals: 100_000), elevation: 0,
                temperature: Temperature(celsius: 20)) == Pressure(pascals: 100_000))
        // Colder air is denser: the same station pressure means more at sea level.
        let cold = SeaLevelPressure.reduce(
            stationPressure: Pressure(pascals: 95_000), elevation: 500,
            temperature: Temperature(celsius: -10))
        let warm = SeaLevelPressure.reduce(
            stationPressure: Pressure(pascals: 95_000), elevation: 500,
            temperature: Temperature(fahrenheit: 86))
        #expect(cold > warm)
    }

    @Test func readingDerivesDewPointAndSeaLevelPressure() throws {
        let reading = SensorReading(
            chip: .bme280, time: Date(timeIntervalSince1970: 0),
            temperature: Temperature(celsius: 20), humidity: 50,
            pressure: Pressure(pascals: 100_000))
        #expect(abs(try #require(reading.dewPoint).celsius - 9.261) < 0.001)
        #expect(reading.seaLevelPressure(elevation: 100) > Pressure(pascals: 100_000))
        // 100 m lifts about 12 hPa: a sea-level pressure in hectopascals, not pascals.
        #expect(abs(reading.seaLevelPressure(elevation: 100).hectopascals - 1011.9) < 0.2)
        let bmp = SensorReading(
            chip: .bmp280, time: Date(timeIntervalSince1970: 0),
            temperature: Temperature(celsius: 20), humidity: nil,
            pressure: Pressure(pascals: 100_000))
        #expect(bmp.dewPoint == nil)
    }
}

/// The median-of-3 spike filter.
@Suite struct SpikeFilterTests {
    @Test func aSingleSpikeIsDropped() {
        var filter = MedianOfThree()
        let output = [10.0, 10, 50, 10, 10].map { filter.filter($0) }
        #expect(output == [10, 10, 10, 10, 10])
    }

    @Test func aRealStepGetsThroughOneReadingLate() {
        var filter = MedianOfThree()
        let output = [10.0, 10, 20, 20, 20].map { filter.filter($0) }
        #expect(output == [10, 10, 10, 20, 20])
    }

    @Test func readingsAreFilteredPerChannelAndRestartOnAnotherChip() {
        var filter = SensorSpikeFilter()
        func reading(_ chip: SensorChip, _ temperature: Double, _ pressure: Double)
            -> SensorReading
        {
            SensorReading(
                chip: chip, time: Date(timeIntervalSince1970: 0),
                temperature: Temperature(celsius: temperature),
                humidity: chip == .bme280 ? 40 : nil, pressure: Pressure(pascals: pressure))
        }
        _ = filter.filter(reading(.bme280, 20, 100_000))
        _ = filter.filter(reading(.bme280, 20, 100_000))
        let spiked = filter.filter(reading(.bme280, 85, 68_400))
        #expect(spiked.temperature.celsius == 20 && spiked.pressure.pascals == 100_000)
        let swapped = filter.filter(reading(.bmp280, 22, 99_000))
        #expect(swapped.temperature.celsius == 22 && swapped.humidity == nil)
    }
}

/// The 3-hour pressure tendency.
@Suite struct PressureHistoryTests {
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    private func history(change: Double, minutes: Int = 180, every spacing: Int = 1)
        -> PressureHistory
    {
        var history = PressureHistory()
        for minute in stride(from: 0, through: minutes, by: spacing) {
            let pressure = 100_000 + change * Double(minute) / Double(minutes)
            history.record(
                Pressure(pascals: pressure), at: start.addingTimeInterval(Double(minute) * 60))
        }
        return history
    }

    @Test(arguments: [
        (200.0, PressureTendency.rising), (100.0, .rising), (99.0, .steady), (0.0, .steady),
        (-50.0, .steady), (-100.0, .falling), (-400.0, .falling),
    ])
    func tendencyOverThreeHours(change: Double, expected: PressureTendency) {
        let history = history(change: change)
        #expect(history.tendency == expected)
        #expect(history.threeHourChange.map { abs($0.pascals - change) < 1e-9 } == true)
    }

    @Test func unknownUntilThreeHoursAreThere() {
        #expect(history(change: 300, minutes: 120).tendency == nil)
        #expect(PressureHistory().tendency == nil)
    }

    @Test func readingsCloserThanTheSpacingAreNotStored() {
        var history = PressureHistory(capacity: 10, minimumSpacing: 60)
        for second in stride(from: 0, to: 600, by: 10) {
            history.record(Pressure(pascals: 100_000), at: start.addingTimeInterval(Double(second)))
        }
        #expect(history.stored.count == 10)
        #expect(history.stored.first?.time == start)
    }

    @Test func theRingBufferWrapsAndKeepsTheNewest() {
        let long = history(change: -600, minutes: 600, every: 1)  // 601 samples into 200
        #expect(long.stored.count == 200)
        #expect(long.stored.last?.time == start.addingTimeInterval(600 * 60))
        #expect(long.tendency == .falling)
        #expect(long.threeHourChange.map { abs($0.pascals - -180) < 1e-6 } == true)
    }

    @Test func aClockThatJumpsBackStartsAgain() {
        var history = history(change: 200)
        history.record(Pressure(pascals: 100_000), at: start.addingTimeInterval(-24 * 3600))
        #expect(history.stored.count == 1)
        #expect(history.tendency == nil)
    }
}
