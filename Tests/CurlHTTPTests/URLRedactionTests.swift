import CurlHTTP
import KioskCore
import Testing

@Suite struct URLRedactionTests {
    @Test(arguments: [
        (
            "https://customer-api.open-meteo.com/v1/forecast?latitude=1&apikey=abc123&x=2",
            "https://customer-api.open-meteo.com/v1/forecast?latitude=1&apikey=REDACTED&x=2"
        ),
        ("https://h/v1/search?APIKey=abc", "https://h/v1/search?APIKey=REDACTED"),
        ("https://h/p?apikey=abc#frag", "https://h/p?apikey=REDACTED#frag"),
        ("https://h/p?apikey=", "https://h/p?apikey=REDACTED"),
        ("https://user:pw@h/p?a=1", "https://REDACTED@h/p?a=1"),
        // Near misses stay as they are.
        ("https://h/p?my_apikey=abc&apikeys=def", "https://h/p?my_apikey=abc&apikeys=def"),
        ("https://h/apikey=abc", "https://h/apikey=abc"),
        (
            "https://h/p?latitude=52.52&longitude=13.41",
            "https://h/p?latitude=52.52&longitude=13.41"
        ),
        ("not a url", "not a url"),
    ])
    func secretsAreReplaced(url: String, redacted: String) {
        #expect(HTTPRequest.redactingSecrets(in: url) == redacted)
        #expect(HTTPRequest(url: url).redactedURL == redacted)
    }
}

@Suite struct URLShorteningTests {
    @Test func dropsQueryFragmentAndUserInfo() {
        #expect(
            HTTPRequest.shortened("https://api.open-meteo.com/v1/forecast?latitude=1&apikey=s3cret")
                == "https://api.open-meteo.com/v1/forecast")
        #expect(
            HTTPRequest.shortened("http://user:pw@127.0.0.1:8080/v1/search#x")
                == "http://REDACTED@127.0.0.1:8080/v1/search")
        #expect(HTTPRequest.shortened("https://example.org") == "https://example.org")
    }
}
