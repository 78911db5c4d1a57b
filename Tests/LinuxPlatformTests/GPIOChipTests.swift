import Glibc
import KioskCore
import KioskTesting
import LinuxPlatform
import Testing

/// Finding chips and lines where there are none, or where the "chips" are not chips: the
/// error sentences a user sees.
@Suite struct GPIOChipTests {
    @Test func noChipsAndALineName() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect {
            try GPIOChips.resolve(ButtonSettings(), directory: directory.path)
        } throws: { error in
            (error as? DeviceError)?.message
                == "No GPIO line is named \"GPIO17\" (buttons.next); there is no \(directory.path)/gpiochip* device here (not a Raspberry Pi, or no GPIO driver loaded); check the board setting and that the GPIO driver is loaded."
        }
    }

    @Test func chipsThatCannotBeOpenedAreListedWithTheReason() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("gpiochip0", "")
        directory.write("gpiochip4", "")
        let chips = try GPIOChips.list(directory: directory.path)
        #expect(chips.map(\.name) == ["gpiochip0", "gpiochip4"])
        var settings = ButtonSettings()
        settings.chip = "pinctrl-rp1"
        settings.next = "17"
        #expect {
            try GPIOChips.resolve(settings, directory: directory.path)
        } throws: { error in
            guard let message = (error as? DeviceError)?.message else { return false }
            return message.hasPrefix(
                "No GPIO chip is labelled \"pinctrl-rp1\" (buttons.chip); the GPIO chips here are gpiochip0 (cannot open: "
            )
                && message.hasSuffix("; set buttons.chip to one of these labels.")
        }
    }

    @Test func offsetWithoutAChipLabel() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var settings = ButtonSettings()
        settings.next = "17"
        settings.previous = ""
        settings.select = ""
        #expect {
            try GPIOChips.resolve(settings, directory: directory.path)
        } throws: { error in
            (error as? DeviceError)?.message.hasPrefix(
                "buttons.next = \"17\" is a line offset, which needs buttons.chip (the chip's label)"
            )
                == true
        }
    }

    @Test func missingDeviceDirectory() {
        #expect {
            try GPIOChips.list(directory: "/nonexistent-weather-kiosk")
        } throws: { error in
            (error as? DeviceError)?.message
                == "Cannot list GPIO chips in /nonexistent-weather-kiosk: no such file or directory."
        }
    }

    @Test func gpiodInputFailsWithTheSameSentence() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect {
            try GPIODButtonInput(settings: ButtonSettings(), chipDirectory: directory.path)
        } throws: { error in
            (error as? DeviceError)?.message.hasPrefix("No GPIO line is named \"GPIO17\"") == true
        }
    }

    @Test func inventoryListsLabelsAndLineCounts() {
        let chips = [
            GPIOChip(
                path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lineCount: 58,
                errorNumber: 0),
            GPIOChip(
                path: "/dev/gpiochip1", name: "gpiochip1", label: "raspberrypi-exp-gpio",
                lineCount: 8, errorNumber: 0),
        ]
        #expect(
            GPIOChips.inventory(chips)
                == "the GPIO chips here are gpiochip0 \"pinctrl-bcm2711\" (58 lines), gpiochip1 \"raspberrypi-exp-gpio\" (8 lines)"
        )
        let line = GPIOLine(button: .next, spec: "GPIO17", chip: chips[0], offset: 17)
        #expect(line.description == "GPIO17 (line 17 of pinctrl-bcm2711)")
    }
}

/// The busy-line sentence names the lines that are in use and who holds each, not the
/// free lines requested with them (found by the kernel VM's gpio-sim check: all three
/// buttons sit on one chip, one line held by "gpio-keys").
@Suite struct GPIOBusyMessageTests {
    let chip = GPIOChip(
        path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lineCount: 58,
        errorNumber: 0)
    var lines: [GPIOLine] {
        [(ButtonName.next, 17), (.previous, 27), (.select, 22)].map {
            GPIOLine(button: $0.0, spec: "GPIO\($0.1)", chip: chip, offset: $0.1)
        }
    }

    @Test func oneHeldLineOfThreeIsTheOnlyOneNamed() {
        #expect(
            GPIOChips.busyMessage(lines, chipPath: chip.path, holders: [nil, "gpio-keys", nil])
                == "Cannot request GPIO27 (line 27 of pinctrl-bcm2711) on /dev/gpiochip0: the line is busy, held by \"gpio-keys\"; stop that program, or with the gpio-key overlay use buttons.backend = \"evdev\"."
        )
    }

    @Test func twoHeldLinesNameEachHolder() {
        #expect(
            GPIOChips.busyMessage(lines, chipPath: chip.path, holders: ["gpio-keys", nil, ""])
                == "Cannot request GPIO lines on /dev/gpiochip0: they are busy: GPIO17 (line 17 of pinctrl-bcm2711) held by \"gpio-keys\", GPIO22 (line 22 of pinctrl-bcm2711) held by another program (no consumer name); stop that program, or with the gpio-key overlay use buttons.backend = \"evdev\"."
        )
    }

    @Test func aHolderGoneByTheTimeWeAskSaysRunAgain() {
        #expect(
            GPIOChips.busyMessage(lines, chipPath: chip.path, holders: [nil, nil, nil])
                .hasSuffix(": a line was busy, and no program holds one now; run again."))
    }
}
