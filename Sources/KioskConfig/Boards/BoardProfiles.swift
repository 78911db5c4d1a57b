public import KioskCore

/// Board profiles: config fragments that set a board's buses, pins and display, and add-on
/// profiles for common hardware on top of a board (a PiTFT, an LCD, an OLED). They apply
/// under the config file, which wins: defaults, then the board, then the add-on, then the
/// config. The files in boards/ are compiled into the binary, so a Pi needs nothing besides
/// it (deploy/tools/embed-board-profiles.py; the .deb also installs them for reading).
public enum BoardProfiles {
    /// The names of every known board, sorted.
    public static var names: [String] { boardFiles.keys.sorted() }

    /// The names of every known add-on, sorted.
    public static var addonNames: [String] { addonFiles.keys.sorted() }

    /// The profile document for `board`, or nil when there is none.
    public static func document(for board: String) -> ConfigDocument? {
        boardFiles[board].map { ConfigDocument(file: "boards/\(board).toml", text: $0) }
    }

    /// The profile document for add-on `addon`, or nil when there is none.
    public static func document(forAddon addon: String) -> ConfigDocument? {
        addonFiles[addon].map { ConfigDocument(file: "boards/addons/\(addon).toml", text: $0) }
    }

    /// The configuration the profiles give before the config file applies: the board's,
    /// with the add-on's on top.
    /// - Throws: `ConfigFileError` when a profile itself is invalid.
    public static func base(for board: String, addon: String? = nil) throws(ConfigFileError)
        -> KioskConfiguration
    {
        var base = KioskConfiguration()
        base.board = board
        if let profile = document(for: board) { base = try profile.resolve(onto: base) }
        if let addon, let profile = document(forAddon: addon) {
            base = try profile.resolve(onto: base)
            base.addon = addon
        }
        return base
    }
}
