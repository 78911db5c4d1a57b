import KioskConfig
import KioskCore
import Testing

/// The `[sensor]` keys this module adds: oversampling and the IIR filter.
@Suite struct SensorConfigTests {
    private func apply(_ key: String, _ value: ConfigValue) -> (KioskConfiguration, String?) {
        var configuration = KioskConfiguration()
        let message = ConfigSchema.key(key)?.apply(value, to: &configuration)
        return (configuration, message)
    }

    @Test func defaults() {
        let configuration = KioskConfiguration()
        #expect(configuration.sensor.oversampling == 1)
        #expect(configuration.sensor.filterCoefficient == 0)
        #expect(ConfigSchema.key("sensor.filter")?.value(in: configuration) == .string("off"))
        #expect(ConfigSchema.key("sensor.oversampling")?.value(in: configuration) == .integer(1))
    }

    @Test(arguments: [1, 2, 4, 8, 16])
    func oversamplingSteps(value: Int) {
        let (configuration, message) = apply("sensor.oversampling", .integer(value))
        #expect(message == nil)
        #expect(configuration.sensor.oversampling == value)
    }

    @Test func oversamplingRefusesOtherValues() {
        #expect(
            apply("sensor.oversampling", .integer(3)).1
                == "sensor.oversampling must be one of 1, 2, 4, 8, 16 (the chip's oversampling steps), not 3"
        )
        #expect(
            apply("sensor.oversampling", .string("x4")).1?.contains("not a string") == true)
    }

    @Test(arguments: [
        (ConfigValue.string("off"), 0), (.integer(2), 2), (.integer(16), 16), (.string("8"), 8),
    ])
    func filterChoices(value: ConfigValue, coefficient: Int) {
        let (configuration, message) = apply("sensor.filter", value)
        #expect(message == nil)
        #expect(configuration.sensor.filterCoefficient == coefficient)
    }

    @Test(arguments: [ConfigValue.integer(3), .integer(0), .string("on"), .float(4), .string("0")])
    func filterRefusals(value: ConfigValue) {
        let message = apply("sensor.filter", value).1
        #expect(
            message?.hasPrefix(
                "sensor.filter must be \"off\" or one of 2, 4, 8, 16 (the IIR filter coefficient), not"
            ) == true)
    }
}
