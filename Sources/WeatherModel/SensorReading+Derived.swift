extension SensorReading {
    /// The dew point; nil without humidity (a BMP280) or at 0 %.
    public var dewPoint: Temperature? {
        humidity.flatMap { Humidity.dewPoint(temperature: temperature, relativeHumidity: $0) }
    }

    /// The pressure reduced to sea level for a station `elevation` metres high, with the
    /// reading's own temperature.
    public func seaLevelPressure(elevation: Double) -> Pressure {
        SeaLevelPressure.reduce(
            stationPressure: pressure, elevation: elevation, temperature: temperature)
    }
}
