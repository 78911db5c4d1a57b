import Glibc
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing
import Threads

/// The Linux I2C adapter's failures: real opens of paths that are not buses, and the
/// errno-to-sentence mapping for what only hardware produces.
@Suite struct LinuxI2CBusTests {
    @Test func aMissingBusSaysHowToEnableI2C() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("i2c-9")
        let device = LinuxI2CBus(path: path).device(at: 0x76)
        #expect(device.location == "0x76 on \(path)")
        do {
            _ = try await device.read(register: 0xD0, count: 1)
            Issue.record("reading a bus that does not exist succeeded")
        } catch let error as DeviceError {
            #expect(error.errorNumber == ENOENT)
            #expect(error.device == path)
            #expect(
                error.message
                    == "Cannot open \(path) for the device at 0x76: no such file or directory (ENOENT); enable I2C with `sudo raspi-config nonint do_i2c 0` (or dtparam=i2c_arm=on in /boot/firmware/config.txt) and reboot, or set sensor.bus to a bus that exists."
            )
        }
    }

    @Test func aFileThatIsNotABusIsNamedAsSuch() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("i2c-3", "not a bus\n", mode: 0o600)
        let device = LinuxI2CBus(path: directory.file("i2c-3")).device(at: 0x77)
        do {
            try await device.write(register: 0xF4, value: 0x25)
            Issue.record("writing to a regular file as a bus succeeded")
        } catch let error as DeviceError {
            if getuid() == 0 {
                #expect(error.errorNumber == ENOTTY)
                #expect(error.message.contains("it is not an I2C bus device"))
            } else {
                #expect(error.errorNumber == EACCES || error.errorNumber == ENOTTY)
            }
            #expect(error.message.contains("0x77"))
        }
    }

    @Test func theBusIsOpenedAgainOnTheNextTransfer() async throws {
        // The first read fails for want of a bus; when it appears the next one gets further
        // (to the ioctl, which a regular file refuses), with no new bus object.
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let bus = LinuxI2CBus(path: directory.file("i2c-4"))
        let device = bus.device(at: 0x76)
        await #expect(throws: DeviceError.self) { try await device.read(register: 0, count: 1) }
        directory.write("i2c-4", "")
        do {
            _ = try await device.read(register: 0, count: 1)
        } catch let error as DeviceError {
            #expect(error.errorNumber != ENOENT)
        }
    }

    @Test(arguments: [
        (
            ENOENT, LinuxI2CBus.Stage.open,
            "no such file or directory (ENOENT); enable I2C with `sudo raspi-config nonint do_i2c 0`"
        ),
        (
            EACCES, .open,
            "permission denied (EACCES); add the user to group i2c (`sudo usermod -aG i2c $USER`, then log in again) or run as root."
        ),
        (EPERM, .open, "(EPERM); add the user to group i2c"),
        (
            ENXIO, .firstTransfer,
            "Nothing answers at 0x76 on /dev/i2c-1: no such device or address (ENXIO); check the wiring (SDA to pin 3, SCL to pin 5, power and GND) or try address 0x77 (`i2cdetect -y 1` lists the addresses that answer)."
        ),
        (
            EREMOTEIO, .firstTransfer,
            "Nothing answers at 0x76 on /dev/i2c-1: remote I/O error (EREMOTEIO); check the wiring"
        ),
        (
            EIO, .firstTransfer,
            "Nothing answers at 0x76 on /dev/i2c-1: input/output error (EIO); check the wiring"
        ),
        (
            EREMOTEIO, .transferAfterAnswer,
            "The device at 0x76 on /dev/i2c-1 stopped answering: remote I/O error (EREMOTEIO); check the wiring"
        ),
        (
            EBUSY, .selectAddress,
            "Cannot use address 0x76 on /dev/i2c-1: device or resource busy (EBUSY); a kernel driver owns it"
        ),
        (ENOTTY, .selectAddress, "it is not an I2C bus device"),
        (
            ENODEV, .firstTransfer,
            "Nothing answers at 0x76 on /dev/i2c-1: no such device (ENODEV); check the wiring"
        ),
        (
            ENODEV, .transferAfterAnswer,
            "The I2C adapter /dev/i2c-1 went away while talking to 0x76: no such device (ENODEV)"
        ),
        (
            ETIMEDOUT, .firstTransfer,
            "Cannot talk to the device at 0x76 on /dev/i2c-1: connection timed out (ETIMEDOUT)."
        ),
    ])
    func errnoToSentence(code: Int32, stage: LinuxI2CBus.Stage, expected: String) {
        let error = LinuxI2CBus.error(code, path: "/dev/i2c-1", address: 0x76, during: stage)
        #expect(error.message.contains(expected))
        #expect(error.message.contains("/dev/i2c-1"))
        #expect(error.message.contains("0x76"))
        #expect(error.errorNumber == code)
        #expect(error.message.hasSuffix("."))
    }

    @Test func theOtherAddressIsSuggested() {
        let at77 = LinuxI2CBus.error(
            ENXIO, path: "/dev/i2c-11", address: 0x77, during: .firstTransfer)
        #expect(at77.message.contains("or try address 0x76 (`i2cdetect -y 11`"))
        let elsewhere = LinuxI2CBus.error(
            ENXIO, path: "/dev/i2c-0", address: 0x3C, during: .firstTransfer)
        #expect(!elsewhere.message.contains("or try address"))
        #expect(elsewhere.message.contains("0x3c"))
    }
}

