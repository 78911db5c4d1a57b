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
