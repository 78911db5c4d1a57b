import FoundationEssentials
import HomeAssistant
import KioskCore
import Testing

/// Each favourite's air-quality index (Home Assistant's `aqi` device class, no unit) and UV
/// index ("UV index", no device class: Home Assistant has none for it), announced with the
/// other per-place sensors and sent on a topic each, on the place's scale.
@Suite struct AirQualityEntityTests {
    static let enschede = City(
        name: "Enschede", country: "Netherlands",
        coordinate: Coordinate(latitude: 52.21833, longitude: 6.89583), geonameID: 2_756_071)

    static func configuration() -> KioskConfiguration {
        var configuration = KioskConfiguration()
        configuration.mqtt.url = "mqtt://broker.lan:1883"
        configuration.mqtt.topic = "weather-kiosk/kitchen"
        configuration.cities = [enschede]
        return configuration
    }

    @Test func eachPlaceHasAnAQIAndAUVSensor() throws {
        let configuration = Self.configuration()
        let topics = HomeAssistantTopics(configuration.mqtt, hostName: "kitchen")
        let discovery = HomeAssistantDiscovery(
            configuration, topics: topics,
            facts: .init(chip: .bme280, hasSeaLevelPressure: true, hostName: "kitchen"))
        func config(_ object: String) throws -> [String: JSONValue] {
            let message = try #require(
                discovery.messages.first {
                    $0.topic == "homeassistant/sensor/weather_kiosk_kitchen/\(object)/config"
                }, "\(discovery.topics.sorted())")
            guard case .object(let fields) = message.payload else {
                Issue.record("\(object): not an object")
                return [:]
            }
            return fields
        }
        let aqi = try config("city_g2756071_aqi")
        #expect(aqi["name"] == .string("Enschede air quality index"))
        #expect(aqi["device_class"] == .string("aqi"))
        #expect(aqi["unit_of_measurement"] == nil, "an AQI has no unit in Home Assistant")
        #expect(aqi["state_topic"] == .string("weather-kiosk/kitchen/cities/g2756071/aqi"))
        let uv = try config("city_g2756071_uv_index")
        #expect(uv["name"] == .string("Enschede UV index"))
        #expect(uv["device_class"] == nil)
        #expect(uv["unit_of_measurement"] == .string("UV index"))
        #expect(uv["state_topic"] == .string("weather-kiosk/kitchen/cities/g2756071/uv_index"))
    }

    /// Enschede's recorded air (`air-quality-single-current-hourly-frenck.json`: European
    /// index 44, US AQI 65, UV index 2.1) on the Netherlands' scale, on the US one when
    /// `units.aqi` says so, and "None" (Home Assistant's unknown) before it arrives.
    @Test func theValuesAreThePlacesIndexOnItsScaleAndItsUV() {
        let air = AirQualityForecast(
            coordinate: Self.enschede.coordinate, utcOffsetSeconds: 7200,
            current: AirQualityConditions(
                time: Date(timeIntervalSince1970: 1_790_935_200), europeanAQI: 44, usAQI: 65,
                uvIndex: UVIndex(2.1)))
        func values(_ air: AirQualityForecast?, aqi: AQIScale? = nil) -> [String: String] {
            var configuration = Self.configuration()
            configuration.units.aqi = aqi
            var page = PageModel(
                page: .air, now: Date(timeIntervalSince1970: 1_790_936_000),
                kioskUTCOffsetSeconds: 0, language: .en)
            page.favourites = [CityWeather(city: Self.enschede, airQuality: air)]
            var snapshot = KioskSnapshot(
                frame: 1, slide: Slide(.page(.air), cityIndex: 0), step: 0, page: page,
                power: .on, notices: [], reading: nil, sensorError: nil, forecastFetchedAt: nil,
                forecastStale: false, forecastError: nil, configProblems: [])
            snapshot.configuration = configuration
            return HomeAssistantState.cityValues(
                snapshot, topics: HomeAssistantTopics(configuration.mqtt, hostName: "kitchen"))
        }
        let aqiTopic = "weather-kiosk/kitchen/cities/g2756071/aqi"
        let uvTopic = "weather-kiosk/kitchen/cities/g2756071/uv_index"
        #expect(values(air)[aqiTopic] == "44")
        #expect(values(air)[uvTopic] == "2.1")
        #expect(values(air, aqi: .us)[aqiTopic] == "65")
        #expect(values(nil)[aqiTopic] == "None")
        #expect(values(nil)[uvTopic] == "None")
    }
}
