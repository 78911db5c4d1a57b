import ArgumentParser
import KioskCommands

/// `weather-kiosk config …`
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show, check and change the configuration.",
        discussion: """
            Edits change only the key they name: comments, blank lines and the order of
            everything else in the file stay as they are. Nothing invalid is ever written.
            """,
        subcommands: [
            Show.self, Check.self, Get.self, Set.self, Unset.self, Edit.self, Reference.self,
        ])
}

extension ConfigCommand {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print the whole effective configuration, defaults included.")
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try ConfigCommands(store: options.store, console: .standard).show(json: json)
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate a config file (default: the one in use) without using it.")
        @OptionGroup var options: ConfigOptions
        @Argument(help: "The file to check.") var file: String?

        func run() throws {
            try ConfigCommands(store: options.store, console: .standard).check(file: file)
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Print one value, for example `config get display.cycle_seconds`.")
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false
        @Argument(help: "Dotted key: table.key.") var key: String

        func run() throws {
            try ConfigCommands(store: options.store, console: .standard).get(key, json: json)
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change one value, for example `config set units.temperature fahrenheit`.",
            discussion: """
                Lists: `config set display.pages city,hourly`. Tables: `config set display.night.from 22:30`.
                """)
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false
        @Argument(help: "Dotted key: table.key.") var key: String
        // Captures what ArgumentParser would take for an option, so that a negative number
        // (`config set station.longitude -73.99`) needs no `--` in front of it.
        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp("The new value; a negative number needs no --.", valueName: "value"))
        var value: [String] = []

        func validate() throws {
            guard value.count == 1 else {
                throw ValidationError(
                    value.isEmpty
                        ? "Missing the value: weather-kiosk config set \(key) VALUE."
                        : "config set takes one value, not \(value.count) (\(value.joined(separator: " "))); quote a value with spaces."
                )
            }
        }

        func run() throws {
            try ConfigCommands(store: options.store, console: .standard).set(
                key, to: value[0], json: json)
        }
    }

    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset",
            abstract: "Remove a key from the file so that its default applies again.")
        @OptionGroup var options: ConfigOptions
        @Flag(help: "Print JSON.") var json = false
        @Argument(help: "Dotted key: table.key.") var key: String

        func run() throws {
            try ConfigCommands(store: options.store, console: .standard).unset(key, json: json)
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Open $EDITOR on a copy, validate it, and install it atomically.",
            discussion:
                "On a problem it shows it and offers to edit again; nothing invalid is installed.")
        @OptionGroup var options: ConfigOptions

        func run() throws {
            try ConfigCommands(store: options.store, console: .standard)
                .edit(environment: ProcessSetup.environment)
        }
    }

    struct Reference: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reference",
            abstract: "Print every key: what it takes, its default and its meaning, as Markdown.",
            discussion:
                "docs/configuration-reference.md is this output, made from the program's own schema."
        )

        func run() throws {
            try ConfigCommands.reference(console: .standard)
        }
    }
}
