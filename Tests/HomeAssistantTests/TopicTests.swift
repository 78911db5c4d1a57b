import HomeAssistant
import KioskCore
import Testing

@Suite struct TopicTests {
    @Test func namesComeFromTheHostUnlessTheConfigSaysOtherwise() {
        var settings = MQTTSettings()
        settings.url = "mqtt://127.0.0.1"
        let topics = HomeAssistantTopics(settings, hostName: "Kitchen-Pi")
        #expect(topics.base == "weather-kiosk/Kitchen-Pi")
        #expect(topics.node == "weather_kiosk_kitchen_pi")
        #expect(topics.clientID == "weather-kiosk-Kitchen-Pi")
        settings.topic = "house/hall kiosk"
        #expect(
            HomeAssistantTopics(settings, hostName: "pi").node == "weather_kiosk_house_hall_kiosk")
    }
}