/// The executor that keeps blocking calls off the cooperative pool.
@Suite struct DedicatedThreadExecutorTests {
    actor Recorder {
        let executor = DedicatedThreadExecutor()
        nonisolated var unownedExecutor: UnownedSerialExecutor {
            executor.asUnownedSerialExecutor()
        }
        var threads: [pthread_t] = []

        func record() { threads.append(pthread_self()) }

        func blockBriefly() {
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)  // a blocking call, as an I2C transfer is
            threads.append(pthread_self())
        }
    }

    @Test func everyJobRunsOnTheSameThreadOfItsOwn() async {
        let recorder = Recorder()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    if index % 2 == 0 {
                        await recorder.record()
                    } else {
                        await recorder.blockBriefly()
                    }
                }
            }
        }
        let threads = await recorder.threads
        #expect(threads.count == 8)
        #expect(threads.allSatisfy { pthread_equal($0, threads[0]) != 0 })
        let poolThread = await Task.detached { pthread_self() }.value
        #expect(pthread_equal(poolThread, threads[0]) == 0)
        recorder.executor.shutdown()
    }
}

/// The CPU temperature file.
@Suite struct CPUThermometerTests {
    @Test func readsMillidegrees() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("temp", "48312\n")
        #expect(try await CPUThermometer(path: directory.file("temp")).read() == 48.312)
    }

    @Test func aMissingZoneSaysToTurnTheCompensationOff() async {
        let path = "/nonexistent/thermal_zone0/temp"
        await #expect(
            throws: DeviceError(
                "read the CPU temperature from", device: path, errorNumber: ENOENT,
                hint:
                    "this machine reports no CPU temperature there, so set sensor.cpu_heat_factor = 0"
            )
        ) { try await CPUThermometer(path: path).read() }
    }

    @Test func garbageIsRefused() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("temp", "hot\n")
        do {
            _ = try await CPUThermometer(path: directory.file("temp")).read()
            Issue.record("\"hot\" was read as a temperature")
        } catch {
            #expect(error.message.contains("is \"hot\", not millidegrees Celsius"))
        }
    }
}

@Suite struct I2CBusKeyTests {
    @Test func messagesNameTheKeyThatChoseTheBus() {
        let display = LinuxI2CBus.error(
            ENOENT, path: "/dev/i2c-3", address: 0x27, during: .open, busKey: "display.bus")
        #expect(display.message.contains("or set display.bus to a bus that exists"))
        let sensor = LinuxI2CBus.error(ENOENT, path: "/dev/i2c-3", address: 0x76, during: .open)
        #expect(sensor.message.contains("or set sensor.bus to a bus that exists"))
    }
}
