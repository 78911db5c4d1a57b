#!/usr/bin/env python3
"""Extracts the translatable messages of the Swift sources into po/weather-kiosk.pot.

xgettext has no Swift parser, so this reads the sources itself. A message is a call

    language.localized("Humidity")
    language.localized("Mon", context: "weekday, abbreviated")
    language.localized("Updated {time} ago", ["time": age])
    language.localized("{count} day", plural: "{count} days", count: days)
    LocalizedMessage("Cannot open {path}", ["path": path])

whose message (and plural and context) are string literals: the Swift parameters are
StaticString, so the compiler refuses anything else, and a call whose first argument is
not a literal is the library forwarding one (it is skipped). Comment lines right above a
call that start with "// TRANSLATORS:" go to the translators as "#." comments. A message
with {name} placeholders gets the flag python-brace-format, which makes `msgfmt --check`
compare the placeholders of every translation with the message's.

    deploy/tools/extract-messages.py           write po/weather-kiosk.pot
    deploy/tools/extract-messages.py --merge   write it, then msgmerge every po/*.po with it
    deploy/tools/extract-messages.py --check   exit 1 when the .pot is not what the sources give

Run from anywhere; paths in the .pot are relative to the repository root.
"""
import difflib
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "po" / "weather-kiosk.pot"
KEYWORDS = {"localized", "LocalizedMessage"}
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}|[{}]")

HEADER = """\
# Messages of weather-kiosk, extracted from its Swift sources by
# deploy/tools/extract-messages.py: do not edit; run it again (docs/translating.md).
# This file is distributed under the same license as the weather-kiosk package.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: weather-kiosk\\n"
"Report-Msgid-Bugs-To: https://github.com/weather-kiosk/weather-kiosk/issues\\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"
"Language-Team: LANGUAGE <LL@li.org>\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
"""


class ExtractionError(Exception):
    """A call the extractor cannot turn into a message; names the file and line."""


class Token:
    """A token of Swift source: kind is "name", "string", "other" or "comment"."""

    def __init__(self, kind, text, line, value=None, literal=False):
        self.kind, self.text, self.line = kind, text, line
        self.value = value  # a string literal's value
        self.literal = literal  # a plain single-line literal without interpolation

    def __repr__(self):
        return f"Token({self.kind!r}, {self.text!r}, {self.line})"


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}


def tokens(text, path):
    """The tokens of `text`, with comments kept (they carry the translators' notes)."""
    found, _, _ = scan(text, 0, 1, path, nested=False)
    return found


def scan(text, position, line, path, nested):
    """The tokens from `position` on: to the end, or when `nested` (inside a string's
    interpolation) to the ")" that closes it. Returns them, the position after, the line."""
    found, length, depth = [], len(text), 0
    while position < length:
        char = text[position]
        if char == "\n":
            line += 1
            position += 1
        elif char in " \t\r":
            position += 1
        elif text.startswith("//", position):
            end = text.find("\n", position)
            end = length if end < 0 else end
            found.append(Token("comment", text[position + 2:end].strip(), line))
            position = end
        elif text.startswith("/*", position):
            depth_, position = 1, position + 2
            while position < length and depth_:
                if text.startswith("/*", position):
                    depth_, position = depth_ + 1, position + 2
                elif text.startswith("*/", position):
                    depth_, position = depth_ - 1, position + 2
                else:
                    line += text[position] == "\n"
                    position += 1
        elif char == '"' or (char == "#" and re.match(r'#+"', text[position:position + 8])):
            start_line = line
            token, inner, position, line = string_literal(text, position, line, path)
            token.line = start_line
            found.append(token)
            found += inner  # calls inside its interpolations are calls too
        elif char.isalpha() or char == "_":
            end = position
            while end < length and (text[end].isalnum() or text[end] == "_"):
                end += 1
            found.append(Token("name", text[position:end], line))
            position = end
        else:
            if nested and char == ")" and depth == 0:
                return found, position + 1, line
            depth += {"(": 1, ")": -1}.get(char, 0) if nested else 0
            found.append(Token("other", char, line))
            position += 1
    if nested:
        raise ExtractionError(f"{path}:{line}: a string interpolation is not closed")
    return found, position, line


