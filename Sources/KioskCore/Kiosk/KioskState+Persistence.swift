/// What the kiosk writes to disk and reads back at start.
extension KioskState {
    /// What is written to disk: the slide and the recently viewed favourites.
    public var persistedState: PersistedKioskState {
        PersistedKioskState(lastCity: currentCity, lastPage: slide.page, recentCities: recentCities)
    }

    /// Takes the slide and the recent favourites from what was written before.
    mutating func restore(_ restored: PersistedKioskState?) {
        guard let restored else { return }
        recentCities = Array(restored.recentCities.prefix(Self.recentLimit))
        if let city = restored.lastCity,
            let index = settings.cities.firstIndex(where: { $0.isSamePlace(as: city) })
        {
            cityIndex = index
        }
        let candidate = restored.lastPage.map { page in
            Slide(.page(page), cityIndex: page.isPerCity ? cityIndex : nil)
        }
        if let candidate, slides.contains(candidate) {
            slide = candidate
        } else if slide.cityIndex != nil {
            slide.cityIndex = cityIndex
        }
    }
}
