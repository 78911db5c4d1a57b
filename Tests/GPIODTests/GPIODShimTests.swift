import CGPIODShim
import Glibc
import Testing

/// The shim's own API on a machine without GPIO chips: what it reports when there is
/// nothing to find, and how every failure comes back as an errno. CI runs these against
/// libgpiod 1.6 (the system's) and 2.x (Tests/gpiod/v2-build.sh).
@Suite struct GPIODShimTests {
    @Test func compiledAPIMatchesTheLoadedLibrary() {
        let version = String(cString: CGPIOD_libraryVersion())
        let major = CGPIOD_apiMajorVersion()
        #expect(major == 1 || major == 2)
        #expect(version.hasPrefix("\(major)."))
        #expect(CGPIOD_hasKernelDebounce() == (major == 2 ? 1 : 0))
        // Tests/gpiod/v2-build.sh sets this: the 2.x build must not fall back to the 1.6 branch.
        if let expected = getenv("GPIOD_EXPECTED_API") {
            #expect(String(cString: expected) == String(major))
        }
    }

    @Test func emptyDirectoryHasNoChips() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        var chips = [CGPIOD_ChipInfo](repeating: CGPIOD_ChipInfo(), count: 4)
        #expect(CGPIOD_listChips(directory.path, &chips, 4) == 0)
    }

    @Test func missingDirectoryIsAnErrno() {
        var chips = [CGPIOD_ChipInfo](repeating: CGPIOD_ChipInfo(), count: 1)
        #expect(CGPIOD_listChips("/nonexistent-weather-kiosk", &chips, 1) == -ENOENT)
    }

    @Test func chipsAreListedInNumericOrderAndFilesThatAreNotChipsSayWhy() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        for name in ["gpiochip10", "gpiochip3", "gpiochipX", "gpiochip", "i2c-1"] {
            try directory.create(name)
        }
        var chips = [CGPIOD_ChipInfo](repeating: CGPIOD_ChipInfo(), count: 1)
        // More chips than room: the count says so, the first entry is filled.
        #expect(CGPIOD_listChips(directory.path, &chips, 1) == 2)
        chips = [CGPIOD_ChipInfo](repeating: CGPIOD_ChipInfo(), count: 4)
        #expect(CGPIOD_listChips(directory.path, &chips, 4) == 2)
        #expect(text(chips[0].path) == directory.path + "/gpiochip3")
        #expect(text(chips[1].path) == directory.path + "/gpiochip10")
        #expect(text(chips[0].name) == "gpiochip3")
        for chip in chips.prefix(2) {
            // A regular file is no GPIO character device: opening it fails with an errno.
            #expect(chip.errorNumber != 0)
            #expect(text(chip.label).isEmpty)
            #expect(chip.lineCount == 0)
        }
    }

    @Test func theMachinesOwnChipsAreListedWithoutError() {
        var chips = [CGPIOD_ChipInfo](repeating: CGPIOD_ChipInfo(), count: 16)
        let count = CGPIOD_listChips("/dev", &chips, 16)
        #expect(count >= 0)
        for chip in chips.prefix(Int(max(count, 0))) {
            #expect(text(chip.path).hasPrefix("/dev/gpiochip"))
        }
    }

    @Test(arguments: ["/nonexistent-weather-kiosk/gpiochip0", "/dev/null"])
    func lookupsOnSomethingThatIsNotAChipFail(path: String) {
        #expect(CGPIOD_findLine(path, "GPIO17") < 0)
        var consumer = [CChar](repeating: 0, count: 64)
        #expect(CGPIOD_lineConsumer(path, 17, &consumer, 64) < 0)
        var errorNumber: Int32 = 0
        var offsets: [UInt32] = [17, 27]
        let request = CGPIOD_requestInputs(
            path, &offsets, 2, CGPIOD_BIAS_PULL_UP, 30_000, "weather-kiosk", &errorNumber)
        #expect(request == nil)
        #expect(errorNumber != 0)
    }

    @Test func missingChipIsNoSuchFile() {
        var errorNumber: Int32 = 0
        var offsets: [UInt32] = [17]
        let path = "/nonexistent-weather-kiosk/gpiochip0"
        #expect(CGPIOD_findLine(path, "GPIO17") == -ENOENT)
        #expect(
            CGPIOD_requestInputs(
                path, &offsets, 1, CGPIOD_BIAS_PULL_DOWN, 0, "weather-kiosk", &errorNumber) == nil)
        #expect(errorNumber == ENOENT)
    }

    @Test func requestingNoLinesIsInvalid() {
        var errorNumber: Int32 = 0
        var offsets: [UInt32] = []
        #expect(
            CGPIOD_requestInputs(
                "/dev/gpiochip0", &offsets, 0, CGPIOD_BIAS_DISABLED, 0, "weather-kiosk",
                &errorNumber) == nil)
        #expect(errorNumber == EINVAL)
    }

    private func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// A directory under /tmp for one test, removed with its files.
struct ScratchDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/weather-kiosk-gpiod-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ScratchError(errorNumber: errno) }
        path = String(cString: made)
    }

    func create(_ name: String) throws {
        let descriptor = open(path + "/" + name, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ScratchError(errorNumber: errno) }
        close(descriptor)
    }

    func remove() {
        guard let directory = opendir(path) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { unlink(path + "/" + name) }
        }
        closedir(directory)
        rmdir(path)
    }
}

struct ScratchError: Error {
    var errorNumber: Int32
}

/// The output and BUSY-wait parts of the shim, where no chip is there to request from.
@Suite struct GPIODShimOutputTests {
    @Test func outputsOnAMissingChipAreAnErrno() {
        var error: Int32 = 0
        let offsets: [UInt32] = [27, 22, 8]
        let levels: [Int32] = [1, 0, 1]
        let request = CGPIOD_requestOutputs(
            "/nonexistent-weather-kiosk/gpiochip0", offsets, 3, levels, "test", &error)
        #expect(request == nil)
        #expect(error == ENOENT)
    }

    @Test func noLinesIsInvalid() {
        var error: Int32 = 0
        let request = CGPIOD_requestOutputs("/dev/null", nil, 0, nil, "test", &error)
        #expect(request == nil)
        #expect(error == EINVAL)
    }
}
