import FoundationEssentials
import KioskCore
import KioskDaemon
import Testing

/// The sensor service's correction for the board's own heat, and the CPU temperature's
/// moving average it uses.
@Suite struct HeatCompensationTests {
    @Test func heatCompensationWithTheCPUTerm() throws {
        let compensation = HeatCompensation(temperatureOffset: -0.5, cpuHeatFactor: 2.25)
        let result = compensation.apply(
            temperature: Temperature(celsius: 30), humidity: 40,
            cpuTemperature: Temperature(celsius: 55))
        // 30 − (55 − 30) / 2.25 = 18.888…, then the offset.
        #expect(abs(result.temperature.celsius - (30 - 25 / 2.25 - 0.5)) < 1e-12)
        // The air's water stays: the dew point before and after is the same.
        let before = try #require(
            Humidity.dewPoint(temperature: Temperature(celsius: 30), relativeHumidity: 40))
        let humidity = try #require(result.humidity)
        let after = try #require(
            Humidity.dewPoint(temperature: result.temperature, relativeHumidity: humidity))
        #expect(abs(before.celsius - after.celsius) < 1e-9)
        #expect(humidity > 40)
    }

    @Test func heatCompensationWithoutCPUTemperatureOrFactor() {
        let offsetOnly = HeatCompensation(temperatureOffset: 1.5, cpuHeatFactor: 0)
        let twenty = Temperature(celsius: 20)
        let hot = Temperature(celsius: 70)
        let result = offsetOnly.apply(temperature: twenty, humidity: 50, cpuTemperature: hot)
        #expect(result.temperature == Temperature(celsius: 21.5))
        #expect(result.humidity.map { $0 < 50 } == true)
        let nothing = HeatCompensation()
        let same = nothing.apply(temperature: twenty, humidity: 50, cpuTemperature: hot)
        #expect(same.temperature == twenty && same.humidity == 50)
        let noCPU = HeatCompensation(cpuHeatFactor: 2).apply(
            temperature: twenty, humidity: nil, cpuTemperature: nil)
        #expect(noCPU.temperature == twenty && noCPU.humidity == nil)
        #expect(
            !nothing.usesCPUTemperature && HeatCompensation(cpuHeatFactor: 2).usesCPUTemperature)
    }

    @Test func movingAverageKeepsTheLastValues() {
        var average = MovingAverage(capacity: 3)
        #expect(average.mean == nil)
        for value in [40.0, 50, 60] { average.add(value) }
        #expect(average.mean == 50)
        average.add(90)  // 40 drops out
        #expect(average.mean == 200.0 / 3)
        average.add(.nan)
        #expect(average.count == 3 && average.mean == 200.0 / 3)
    }
}
