import Devices
import KioskCore
import Testing

/// CRC-8, the i2ctransfer text and the frame decoders of `sensor decode --chip`, against
/// the vectors the Python script computed from the datasheets.
@Suite struct SensorFrameTests {
    @Test func sensirionCRCMatchesTheDatasheetAndTheVectors() throws {
        let vectors = try SensorVectors.load()
        #expect(SensirionCRC.checksum([0xBE, 0xEF]) == 0x92)  // SHT3x datasheet table 20
        #expect(vectors.crc.count == 9)
        for vector in vectors.crc {
            #expect(SensirionCRC.checksum(vector.bytes) == vector.crc, "\(vector.bytes)")
        }
    }

    @Test func wordsEncodeWithTheirCRCsAndDecodeBack() throws {
        let bytes = SensirionWords.encode([0xBEEF, 0x0000, 0xFFFF])
        #expect(bytes.count == 9)
        #expect(Array(bytes[0..<3]) == [0xBE, 0xEF, 0x92])
        #expect(try SensirionWords.decode(bytes) == [0xBEEF, 0x0000, 0xFFFF])
    }

    @Test func sensirionFramesDecodeToTheDatasheetFormulas() throws {
        let vectors = try SensorVectors.load().sensirion
        #expect(vectors.count == 21)
        for vector in vectors {
            let chip = try #require(SensorFrames.Chip(rawValue: vector.chip))
            let readings = try SensorFrames.decode(vector.text, chip: chip)
            #expect(readings.count == (vector.expectedSecond == nil ? 1 : 2), "\(vector)")
            let expected = [vector.expected] + (vector.expectedSecond.map { [$0] } ?? [])
            for (reading, want) in zip(readings, expected) {
                let values = reading.values
                #expect(
                    abs((values.temperature?.celsius ?? .nan) - want.temperatureC) < 1e-9,
                    "\(vector)")
                #expect(abs((values.humidity ?? .nan) - want.humidityPercent) < 1e-9, "\(vector)")
                #expect(values.carbonDioxide?.partsPerMillion == want.co2Ppm, "\(vector)")
                #expect(values.pressure == nil)
            }
            #expect(readings.flatMap(\.raw) == vector.words)
        }
    }

    @Test func aWrongCRCIsRefusedWithASentenceNamingTheWord() throws {
        for vector in try SensorVectors.load().corrupted {
            let chip = try #require(SensorFrames.Chip(rawValue: vector.chip))
            do {
                _ = try SensorFrames.decode(vector.text, chip: chip)
                Issue.record("a frame with a wrong CRC decoded: \(vector.text)")
            } catch {
                let words = chip == .scd4x ? 3 : 2
                #expect(
                    error.description.hasPrefix(
                        "In frame 1, word \(vector.word) of \(words) ("), "\(error)")
                #expect(
                    error.description.contains(
                        "came with CRC \(I2CAddress.text(vector.receivedCrc)), but the CRC-8 of those bytes is \(I2CAddress.text(vector.expectedCrc)): the bytes are corrupted or not an \(vector.chip) reading, so nothing was decoded."
                    ))
            }
        }
    }

    @Test func bme280RegistersFromI2CTransferCompensateLikeBosch() throws {
        let vectors = try SensorVectors.load().bme280
        #expect(vectors.count == 3)
        for vector in vectors {
            let reading = try #require(try SensorFrames.decode(vector.text, chip: .bme280).first)
            #expect(reading.raw == vector.adc)
            #expect(
                abs((reading.values.temperature?.celsius ?? .nan) - vector.temperatureC) < 1e-9)
            #expect(abs((reading.values.pressure?.pascals ?? .nan) - vector.pressurePa) < 1e-6)
            #expect(abs((reading.values.humidity ?? .nan) - vector.humidityPercent) < 1e-9)
        }
    }

    @Test func i2cTransferTextSkipsCommandsAndPromptsButNotBadBytes() throws {
        let text = """
            $ i2ctransfer -y 1 w2@0x44 0x24 0x00
            $ i2ctransfer -y 1 r6@0x44
            0x66 0x8e 0x71
            0x5c 0x3a 0x9d
            """
        #expect(try I2CTransferText.bytes(from: text) == [0x66, 0x8E, 0x71, 0x5C, 0x3A, 0x9D])
        #expect(try I2CTransferText.bytes(from: "0x66 0x8e 0x7") == [0x66, 0x8E, 0x07])
        do {
            _ = try I2CTransferText.bytes(from: "0x66 0x8g 0x71")
            Issue.record("a malformed byte was taken")
        } catch {
            #expect(
                error.description
                    == "line 1: \"0x8g\" is not a byte; `sensor decode` reads bytes as i2ctransfer prints them (0x66 0x8e 0x71 …)."
            )
        }
        do {
            _ = try I2CTransferText.bytes(
                from: "Error: Sending messages failed: Remote I/O error\n")
            Issue.record("an i2ctransfer error was taken for bytes")
        } catch {
            #expect(error.line == 1)
            #expect(error.message.hasPrefix("i2ctransfer failed (\"Error: Sending messages failed"))
        }
        #expect(throws: I2CTransferText.Problem.self) {
            try I2CTransferText.bytes(from: "\n# nothing\n")
        }
    }

    @Test func aPartialFrameIsRefusedWithTheCountAndTheFrameLength() {
        do {
            _ = try SensorFrames.decode("0x66 0x8e 0x71 0x5c", chip: .sht4x)
            Issue.record("4 bytes decoded as an SHT4x frame")
        } catch {
            #expect(
                error.description
                    == "It holds 4 bytes, which is not a whole number of 6-byte sht4x frames (each word is two bytes and a CRC)."
            )
        }
        do {
            _ = try SensorFrames.decode("0x00 0x01", chip: .bme280)
            Issue.record("2 bytes decoded as BME280 registers")
        } catch {
            #expect(
                error.description.hasPrefix("It holds 2 bytes, not the 119 registers 0x88…0xfe"))
        }
    }
}
