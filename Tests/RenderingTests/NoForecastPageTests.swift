import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// A favourite without any forecast: its city and hourly pages say so with the whole
/// sentence of why and when the kiosk tries again, in the room the numbers would take,
/// instead of dashes and a footer cut after two lines (issue 28 point 7).
@Suite struct NoForecastPageTests {
    /// The sentence of a malformed answer, as the daemon has it.
    static let malformed =
        "The response from 127.0.0.1:18428 is not the JSON Open-Meteo sends (invalid or incomplete JSON); it was probably cut off or replaced by an error page."

    static func model(_ page: PageKind, notices: [PageNotice]) -> PageModel {
        var model = DemoData.model(page: page)
        model.city?.forecast = nil
        model.city?.fetchedAt = nil
        model.notices = notices
        return model
    }

    @Test(arguments: [PageKind.city, .hourly], everySize)
    func theWholeSentenceAndTheCountdownAreOnThePage(_ page: PageKind, _ size: PixelSize)
        throws
    {
        let retry = DemoData.now.addingTimeInterval(45)
        let model = Self.model(
            page, notices: [.noForecast(reason: Self.malformed, nextRetry: retry)])
        let texts = try renderer.render(model, size: size).texts
        let words = texts.map(\.text).joined(separator: " ")
        let city = try #require(model.city?.city.name)
        #expect(texts.contains { $0.text == "No forecast for \(city) yet" }, "\(size)")
        #expect(texts.contains { $0.text == "Retrying in 45 s" }, "\(size): \(words)")
        #expect(!words.contains("…"), "\(size): nothing is cut: \(words)")
        for word in Self.malformed.split(separator: " ") {
            #expect(words.contains(word), "\(size): \"\(word)\" is missing from \(words)")
        }
        #expect(!words.contains("No forecast yet ·"), "\(size): the footer does not repeat it")
        for text in texts where text.text.contains("JSON") {
            #expect(text.size >= 12, "\(size): \"\(text.text)\" is \(text.size) px")
        }
    }

    /// A favourite added while the others' forecasts are fresh has no notice to count
    /// down: its page still says when the kiosk asks next, and what went wrong if it did.
    @Test(arguments: [nil, "Open-Meteo error 500", malformed])
    func aNewFavouriteSaysWhenTheKioskAsksAgain(_ problem: String?) throws {
        var model = Self.model(.city, notices: [])
        model.nextForecastAttempt = DemoData.now.addingTimeInterval(45)
        model.forecastProblem = problem
        for size in [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)] {
            let texts = try renderer.render(model, size: size).texts.map(\.text)
            let words = texts.joined(separator: " ")
            if let problem {
                #expect(texts.contains("Retrying in 45 s"), "\(size): \(texts)")
                #expect(!words.contains("…"), "\(size): nothing is cut: \(texts)")
                for word in problem.split(separator: " ") {
                    #expect(words.contains(word), "\(size): \"\(word)\" is missing: \(texts)")
                }
            } else {
                #expect(texts.contains("Asking again in 45 s"), "\(size): \(texts)")
                #expect(words.contains("first answer from Open-Meteo"), "\(size): \(texts)")
            }
        }
    }

    @Test func anotherPageCarriesTheNoticeWithItsCountdownFirst() throws {
        let retry = DemoData.now.addingTimeInterval(45)
        var model = DemoData.model(page: .indoor)
        model.notices = [.noForecast(reason: Self.malformed, nextRetry: retry)]
        for size in [PixelSize(width: 320, height: 240), PixelSize(width: 800, height: 480)] {
            let texts = try renderer.render(model, size: size).texts.map(\.text)
            #expect(
                texts.contains { $0.hasPrefix("No forecast yet · retrying in 45 s ·") },
                "\(size): \(texts)")
        }
        // At 800×480 the footer's four rows hold the whole sentence.
        let wide = try renderer.render(model, size: PixelSize(width: 800, height: 480)).texts
            .map(\.text).joined(separator: " ")
        #expect(wide.contains("replaced by an error page."), "\(wide)")
        #expect(!wide.contains("…"), "\(wide)")
    }

    @Test func aSensorFailureSaysWhenTheSensorIsReadAgain() throws {
        var model = DemoData.model(page: .city)
        model.notices = [
            .sensorFailing(
                reason: "No answer at 0x76 on /dev/i2c-1.",
                nextRetry: DemoData.now.addingTimeInterval(20))
        ]
        let texts = try renderer.render(model, size: PixelSize(width: 800, height: 480)).texts
        #expect(
            texts.contains {
                $0.text == "Sensor failing · retrying in 20 s · No answer at 0x76 on /dev/i2c-1."
            }, "\(texts.map(\.text))")
    }
}
