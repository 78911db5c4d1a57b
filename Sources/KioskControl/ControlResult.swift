/// The reply to a command that does something (`next`, `previous`, `show`, `page`,
/// `refresh`, `reload`): the sentence the CLI prints, and what `--json` adds to it. On the
/// socket these follow `"ok":true`; `--json` prints them as they are.
public struct ControlResult: Sendable, Hashable, Codable {
    /// The sentence: "Showing the city page of Rome (2 of 5)."
    public var message: String
    /// What is on screen after `next`, `previous`, `show` and `page`.
    public var showing: KioskStatus.Showing?
    /// What became of a `refresh`: started, joined_running, joined_recent, scheduled,
    /// held_by_rate_limit or due.
    public var refresh: String?
    /// After a `refresh`: seconds until the next attempt, rounded up (0 while one runs).
    public var nextRefreshSeconds: Int?
    /// After a `reload`: whether the config in use changed.
    public var changed: Bool?

    enum CodingKeys: String, CodingKey {
        case message, showing, refresh, changed
        case nextRefreshSeconds = "next_refresh_seconds"
    }

    /// Creates a result.
    public init(
        message: String, showing: KioskStatus.Showing? = nil, refresh: String? = nil,
        changed: Bool? = nil
    ) {
        self.message = message
        self.showing = showing
        self.refresh = refresh
        self.changed = changed
    }
}
