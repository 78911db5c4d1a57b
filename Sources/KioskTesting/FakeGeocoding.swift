import KioskCore

extension FakeOpenMeteo {
    /// `/v1/search`: prefix matches on the name or an alternate name, ignoring case and
    /// accents, in gazetteer order; 2-character names match exactly only, shorter ones find
    /// nothing, as the real geocoder does.
    func search(_ request: RecordedRequest) -> CannedResponse {
        guard let name = request.queryValue("name") else {
            return .json(
                JSONText.errorBody("Value of type 'String' required for key 'name'."),
                status: 400)
        }
        var count = 10
        if let text = request.queryValue("count") {
            guard let value = Int(text), (1...100).contains(value) else {
                return .json(
                    JSONText.errorBody("Parameter count must be between 1 and 100."), status: 400
                )
            }
            count = value
        }
        if let format = request.queryValue("format"), format != "json" {
            return .json(
                JSONText.errorBody("The fake Open-Meteo answers format=json only."), status: 400)
        }
        let generationTime = ("generationtime_ms", JSONText.number(0.4, fractionDigits: 2))
        let query = Transliteration.searchKey(name)
        guard query.count >= 2 else { return .json(JSONText.object([generationTime])) }
        let country = request.queryValue("countryCode")?.uppercased()
        let matches = Self.places.filter { place in
            if let country, place.countryCode != country { return false }
            return ([place.name] + place.alternateNames).contains { candidate in
                let key = Transliteration.searchKey(candidate)
                return query.count == 2 ? key == query : key.hasPrefix(query)
            }
        }
        guard !matches.isEmpty else { return .json(JSONText.object([generationTime])) }
        let results = matches.prefix(count).map(Self.placeJSON)
        return .json(JSONText.object([("results", JSONText.array(results)), generationTime]))
    }

    /// `/v1/get?id=N`: the bare place object, or 400.
    func lookup(_ request: RecordedRequest) -> CannedResponse {
        guard let text = request.queryValue("id"), let id = Int(text) else {
            return .json(
                JSONText.errorBody("Value of type 'Int32' required for key 'id'."), status: 400)
        }
        guard let place = Self.places.first(where: { $0.id == id }) else {
            return .json(JSONText.errorBody("Location ID not found."), status: 400)
        }
        return .json(Self.placeJSON(place))
    }

    /// A place as the geocoder writes it: fields without a value are left out.
    static func placeJSON(_ place: Place) -> String {
        var members: [(key: String, value: String)] = [
            ("id", String(place.id)), ("name", JSONText.string(place.name)),
            ("latitude", JSONText.number(place.coordinate.latitude, fractionDigits: 5)),
            ("longitude", JSONText.number(place.coordinate.longitude, fractionDigits: 5)),
            ("elevation", JSONText.number(place.elevation, fractionDigits: 1)),
            ("feature_code", JSONText.string(place.featureCode)),
        ]
        if let code = place.countryCode { members.append(("country_code", JSONText.string(code))) }
        members.append(("timezone", JSONText.string(place.timezone)))
        if let population = place.population {
            members.append(("population", String(population)))
        }
        if let country = place.country { members.append(("country", JSONText.string(country))) }
        if let admin1 = place.admin1 { members.append(("admin1", JSONText.string(admin1))) }
        return JSONText.object(members)
    }
}
