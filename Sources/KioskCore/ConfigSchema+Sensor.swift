// The keys of the [sensor] table.

extension ConfigSchema {
    static let sensorKeys: [ConfigKey] = [
        choice("sensor.kind", \.sensor.kind, summary: "bme280 | simulated | none"),
        integer("sensor.bus", \.sensor.bus, 0...255, summary: "I2C bus number: /dev/i2c-N"),
        integer(
            "sensor.address", \.sensor.address, 0x03...0x77,
            summary: "7-bit I2C address: 0x76 or 0x77 for a BME280"),
        integer(
            "sensor.interval_seconds", \.sensor.intervalSeconds, 1...3600, unit: "seconds",
            summary: "seconds between readings"),
        float(
            "sensor.temperature_offset", \.sensor.temperatureOffset, -30...30, unit: "°C",
            summary: "fixed correction added to every temperature, °C"),
        float(
            "sensor.cpu_heat_factor", \.sensor.cpuHeatFactor, 0...20,
            summary: "CPU-heat compensation factor (enviroplus uses 2.25); 0 turns it off"),
    ]
}
