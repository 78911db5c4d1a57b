#!/usr/bin/env python3
"""Checks po/*.po against the template po/weather-kiosk.pot, one sentence per problem:

- every message of the template is in every catalog, and no other (run
  `deploy/tools/extract-messages.py --merge` when the sources changed);
- no message is untranslated, fuzzy or obsolete;
- the header names the file's language, UTF-8 and Plural-Forms, and each plural message
  has as many forms as nplurals says;
- placeholders match: a translation uses exactly the {name} placeholders of its message
  (in any order), carries the python-brace-format flag that makes msgfmt --check compare
  them too, and has no stray brace; a plural form may leave out {count} only when it is
  the form of exactly one number ("un jour"), which msgfmt does not check.

    Tests/i18n/catalog_checks.py [PO_DIRECTORY]      (default: po/ of the repository)
"""
import pathlib
import re
import sys

PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}|[{}]")
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"'}


def unquote(text):
    """The value of a PO string literal such as "a \\"b\\"\\n"."""
    body = text.strip()[1:-1]
    return re.sub(r"\\(.)", lambda match: ESCAPES.get(match.group(1), match.group(1)), body)


def parse_po(path):
    """The entries of a .po file: dicts with context, id, plural, strings (a list: one, or
    one per form), flags, obsolete and line."""
    entries, entry, field = [], None, None

    def finish():
        nonlocal entry
        if entry is not None and "id" in entry:
            entries.append(entry)
        entry = None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        obsolete = raw.startswith("#~")
        line = raw[2:].strip() if obsolete else raw.strip()
        keyword = line.partition(" ")[0]
        # A new message without a blank line before it.
        if (entry is not None and "id" in entry
                and (keyword == "msgctxt" or (keyword == "msgid" and entry["strings"]))):
            finish()
        if not line:
            finish()
            continue
        if entry is None:
            entry = {"context": None, "plural": None, "strings": {}, "flags": set(),
                     "obsolete": False, "line": number}
        entry["obsolete"] |= obsolete
        if line.startswith("#,"):
            entry["flags"] |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith(("#", "|")):
            continue  # comments, references, previous ids (#|)
        elif line.startswith('"'):
            if field is not None:
                kind, index = field
                if kind == "str":
                    entry["strings"][index] += unquote(line)
                else:
                    entry[kind] += unquote(line)
        else:
            value = line.partition(" ")[2]
            if keyword == "msgctxt":
                entry["context"], field = unquote(value), ("context", None)
            elif keyword == "msgid":
                entry["id"], field = unquote(value), ("id", None)
            elif keyword == "msgid_plural":
                entry["plural"], field = unquote(value), ("plural", None)
            elif keyword.startswith("msgstr"):
                index = int(keyword[7:-1]) if "[" in keyword else 0
                entry["strings"][index] = unquote(value)
                field = ("str", index)
    finish()
    for entry in entries:
        entry["strings"] = [entry["strings"][index] for index in sorted(entry["strings"])]
    return entries


def plural_function(expression):
    """A Python function of n for a Plural-Forms C expression (gettext's subset of C)."""
    tokens = re.findall(r"\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()]", expression)
    if "".join(tokens) != re.sub(r"\s+", "", expression):
        raise ValueError(f"cannot read the plural expression {expression!r}")
    position = 0
    levels = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]]
    operations = {
        "||": lambda a, b: int(bool(a) or bool(b)), "&&": lambda a, b: int(bool(a) and bool(b)),
        "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
        "<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b),
        "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b),
        "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
        "/": lambda a, b: a // b if b else 0, "%": lambda a, b: a % b if b else 0,
    }

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take():
        nonlocal position
        position += 1
        return tokens[position - 1]

    def conditional():
        condition = binary(0)
        if peek() != "?":
            return condition
        take()
        then = conditional()
        if take() != ":":
            raise ValueError(f"expected ':' in {expression!r}")
        otherwise = conditional()
        return lambda n: then(n) if condition(n) else otherwise(n)

    def binary(level):
        if level == len(levels):
            return unary()
        left = binary(level + 1)
        while peek() in levels[level]:
            operation, right = operations[take()], binary(level + 1)
            left = (lambda op, l, r: lambda n: op(l(n), r(n)))(operation, left, right)
        return left

    def unary():
        token = take()
        if token == "!":
            operand = unary()
            return lambda n: int(not operand(n))
        if token == "(":
            inner = conditional()
            if take() != ")":
                raise ValueError(f"expected ')' in {expression!r}")
            return inner
        if token == "n":
            return lambda n: n
        if token is not None and token.isdigit():
            return lambda n, value=int(token): value
        raise ValueError(f"unexpected {token!r} in {expression!r}")

    function = conditional()
    if position != len(tokens):
        raise ValueError(f"unexpected {tokens[position]!r} in {expression!r}")
    return function


def header_fields(entries):
    header = next((entry for entry in entries if entry["id"] == "" and not entry["context"]), None)
    if header is None:
        return {}
    lines = header["strings"][0].split("\n") if header["strings"] else []
    return {name.strip(): value.strip() for name, _, value in
            (line.partition(":") for line in lines) if value}


