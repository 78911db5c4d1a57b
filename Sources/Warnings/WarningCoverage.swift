public import KioskCore

/// Which official source covers a place: by its ISO 3166 country code when geocoding gave
/// one, else by where its coordinates lie (`CoverageOutlines`, coarse: see their accuracy).
/// No source is ever asked about a place outside it; a place no source covers gets only the
/// kiosk's own derived warnings.
///
/// Covered: the United States with Puerto Rico, the US Virgin Islands, Guam, the Northern
/// Mariana Islands and American Samoa (NWS); Norway with Svalbard and Jan Mayen (MET
/// Norway); Germany (DWD). Not covered: everything else — Environment Canada and MeteoAlarm
/// match warnings to areas that no point lookup reaches reliably.
public enum WarningCoverage {
    /// ISO 3166-1 alpha-2 codes and their source.
    public static let countries: [String: WarningSource] = [
        "US": .nws, "PR": .nws, "VI": .nws, "GU": .nws, "MP": .nws, "AS": .nws,
        "NO": .metalerts, "SJ": .metalerts,
        "DE": .dwd,
    ]

    private static let areas: [(WarningSource, GeoArea)] = [
        (
            .nws,
            GeoArea(
                polygons: [
                    CoverageOutlines.contiguousUnitedStates, CoverageOutlines.alaska,
                    CoverageOutlines.westernAleutians, CoverageOutlines.hawaii,
                    CoverageOutlines.puertoRicoAndVirginIslands, CoverageOutlines.marianas,
                    CoverageOutlines.americanSamoa,
                ].flatMap { GeoArea(outline: $0).polygons })
        ),
        (
            .metalerts,
            GeoArea(
                polygons: [
                    CoverageOutlines.mainlandNorway, CoverageOutlines.svalbard,
                    CoverageOutlines.janMayen,
                ].flatMap { GeoArea(outline: $0).polygons })
        ),
        (.dwd, GeoArea(outline: CoverageOutlines.germany)),
    ]

    /// The source for a place: its country code decides when known (an unknown or
    /// uncovered code gives nil, whatever the coordinates); else the outlines.
    public static func source(countryCode: String?, coordinate: Coordinate) -> WarningSource? {
        if let code = countryCode?.uppercased(), !code.isEmpty {
            return countries[code]
        }
        return source(at: coordinate)
    }

    /// The source whose outline holds `coordinate`; nil outside all of them.
    public static func source(at coordinate: Coordinate) -> WarningSource? {
        areas.first { $0.1.contains(coordinate) }?.0
    }
}
