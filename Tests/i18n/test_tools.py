#!/usr/bin/env python3
"""The i18n tools tested on made-up input: the extractor on Swift lines such as the
sources have (and the traps around them: comments, strings, raw and multi-line literals,
interpolation), and the catalog checks on catalogs broken on purpose, each of which they
must refuse. Run by Tests/i18n/check.sh; alone: python3 Tests/i18n/test_tools.py."""
import importlib.util
import pathlib
import shutil
import subprocess
import tempfile
import textwrap
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


extractor = load("extract_messages", ROOT / "deploy/tools/extract-messages.py")
checks = load("catalog_checks", ROOT / "Tests/i18n/catalog_checks.py")

SAMPLE = textwrap.dedent('''\
    import Localization

    // A comment that mentions language.localized("Not a message") is no call.
    /* Nor is this: localized("Also not") /* nested */ localized("Still not") */
    let banner = "localized(\\"Inside a string\\")"
    let raw = #"localized("In a raw string")"#
    let block = """
        localized("In a multi-line string")
        """
    let interpolated = "\\(language.localized("Inside interpolation")): \\(f("a\\(1)"))"

    func page(language: Language, city: String, days: Int) -> [String] {
        [
            language.localized("Humidity"),
            language.localized("Mon", context: "weekday, abbreviated"),
            // TRANSLATORS: the time since the last forecast arrived.
            language.localized("Updated {time} ago in {city}", ["time": "4 min", "city": city]),
            language.localized(
                "{count} day", plural: "{count} days", count: days,
                context: "duration"),
            language.localized("Say \\"cheese\\" \\\\ caf\\u{E9}\\nnow"),
            language.localized("Humidity"),
            language.localized("Use {{braces}}"),
        ]
    }

    func weekday(_ day: Int, language: Language) -> String {
        switch day {
        // TRANSLATORS: a weekday, starting a label.
        case 0:
            language.localized("Sunday", context: "weekday")
        default: language.localized("Monday", context: "weekday")
        }
    }

    let later = LocalizedMessage("Cannot open {path}", ["path": "/dev/i2c-1"])

    extension Language {
        public func localized(_ message: StaticString) -> String { localized(message, context: nil) }
    }
    ''')


class ExtractorTests(unittest.TestCase):
    def extract(self, source):
        with tempfile.TemporaryDirectory() as directory:
            root = pathlib.Path(directory)
            (root / "Sources" / "Sample").mkdir(parents=True)
            (root / "Sources" / "Sample" / "Sample.swift").write_text(source, encoding="utf-8")
            return extractor.extract(root)

    def test_finds_the_calls_and_only_them(self):
        messages = self.extract(SAMPLE)
        ids = [(context, message_id) for context, message_id in messages]
        self.assertEqual(ids, [
            (None, "Inside interpolation"),
            (None, "Humidity"),
            ("weekday, abbreviated", "Mon"),
            (None, "Updated {time} ago in {city}"),
            ("duration", "{count} day"),
            (None, 'Say "cheese" \\ café\nnow'),
            (None, "Use {{braces}}"),
            ("weekday", "Sunday"),
            ("weekday", "Monday"),
            (None, "Cannot open {path}"),
        ])
        self.assertEqual(messages[(None, "Humidity")]["references"],
                         ["Sources/Sample/Sample.swift:14", "Sources/Sample/Sample.swift:22"])
        self.assertEqual(messages[("duration", "{count} day")]["plural"], "{count} days")
        self.assertEqual(messages[("duration", "{count} day")]["references"],
                         ["Sources/Sample/Sample.swift:18"])

    def test_flags_placeholders_and_keeps_translator_notes(self):
        messages = self.extract(SAMPLE)
        self.assertTrue(messages[(None, "Updated {time} ago in {city}")]["brace"])
        self.assertTrue(messages[(None, "Cannot open {path}")]["brace"])
        self.assertFalse(messages[(None, "Use {{braces}}")]["brace"])
        self.assertEqual(messages[(None, "Updated {time} ago in {city}")]["comments"],
                         ["TRANSLATORS: the time since the last forecast arrived."])
        # Across a case label; and only to the first message after the note.
        self.assertEqual(messages[("weekday", "Sunday")]["comments"],
                         ["TRANSLATORS: a weekday, starting a label."])
        self.assertEqual(messages[("weekday", "Monday")]["comments"], [])

    def test_renders_a_template_gettext_reads(self):
        text = extractor.render(self.extract(SAMPLE))
        self.assertIn('#, python-brace-format\nmsgid "Updated {time} ago in {city}"', text)
        self.assertIn('msgid ""\n"Say \\"cheese\\" \\\\ café\\n"\n"now"', text)
        self.assertIn('msgctxt "duration"\nmsgid "{count} day"\nmsgid_plural "{count} days"\n'
                      'msgstr[0] ""\nmsgstr[1] ""', text)
        with tempfile.TemporaryDirectory() as directory:
            template = pathlib.Path(directory) / "sample.pot"
            template.write_text(text, encoding="utf-8")
            result = subprocess.run(["msgcat", "-o", "/dev/null", str(template)],
                                    capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, result.stderr)

    def test_refuses_what_the_catalogs_cannot_hold(self):
        cases = {
            'language.localized("Mon", context: kind)': "the context of 'Mon' is not a plain",
            'language.localized("A {b c}")': "has a brace that opens no",
            'language.localized("{count} day", plural: "{count} days", count: 1)\n'
            'language.localized("{count} day", plural: "{count} dayz", count: 1)':
                "has the plural '{count} dayz' here",
            'let text = "never closed\n': "a string literal is not closed",
            'let text = "\\(f(1)': "a string interpolation is not closed",
        }
        for source, expected in cases.items():
            with self.subTest(source=source):
                with self.assertRaises(extractor.ExtractionError) as caught:
                    self.extract(source)
                self.assertIn(expected, str(caught.exception))
                self.assertIn("Sources/Sample/Sample.swift:", str(caught.exception))


