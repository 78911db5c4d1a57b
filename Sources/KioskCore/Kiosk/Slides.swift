/// What the screen shows: a page, and for the per-city pages the favourite it is about.
public struct Slide: Sendable, Hashable, Codable {
    /// What kind of screen.
    public enum Kind: Sendable, Hashable, Codable {
        /// A configured page.
        case page(Page)
        /// No favourites yet: how to add one.
        case empty
        /// A severe or extreme warning of the favourite `cityIndex`, on a page of its own.
        case warning
    }

    /// What kind of screen.
    public var kind: Kind
    /// The favourite (0-based) for per-city pages; nil otherwise.
    public var cityIndex: Int?

    /// Creates a slide.
    public init(_ kind: Kind, cityIndex: Int? = nil) {
        self.kind = kind
        self.cityIndex = cityIndex
    }

    /// The configured page, when it is one.
    public var page: Page? {
        if case .page(let page) = kind { return page }
        return nil
    }
}

extension Page {
    /// Whether the page is about one favourite (city, hourly, sky) rather than all (indoor,
    /// map).
    public var isPerCity: Bool { PageKind(self).isPerCity }
}

/// The order the kiosk cycles in. Per-city pages that follow each other in `pages` are
/// shown city by city (Rome's city and hourly pages, then Berlin's, …); the other pages
/// come once per round where `pages` puts them. A favourite in `warningCities` (0-based:
/// one with a severe or extreme warning) has its warning's page before its own pages, or
/// at the start of the round when no page is per-city. Without favourites the round is the
/// empty page and, if configured, the indoor page.
public func slideSequence(pages: [Page], cityCount: Int, warningCities: Set<Int> = [])
    -> [Slide]
{
    guard cityCount > 0 else {
        return [Slide(.empty)] + (pages.contains(.indoor) ? [Slide(.page(.indoor))] : [])
    }
    let warned = (0..<cityCount).filter(warningCities.contains)
    var slides: [Slide] =
        pages.contains(where: \.isPerCity) ? [] : warned.map { Slide(.warning, cityIndex: $0) }
    var run: [Page] = []
    var warningsPlaced = false
    func flush() {
        guard !run.isEmpty else { return }
        for city in 0..<cityCount {
            // The warning's page comes once a round, before the first run of the place's
            // pages.
            if !warningsPlaced, warningCities.contains(city) {
                slides.append(Slide(.warning, cityIndex: city))
            }
            for page in run { slides.append(Slide(.page(page), cityIndex: city)) }
        }
        warningsPlaced = true
        run = []
    }
    for page in pages {
        if page.isPerCity {
            run.append(page)
        } else {
            flush()
            slides.append(Slide(.page(page)))
        }
    }
    flush()
    return slides
}
