/// What the screen shows: a page, and for the per-city pages the favourite it is about.
public struct Slide: Sendable, Hashable, Codable {
    /// What kind of screen.
    public enum Kind: Sendable, Hashable, Codable {
        /// A configured page.
        case page(Page)
        /// No favourites yet: how to add one.
        case empty
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
    /// Whether the page is about one favourite (city, hourly) rather than all (indoor, map).
    public var isPerCity: Bool { self == .city || self == .hourly }
}

/// The order the kiosk cycles in. Per-city pages that follow each other in `pages` are
/// shown city by city (Rome's city and hourly pages, then Berlin's, …); the other pages
/// come once per round where `pages` puts them. Without favourites the round is the empty
/// page and, if configured, the indoor page.
public func slideSequence(pages: [Page], cityCount: Int) -> [Slide] {
    guard cityCount > 0 else {
        return [Slide(.empty)] + (pages.contains(.indoor) ? [Slide(.page(.indoor))] : [])
    }
    var slides: [Slide] = []
    var run: [Page] = []
    func flush() {
        guard !run.isEmpty else { return }
        for city in 0..<cityCount {
            for page in run { slides.append(Slide(.page(page), cityIndex: city)) }
        }
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
