import KioskConfig
import KioskCore
import Testing

/// `config unset TABLE` edits the text: the table and the comments just above it go, every
/// other byte stays.
@Suite struct ConfigTableRemovalTests {
    static let sample = """
        # Kitchen kiosk.
        board = "simulator"

        [display]
        kind = "png"          # for now

        # Home Assistant, on the NAS.
        [mqtt]
        url = "mqtt://nas.lan:1883"   # the broker
        username = "kiosk"
        # password_file = "/etc/weather-kiosk/mqtt.password"

        [sensor]
        kind = "simulated"

        [[cities]]
        name = "Rome"
        latitude = 41.89193
        longitude = 12.51133

        """

    @Test func aTableInTheMiddleGoesWithItsComments() throws {
        let removed = try ConfigDocument(file: "c.toml", text: Self.sample).removingTable("mqtt")
        #expect(
            removed.text == """
                # Kitchen kiosk.
                board = "simulator"

                [display]
                kind = "png"          # for now

                [sensor]
                kind = "simulated"

                [[cities]]
                name = "Rome"
                latitude = 41.89193
                longitude = 12.51133

                """)
        #expect(try ConfigStore.resolve(removed).mqtt.isEnabled == false)
    }

    @Test func theLastTableAndDottedKeysAtTheRootGoToo() throws {
        let last = """
            board = "simulator"

            [display]
            kind = "png"

            [mqtt]
            url = "mqtt://nas.lan:1883"

            """
        #expect(
            try ConfigDocument(file: "c.toml", text: last).removingTable("mqtt").text
                == "board = \"simulator\"\n\n[display]\nkind = \"png\"\n")
        let dotted = """
            board = "simulator"
            mqtt.url = "mqtt://nas.lan:1883"
            mqtt.topic = "weather-kiosk/kitchen"

            [display]
            kind = "png"

            """
        #expect(
            try ConfigDocument(file: "c.toml", text: dotted).removingTable("mqtt").text
                == "board = \"simulator\"\n\n[display]\nkind = \"png\"\n")
        let inline = "board = \"simulator\"\nmqtt = { url = \"mqtt://nas.lan:1883\" }\n"
        #expect(
            try ConfigDocument(file: "c.toml", text: inline).removingTable("mqtt").text
                == "board = \"simulator\"\n")
    }

    @Test func aFileWithoutTheTableIsUnchanged() throws {
        let document = ConfigDocument(file: "c.toml", text: Self.sample)
        #expect(try document.removingTable("buttons").text == Self.sample)
        // A favourite is no table to remove this way.
        #expect(try document.removingTable("cities").text == Self.sample)
    }
}