class CatalogCheckTests(unittest.TestCase):
    def broken(self, language, old, new):
        """The problems found when `old` becomes `new` in a copy of po/LANGUAGE.po."""
        with tempfile.TemporaryDirectory() as directory:
            copy = pathlib.Path(directory)
            for path in (ROOT / "po").iterdir():
                shutil.copy(path, copy / path.name)
            catalog = copy / f"{language}.po"
            text = catalog.read_text(encoding="utf-8")
            self.assertIn(old, text)
            catalog.write_text(text.replace(old, new, 1), encoding="utf-8")
            problems, _, _ = checks.check(copy)
            return "\n".join(problems)

    def test_refuses_broken_catalogs(self):
        cases = [
            ("it", 'msgstr "Poco nuvoloso"', 'msgstr ""', "'Mainly clear' (context 'weather') is not translated"),
            ("de", "#, python-brace-format\n", "#, fuzzy, python-brace-format\n", "is fuzzy"),
            ("fr", 'msgstr "{weekday} {day}"', 'msgstr "{jour} {day}"', "has the placeholder(s) ['jour']"),
            ("es", 'msgstr "{weekday} {day}"', 'msgstr "{day}"', "lacks the placeholder(s) ['weekday']"),
            ("de", "#, python-brace-format\n", "", "lost its python-brace-format flag"),
            ("fr", 'msgstr[0] "{count} jour"', 'msgstr[0] "un jour"', "'{count} day' form 0 lacks the placeholder(s) ['count']"),
            ("it", 'msgstr "{day} {month}"', 'msgstr "{day} {month"', "a brace that opens no placeholder"),
            ("de", 'msgctxt "weather"\nmsgid "Fog"\nmsgstr "Nebel"\n', "", "lacks the message 'Fog' (context 'weather')"),
            ("es", 'msgstr "Niebla"\n', 'msgstr "Niebla"\n\nmsgid "Stale"\nmsgstr "Viejo"\n', "'Stale' is not in the template"),
            ("de", 'msgstr "Nebel"\n', 'msgstr "Nebel"\n\n#~ msgid "Gone"\n#~ msgstr "Weg"\n', "1 obsolete (#~) message(s)"),
            ("fr", "Language: fr", "Language: de", "says Language: 'de', not 'fr'"),
            ("it", 'msgstr[1] "{count} giorni"\n', "", "has 1 plural forms; Plural-Forms says nplurals=2"),
        ]
        for language, old, new, expected in cases:
            with self.subTest(expected=expected):
                self.assertIn(expected, self.broken(language, old, new))

    def test_a_singular_form_may_say_one_in_words(self):
        # German's form 0 is the form of 1 alone: "ein Tag" may leave out {count}.
        self.assertNotIn("count", self.broken("de", 'msgstr[0] "{count} Tag"', 'msgstr[0] "ein Tag"'))

    def test_reads_plural_expressions_as_c_does(self):
        polish = checks.plural_function(
            "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")
        self.assertEqual([polish(n) for n in (1, 2, 4, 5, 12, 22, 25, 112)],
                         [0, 1, 1, 2, 2, 1, 2, 2])
        french = checks.plural_function("(n > 1)")
        self.assertEqual([french(n) for n in (0, 1, 2)], [0, 0, 1])
        with self.assertRaises(ValueError):
            checks.plural_function("n = 1")


if __name__ == "__main__":
    unittest.main(verbosity=1)