def names(text):
    """The placeholder names of `text`, and whether it has a stray brace."""
    found, stray = set(), False
    for match in PLACEHOLDER.finditer(text):
        if match.group(1):
            found.add(match.group(1))
        stray |= match.group(0) in "{}"
    return found, stray


def check_catalog(path, template, problems):
    """Appends to `problems` what is wrong with the catalog at `path`."""
    entries = parse_po(path)
    fields = header_fields(entries)
    where = lambda entry: f"{path}:{entry['line']}"  # noqa: E731
    if fields.get("Language") != path.stem:
        problems.append(f"{path}: its header says Language: {fields.get('Language')!r}, "
                        f"not {path.stem!r} as its name does")
    if "charset=UTF-8" not in fields.get("Content-Type", ""):
        problems.append(f"{path}: its header does not say charset=UTF-8")
    forms = re.match(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*$",
                     fields.get("Plural-Forms", ""))
    plural = None
    if not forms:
        problems.append(f"{path}: its header has no Plural-Forms: nplurals=N; plural=EXPRESSION;")
    else:
        try:
            plural, count = plural_function(forms.group(2)), int(forms.group(1))
        except ValueError as error:
            problems.append(f"{path}: its Plural-Forms expression: {error}")
    current = {(entry["context"], entry["id"]): entry for entry in entries
               if not entry["obsolete"] and entry["id"]}
    for key, message in template.items():
        entry = current.get(key)
        context = f" (context {key[0]!r})" if key[0] else ""
        if entry is None:
            problems.append(f"{path}: lacks the message {key[1]!r}{context} of the template; "
                            "run deploy/tools/extract-messages.py --merge and translate it")
            continue
        if entry["plural"] != message["plural"]:
            problems.append(f"{where(entry)}: {key[1]!r} has the plural {entry['plural']!r}, "
                            f"the template {message['plural']!r}")
        if "fuzzy" in entry["flags"]:
            problems.append(f"{where(entry)}: {key[1]!r}{context} is fuzzy: check the "
                            "translation, then remove the fuzzy flag")
        if not entry["strings"] or any(text == "" for text in entry["strings"]):
            problems.append(f"{where(entry)}: {key[1]!r}{context} is not translated")
            continue
        if plural and message["plural"] is not None and len(entry["strings"]) != count:
            problems.append(f"{where(entry)}: {key[1]!r} has {len(entry['strings'])} plural "
                            f"forms; Plural-Forms says nplurals={count}")
        wanted, _ = names(message["id"])
        wanted |= names(message["plural"] or "")[0]
        if wanted and "python-brace-format" not in entry["flags"]:
            problems.append(f"{where(entry)}: {key[1]!r} lost its python-brace-format flag, "
                            "which makes msgfmt --check compare its placeholders")
        for index, text in enumerate(entry["strings"]):
            found, stray = names(text)
            # The form of exactly one number may say it in words ("un jour").
            single = (message["plural"] is not None and plural is not None
                      and sum(1 for n in range(1000) if plural(n) == index) == 1)
            missing = wanted - found - ({"count"} if single else set())
            label = f"{key[1]!r}" + (f" form {index}" if message["plural"] else "")
            if found - wanted:
                problems.append(f"{where(entry)}: the translation of {label} has the "
                                f"placeholder(s) {sorted(found - wanted)}, which the message "
                                "has not; keep the names in braces as they are")
            if missing:
                problems.append(f"{where(entry)}: the translation of {label} lacks the "
                                f"placeholder(s) {sorted(missing)}")
            if stray:
                problems.append(f"{where(entry)}: the translation of {label} has a brace "
                                "that opens no placeholder; write {{ or }} for a brace")
    for key, entry in current.items():
        if key not in template:
            problems.append(f"{where(entry)}: {key[1]!r} is not in the template (the sources no "
                            "longer use it); run deploy/tools/extract-messages.py --merge")
    obsolete = [entry for entry in entries if entry["obsolete"]]
    if obsolete:
        problems.append(f"{path}: has {len(obsolete)} obsolete (#~) message(s); remove them: "
                        f"msgattrib --no-obsolete -o {path} {path}")


def check(directory):
    """The problems of every catalog in `directory` against its template."""
    template_path = directory / "weather-kiosk.pot"
    template = {(entry["context"], entry["id"]): entry for entry in parse_po(template_path)
                if entry["id"]}
    problems = []
    catalogs = sorted(directory.glob("*.po"))
    if not catalogs:
        problems.append(f"{directory}: has no catalogs (*.po)")
    for path in catalogs:
        check_catalog(path, template, problems)
    return problems, catalogs, template


def main(arguments):
    root = pathlib.Path(__file__).resolve().parents[2]
    directory = pathlib.Path(arguments[0]) if arguments else root / "po"
    problems, catalogs, template = check(directory)
    for problem in problems:
        print(problem)
    if problems:
        print(f"catalogs: {len(problems)} problem(s); docs/translating.md says how to fix them")
        return 1
    print(f"catalogs: {', '.join(path.stem for path in catalogs)} translate all "
          f"{len(template)} messages of the template, placeholders matching")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