def string_literal(text, position, line, path):
    """The string literal at `position`: its token, the tokens of its interpolations, the
    position after it, and the line."""
    hashes = len(text[position:position + 8]) - len(text[position:position + 8].lstrip("#"))
    position += hashes
    multiline = text.startswith('"""', position)
    quote = '"""' if multiline else '"'
    closing = quote + "#" * hashes
    position += len(quote)
    value, inner, literal = [], [], hashes == 0 and not multiline
    while True:
        if position >= len(text) or (not multiline and text[position] == "\n"):
            raise ExtractionError(f"{path}:{line}: a string literal is not closed")
        if text.startswith(closing, position):
            position += len(closing)
            return Token("string", quote, line, "".join(value), literal), inner, position, line
        char = text[position]
        if char == "\\" and text.startswith("#" * hashes, position + 1):
            escape_at = position + 1 + hashes
            escape = text[escape_at] if escape_at < len(text) else ""
            if escape == "(":
                literal = False
                tokens_, position, line = scan(text, escape_at + 1, line, path, nested=True)
                inner += tokens_
                continue
            if escape == "u":
                close = text.find("}", escape_at)
                value.append(chr(int(text[escape_at + 2:close], 16)))
                position = close + 1
                continue
            if escape == "\n":  # a multi-line literal's line continuation
                line += 1
                position = escape_at + 1
                continue
            value.append(ESCAPES.get(escape, escape))
            position = escape_at + 1
            continue
        line += char == "\n"
        value.append(char)
        position += 1


def arguments(stream, index):
    """The arguments of the call whose "(" is at `index`: (label, [tokens]) each, and the
    index after its ")"."""
    depth, current, result, label = 0, [], [], None
    index += 1
    while index < len(stream):
        token = stream[index]
        if token.kind == "other" and token.text in "([{":
            depth += 1
        elif token.kind == "other" and token.text in ")]}":
            if depth == 0:
                if current or label:
                    result.append((label, current))
                return result, index + 1
            depth -= 1
        if depth == 0 and token.kind == "other" and token.text == ",":
            result.append((label, current))
            current, label = [], None
        elif (depth == 0 and not current and label is None and token.kind == "name"
              and index + 1 < len(stream) and stream[index + 1].text == ":"
              and stream[index + 1].kind == "other"):
            label = token.text
            index += 1
        else:
            current.append(token)
        index += 1
    return result, index


def literal(argument):
    """The value of an argument that is one plain string literal; None otherwise."""
    if len(argument) == 1 and argument[0].kind == "string" and argument[0].literal:
        return argument[0].value
    return None


def check_placeholders(text, where):
    """Refuses a stray brace: a literal brace is written "{{" or "}}"."""
    for match in PLACEHOLDER.finditer(text):
        if match.group(0) in "{}":
            raise ExtractionError(
                f"{where}: {text!r} has a brace that opens no {{name}} placeholder; "
                "write {{ or }} for a literal brace")
    return [match.group(1) for match in PLACEHOLDER.finditer(text) if match.group(1)]


def translator_blocks(comments):
    """The "TRANSLATORS:" notes: {line of the note's last line: [its lines]}. A note is a
    run of comment-only lines from the one that starts with "TRANSLATORS:"."""
    blocks, line = {}, None
    for number in sorted(comments):
        text = comments[number]
        if text.startswith("TRANSLATORS:"):
            line = number
            blocks[line] = [text]
        elif line is not None and number == line + len(blocks[line]):
            blocks[line].append(text)
        else:
            line = None
    return {start + len(lines) - 1: lines for start, lines in blocks.items()}


