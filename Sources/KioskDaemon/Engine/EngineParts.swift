public import KioskConfig
public import KioskControl
public import KioskCore
public import Logging

// What `KioskDaemon` builds a `KioskEngine` from: its collaborators (`KioskEngine.Parts`)
// and what it starts on (`KioskEngine.Start`).

/// The collaborators, built from the configuration by `KioskDaemon`.
public struct EngineParts: Sendable {
    /// Clocks and sleeping.
    public var time: any TimeSource
    /// HTTP for Open-Meteo.
    public var transport: any HTTPTransport
    /// Makes the display worker for a configuration; it reports each frame through the
    /// closure it is given.
    public var makeDisplay:
        @Sendable (KioskConfiguration, @escaping @Sendable (DisplayWorker.Report) -> Void) ->
            DisplayWorker
    /// Makes the sensor worker for a configuration; nil when there is no sensor.
    public var makeSensor: @Sendable (KioskConfiguration) -> SensorWorker?
    /// Blocking file work.
    public var files: FileWorker
    /// The state directory's files: the state, the history, the forecast cache and the
    /// config's last good copy (the directory only a restart changes).
    public var stateFiles: any FileStore
    /// systemd.
    public var notifier: SystemdNotifier
    /// Host name and addresses for the empty page.
    public var host: @Sendable () -> HostInfo
    /// Log.
    public var logger: Logger
    /// Seeds the back-off jitter.
    public var seed: UInt64
    /// The link to Home Assistant's broker for `status`; nil while MQTT is off.
    public var mqttStatus: @Sendable () -> KioskStatus.MQTT? = { nil }

    /// Creates the parts.
    public init(
        time: any TimeSource, transport: any HTTPTransport,
        makeDisplay:
            @escaping @Sendable (
                KioskConfiguration, @escaping @Sendable (DisplayWorker.Report) -> Void
            ) -> DisplayWorker,
        makeSensor: @escaping @Sendable (KioskConfiguration) -> SensorWorker?,
        files: FileWorker, stateFiles: any FileStore, notifier: SystemdNotifier,
        host: @escaping @Sendable () -> HostInfo, logger: Logger, seed: UInt64
    ) {
        self.time = time
        self.transport = transport
        self.makeDisplay = makeDisplay
        self.makeSensor = makeSensor
        self.files = files
        self.stateFiles = stateFiles
        self.notifier = notifier
        self.host = host
        self.logger = logger
        self.seed = seed
    }
}

/// What the engine starts from: the config and what was on disk.
public struct EngineStart: Sendable {
    /// The configuration in use.
    public var configuration: KioskConfiguration
    /// Problems of the config file when it could not be used, as "FILE, line N: …".
    public var configProblems: [String]
    /// Where `configuration` came from when the file was taken (the reducer keeps its
    /// text as the last good copy); nil when it was refused, or in tests.
    public var configSource: ConfigSource?
    /// The config file.
    public var store: ConfigStore
    /// The last slide and recent favourites.
    public var restored: PersistedKioskState?
    /// The indoor history.
    public var history: IndoorHistory
    /// The forecast cache.
    public var forecasts: [ForecastCache.Entry]
    /// The `[[sensors]]`' histories.
    public var sensorHistory: SensorHistoryArchive
    /// The air quality kept in the state directory.
    public var airQuality: [AirQualityEntry] = []
    /// Whether a good config of the file has been seen (the file, or its last good
    /// copy): from then on a missing or empty file is refused, not taken as defaults.
    public var goodConfigSeen: Bool
    /// Why the state directory cannot be used (read-only, another user's), when it
    /// cannot: the kiosk then runs without keeping anything on disk, and says so.
    public var stateProblem: String?

    /// Creates a start.
    public init(
        configuration: KioskConfiguration, configProblems: [String], store: ConfigStore,
        restored: PersistedKioskState?, history: IndoorHistory,
        forecasts: [ForecastCache.Entry], goodConfigSeen: Bool = false,
        stateProblem: String? = nil, configSource: ConfigSource? = nil,
        sensorHistory: SensorHistoryArchive = SensorHistoryArchive()
    ) {
        self.sensorHistory = sensorHistory
        self.configSource = configSource
        self.stateProblem = stateProblem
        self.goodConfigSeen = goodConfigSeen
        self.configuration = configuration
        self.configProblems = configProblems
        self.store = store
        self.restored = restored
        self.history = history
        self.forecasts = forecasts
    }
}
