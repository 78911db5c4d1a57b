import Glibc
import KioskTesting
import Testing

/// The fixtures of the device tests: the published vectors as i2cdump text.
private func dumpFixture(_ name: String, filePath: String = #filePath) -> String {
    let tests = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
        .joined(separator: "/")
    return tests + "/DevicesTests/Fixtures/" + name
}

/// The `sensor` verbs, run as the built binary.
@Suite struct SensorVerbTests {
    @Test func jsonOnTheSimulatorBoard() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "state_dir = \"\(directory.path)\"\n")
        let result = await KioskBinary.run(
            ["sensor", "--json", "--config", directory.file("config.toml")])
        #expect(result.exitCode == 0)
        #expect(result.standardError.isEmpty)
        let keys = result.standardOutput.split(separator: "\n").compactMap { line -> String? in
            guard let quote = line.firstIndex(of: "\"") else { return nil }
            let rest = line[line.index(after: quote)...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        #expect(
            keys == [
                "chip", "dew_point_c", "humidity_percent", "pressure_pa", "sea_level_pressure_pa",
                "temperature_c",
            ])
        #expect(result.standardOutput.contains("\"chip\" : \"bme280\""))
        #expect(result.standardOutput.contains("\"sea_level_pressure_pa\" : null"))
    }

    @Test func textWithTheConfiguredElevation() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write(
            "config.toml",
            "state_dir = \"\(directory.path)\"\n[station]\nelevation = 120\n[units]\npressure = \"inHg\"\n"
        )
        let result = await KioskBinary.run(["sensor", "--config", directory.file("config.toml")])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("BME280 at 0x76 on the simulated bus\n"))
        #expect(result.standardOutput.contains(" inHg (elevation 120 m, from station.elevation)"))
    }

    @Test func decodeGivesTheBoschResult() async {
        let result = await KioskBinary.run(
            ["sensor", "decode", "--json", dumpFixture("v4-bme280.i2cdump")])
        #expect(result.exitCode == 0)
        // Bosch double: 24.437371 °C, 99621.2736 Pa, 54.172294 % (bme280-vectors.md, V4).
        #expect(result.standardOutput.contains("\"temperature_c\" : 24.43737"))
        #expect(result.standardOutput.contains("\"pressure_pa\" : 99621.2735"))
        #expect(result.standardOutput.contains("\"humidity_percent\" : 54.17229"))
    }

    @Test func decodeVerboseFromStandardInput() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let dump = dumpFixture("v1-bmp280.i2cdump")
        let text = await onDedicatedThread { () -> String in
            let descriptor = open(dump, O_RDONLY)
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 8192)
            let count = read(descriptor, &bytes, bytes.count)
            return String(decoding: bytes[0..<max(0, count)], as: UTF8.self)
        }
        let result = await KioskBinary.run(["sensor", "decode", "-", "--verbose"], input: text)
        #expect(result.exitCode == 0)
        #expect(
            result.standardOutput.hasPrefix(
                "Chip: BMP280 (id 0x58): temperature and pressure only, no humidity sensor\n"))
        #expect(result.standardOutput.contains("dig_T1..T3  27504 26435 -1000\n"))
        #expect(
            result.standardOutput.contains(
                "dig_P1..P9  36477 -10685 3024 2855 140 -7 15500 -14600 6000\n"))
        #expect(result.standardOutput.contains("Raw: adc_T 519888, adc_P 415148\n"))
        #expect(result.standardOutput.contains("Temperature  25.08 °C"))
        #expect(result.standardOutput.contains("Pressure     1006.53 hPa (100653.26 Pa)"))
    }

    @Test func decodeRefusesSkippedValuesAndBrokenDumps() async {
        let skipped = await KioskBinary.run(
            ["sensor", "decode", dumpFixture("v5-skipped.i2cdump")])
        #expect(skipped.exitCode == 1)
        #expect(skipped.standardOutput.isEmpty)
        #expect(
            skipped.standardError.contains(
                "holds skipped or not-ready temperature, pressure and humidity values"))

        let broken = await KioskBinary.run(
            ["sensor", "decode", "-"], input: "00: 60 00\n")
        #expect(broken.exitCode == 2)
        #expect(broken.standardError.contains("standard input is not a complete i2cdump"))

        let missing = await KioskBinary.run(["sensor", "decode", "/nonexistent/dump.txt"])
        #expect(missing.exitCode == 2)
        #expect(missing.standardError.contains("/nonexistent/dump.txt does not exist"))
    }

    @Test func aMissingBusIsOneSentenceAndExitOne() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("config.toml", "[sensor]\nkind = \"bme280\"\naddress = 0x77\n")
        let result = await KioskBinary.run(
            [
                "sensor", "--config", directory.file("config.toml"), "--device",
                directory.file("i2c-1"),
            ])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "Cannot open \(directory.file("i2c-1")) for the device at 0x77: no such file or directory (ENOENT); enable I2C with `sudo raspi-config nonint do_i2c 0` (or dtparam=i2c_arm=on in /boot/firmware/config.txt) and reboot, or set sensor.bus to a bus that exists.\n"
        )
    }

    /// CI runs as root, who may open anything: the binary runs as nobody (setpriv) against
    /// a root-owned 0600 file posing as the bus.
    @Test(.enabled(if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0))
    func withoutPermissionItSaysToJoinGroupI2C() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        chmod(directory.path, 0o755)
        directory.write("config.toml", "[sensor]\nkind = \"bme280\"\n", mode: 0o644)
        directory.write("i2c-1", "", mode: 0o600)
        // A copy the unprivileged user can run, wherever the build directory is.
        let binary = directory.file("weather-kiosk")
        let copied = await onDedicatedThread { copyFile(KioskBinary.path, to: binary) }
        #expect(copied)
        let result = await KioskBinary.run(
            under: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"],
            binary: binary,
            [
                "sensor", "--config", directory.file("config.toml"), "--device",
                directory.file("i2c-1"),
            ])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError
                == "Cannot open \(directory.file("i2c-1")) for the device at 0x76: permission denied (EACCES); add the user to group i2c (`sudo usermod -aG i2c $USER`, then log in again) or run as root.\n"
        )
    }
}

/// Copies a file with mode 0755; false when it cannot.
private func copyFile(_ source: String, to destination: String) -> Bool {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { return false }
    defer { close(input) }
    let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard output >= 0 else { return false }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = read(input, &buffer, buffer.count)
        if count == 0 { return true }
        if count < 0 { return false }
        var offset = 0
        while offset < count {
            let written = buffer[offset..<count].withUnsafeBytes {
                write(output, $0.baseAddress, $0.count)
            }
            if written <= 0 { return false }
            offset += written
        }
    }
}