def extract_file(path, relative, messages):
    """Adds the messages of one Swift file to `messages` (keyed by context and id)."""
    text = path.read_text(encoding="utf-8")
    stream = list(tokens(text, relative))
    code_lines = {token.line for token in stream if token.kind != "comment"}
    comments = {token.line: token.text for token in stream
                if token.kind == "comment" and token.line not in code_lines}
    # A note goes to the first message after it, when that starts at most three lines below
    # (a `case` label may stand between them).
    notes = translator_blocks(comments)
    code = [token for token in stream if token.kind != "comment"]
    for index, token in enumerate(code):
        if (token.kind != "name" or token.text not in KEYWORDS or index + 1 >= len(code)
                or code[index + 1].text != "(" or (index and code[index - 1].text == "func")):
            continue
        args, _ = arguments(code, index + 1)
        where = f"{relative}:{token.line}"
        if not args or args[0][0] is not None or literal(args[0][1]) is None:
            continue  # the library forwarding a StaticString it was given
        labelled = {label: value for label, value in args[1:] if label}
        entry = {"id": literal(args[0][1]), "plural": None, "context": None}
        for key in ("plural", "context"):
            if key in labelled:
                entry[key] = literal(labelled[key])
                if entry[key] is None:
                    raise ExtractionError(
                        f"{where}: the {key} of {entry['id']!r} is not a plain string literal; "
                        "the catalogs need to know it")
        names = check_placeholders(entry["id"], where)
        if entry["plural"] is not None:
            names += check_placeholders(entry["plural"], where)
        key = (entry["context"], entry["id"])
        known = messages.setdefault(key, {**entry, "references": [], "comments": [],
                                          "brace": False})
        if known["plural"] != entry["plural"]:
            raise ExtractionError(
                f"{where}: {entry['id']!r} has the plural {entry['plural']!r} here and "
                f"{known['plural']!r} at {known['references'][0]}; give one a context")
        known["references"].append(where)
        known["brace"] = known["brace"] or bool(names)
        note_end = max((end for end in notes if 0 < token.line - end <= 3), default=None)
        for comment in notes.pop(note_end, []):
            if comment not in known["comments"]:
                known["comments"].append(comment)


def extract(root):
    """Every message of the Swift files under root/Sources, in order of first use."""
    messages = {}
    for path in sorted((root / "Sources").rglob("*.swift")):
        extract_file(path, path.relative_to(root).as_posix(), messages)
    return messages


def quoted(text):
    """`text` as a PO string: one line, or "" and a line per "\\n" when it has several."""
    def escape(part):
        return ('"' + part.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
                .replace("\t", "\\t").replace("\r", "\\r") + '"')
    if "\n" not in text.rstrip("\n"):
        return escape(text)
    parts = text.splitlines(keepends=True)
    return '""\n' + "\n".join(escape(part) for part in parts)


def render(messages):
    """The .pot file's text."""
    out = [HEADER]
    for message in messages.values():
        lines = [f"#. {comment}" for comment in message["comments"]]
        lines += [f"#: {reference}" for reference in message["references"]]
        if message["brace"]:
            lines.append("#, python-brace-format")
        if message["context"] is not None:
            lines.append(f"msgctxt {quoted(message['context'])}")
        lines.append(f"msgid {quoted(message['id'])}")
        if message["plural"] is None:
            lines.append('msgstr ""')
        else:
            lines += [f"msgid_plural {quoted(message['plural'])}", 'msgstr[0] ""',
                      'msgstr[1] ""']
        out.append("\n" + "\n".join(lines) + "\n")
    return "".join(out)


def main(arguments_):
    mode = arguments_[0] if arguments_ else ""
    if mode not in ("", "--check", "--merge"):
        print(__doc__.split("\n\n")[3], file=sys.stderr)
        return 2
    try:
        messages = extract(ROOT)
    except ExtractionError as error:
        print(f"extract-messages: {error}", file=sys.stderr)
        return 1
    text = render(messages)
    relative = TEMPLATE.relative_to(ROOT)
    if mode == "--check":
        current = TEMPLATE.read_text(encoding="utf-8") if TEMPLATE.exists() else ""
        if current == text:
            print(f"extract-messages: {relative} holds the {len(messages)} messages of the sources")
            return 0
        diff = difflib.unified_diff(current.splitlines(), text.splitlines(), str(relative),
                                    "the sources", lineterm="", n=1)
        print("\n".join(list(diff)[:60]))
        print(f"extract-messages: {relative} is not what the sources give; run "
              "deploy/tools/extract-messages.py --merge, translate what it adds to po/*.po, "
              "and commit them", file=sys.stderr)
        return 1
    TEMPLATE.parent.mkdir(exist_ok=True)
    TEMPLATE.write_text(text, encoding="utf-8")
    print(f"extract-messages: wrote {relative}: {len(messages)} messages", file=sys.stderr)
    if mode == "--merge":
        for catalog in sorted(TEMPLATE.parent.glob("*.po")):
            subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--previous",
                            str(catalog), str(TEMPLATE)], check=True)
            print(f"extract-messages: merged {catalog.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
