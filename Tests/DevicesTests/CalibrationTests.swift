import Devices
import KioskCore
import Simulator
import Testing

/// Parsing the calibration registers and the data registers.
@Suite struct CalibrationTests {
    @Test func parsesV2AsTheCrateAndBoschDo() {
        let calibration = Vector.parse(Vector.v2Bytes)
        #expect(
            calibration
                == BME280Calibration(
                    t1: 28593, t2: 27182, t3: 50, p1: 36834, p2: -10486, p3: 3024, p4: 8053,
                    p5: -59, p6: -7, p7: 9900, p8: -10230, p9: 4285,
                    humidity: .init(h1: 75, h2: 375, h3: 0, h4: 288, h5: 50, h6: 30)))
    }

    @Test func parsesV4FromTheForumDump() {
        let calibration = Vector.parse(Vector.v4Bytes)
        #expect(
            calibration
                == BME280Calibration(
                    t1: 28268, t2: 26231, t3: 50, p1: 37544, p2: -10969, p3: 3024, p4: 6255,
                    p5: -54, p6: -7, p7: 9900, p8: -10230, p9: 4285,
                    humidity: .init(h1: 75, h2: 357, h3: 0, h4: 331, h5: 0, h6: 30)))
    }

    @Test func negativeH4AndH5AreSigned() {
        // V5: E4 = 0xF0, E5 = 0x8F, E6 = 0xFF give H4 = −241 and H5 = −8.
        var bytes = Vector.v2Bytes
        bytes[26 + 3] = 0xF0
        bytes[26 + 4] = 0x8F
        bytes[26 + 5] = 0xFF
        let humidity = Vector.parse(bytes).humidity
        #expect(humidity?.h4 == -241)
        #expect(humidity?.h5 == -8)
    }

    @Test(arguments: Vector.all)
    func encodingForTheSimulatedNVMParsesBack(vector: Vector) {
        let bytes = vector.calibration.registerBytes(model: vector.model)
        #expect(bytes.count == (vector.model == .bme280 ? 33 : 26))
        let humidity = vector.model == .bme280 ? Array(bytes[26..<33]) : nil
        let parsed = BME280Calibration(
            temperatureAndPressure: Array(bytes[0..<26]), humidity: humidity)
        #expect(parsed == vector.calibration)
    }

    @Test func dataRegistersAreTwentyAndSixteenBits() {
        // V4's data registers 0xF7…0xFE.
        let raw = BME280RawSample(dataRegisters: [0x55, 0x33, 0x80, 0x81, 0x7F, 0xB0, 0x79, 0x13])
        #expect(raw == BME280RawSample(temperature: 530_427, pressure: 348_984, humidity: 30995))
        let bmp = BME280RawSample(dataRegisters: [0x65, 0x5A, 0xC0, 0x7E, 0xED, 0x00])
        #expect(bmp == BME280RawSample(temperature: 519_888, pressure: 415_148, humidity: nil))
    }

    @Test func emptyCalibrationIsNotPlausible() {
        let zeros = BME280Calibration(
            temperatureAndPressure: Array(repeating: 0, count: 26), humidity: nil)
        let ones = BME280Calibration(
            temperatureAndPressure: Array(repeating: 0xFF, count: 26), humidity: nil)
        #expect(!zeros.isPlausible && !ones.isPlausible)
        #expect(Vector.parse(Vector.v2Bytes).isPlausible)
    }
}

/// Bosch's double-precision compensation against the published vectors.
@Suite struct CompensationTests {
    @Test(arguments: Vector.all)
    func boschDoubleColumn(vector: Vector) {
        let result = vector.calibration.compensate(vector.raw)
        #expect(close(result.temperature.celsius, vector.temperature))
        #expect(close(result.pressure.pascals, vector.pressure))
        if let humidity = vector.humidity {
            #expect(close(result.humidity, humidity))
        } else {
            #expect(result.humidity == nil)
        }
    }

    @Test func tFineIsTruncatedAsBoschDoes() {
        #expect(Vector.all[0].calibration.compensate(Vector.all[0].raw).tFine == 128_422)
        #expect(Vector.all[1].calibration.compensate(Vector.all[1].raw).tFine == 140_177)
    }

    @Test func skippedMarkersCompensateToPlausibleGarbage() {
        // V5: why the driver must look at the raw values itself.
        let raw = BME280RawSample(temperature: 0x80000, pressure: 0x80000, humidity: 0x8000)
        let result = Vector.parse(Vector.v2Bytes).compensate(raw)
        #expect(abs(result.temperature.celsius - 21.648) < 0.001)
        #expect(abs(result.pressure.pascals - 66_608.83) < 0.01)
        #expect(abs((result.humidity ?? 0) - 81.698) < 0.001)
        #expect(raw.skippedChannels == [.temperature, .pressure, .humidity])
        #expect(Vector.all[1].raw.skippedChannels.isEmpty)
    }

    @Test func clampsToBoschLimits() {
        let calibration = Vector.parse(Vector.v2Bytes)
        let hot = calibration.compensate(
            BME280RawSample(temperature: 0xFFFF0, pressure: 0, humidity: 0xFFFF))
        #expect(hot.temperature == Temperature(celsius: 85))
        #expect(hot.pressure == Pressure(hectopascals: 1100))
        #expect(hot.humidity == 100)
        let cold = calibration.compensate(
            BME280RawSample(temperature: 0, pressure: 0xFFFF0, humidity: 0))
        #expect(cold.temperature == Temperature(celsius: -40))
        #expect(cold.pressure == Pressure(hectopascals: 300))
        #expect(cold.humidity == 0)
    }

    @Test(arguments: [
        // osrs t, p, h → the datasheet's maximum, and Bosch v3.5.0's truncated delay (ms).
        (BME280Oversampling.x1, BME280Oversampling.x1, BME280Oversampling.x1, 9300, 9),
        (.x2, .x16, .x1, 46100, 46),
        (.x16, .x16, .x16, 112_800, 112),
    ])
    func measurementTime(
        temperature: BME280Oversampling, pressure: BME280Oversampling,
        humidity: BME280Oversampling, microseconds: Int, boschMilliseconds: Int
    ) {
        let time = bme280MaximumMeasurementTime(
            temperature: temperature, pressure: pressure, humidity: humidity)
        #expect(time == .microseconds(microseconds))
        #expect(microseconds / 1000 == boschMilliseconds)
    }

    @Test func bmp280HasNoHumidityTerm() {
        #expect(
            bme280MaximumMeasurementTime(temperature: .x1, pressure: .x1, humidity: nil)
                == .microseconds(6425))
    }
}
