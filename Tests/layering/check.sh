#!/usr/bin/env bash
# The layering check: reads Package.swift (each target's path and declared dependencies)
# and every Swift file's imports under Sources/, and fails on an import or a dependency the
# layering forbids, naming the file, the line and the rule. The rules are written out in
# docs/development.md ("Layering"); this script is their only enforcement.
#
#   Tests/layering/check.sh [PACKAGE_DIRECTORY]     (default: the repository root)
#
# Needs bash and python3 (Debian's); no Swift build. Takes well under a second.
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/../.." && pwd)}"
exec python3 - "$root" <<'PYTHON'
import os, re, sys

root = sys.argv[1]

# The modules each rule names. Pixels is here before it exists so that the rules already
# cover it when it arrives.
IO_FREE = {"WeatherModel", "KioskCore", "OpenMeteo", "METNorway", "Warnings", "Pixels",
           "Localization"}
# Modules below everything: they import nothing but the standard library and declare no
# dependency, so that any module (WeatherModel first) may use them.
LEAVES = {"Localization"}
ADAPTERS = {"LinuxPlatform", "CurlHTTP", "TOML", "Devices", "Simulator", "Rendering", "Pixels",
            "HomeAssistant", "Threads"}
GLIBC_ALLOWED = {"LinuxPlatform", "CurlHTTP", "HomeAssistant", "Threads"}  # and every C target
APPLICATION = {"KioskConfig", "KioskControl", "KioskDisplays", "KioskDaemon", "KioskCommands",
               "weather-kiosk"}
# The only arrows from one adapter to another: the pure pixel maths, the simulated BME280's
# use of the driver's calibration types, and the one place that starts threads.
SIDEWAYS_ALLOWED = {("Rendering", "Pixels"), ("LinuxPlatform", "Pixels"), ("Simulator", "Devices"),
                    ("LinuxPlatform", "Threads"), ("CurlHTTP", "Threads"),
                    ("HomeAssistant", "Threads")}
# Modules that reach the operating system: what an I/O-free module must not import.
SYSTEM_MODULES = {"Glibc", "Musl", "Darwin", "Android", "WinSDK", "SystemPackage", "System",
                  "Dispatch"}

# Every module of the product and the test support, and the modules of this package and the
# packages it uses that it may import: the layers, one way. A module missing here, or an
# import of one of our modules or packages that its line does not list, fails the check.
LAYERS = {
    # The core: pure. KioskCore re-exports the weather's values.
    "Localization": set(),
    "WeatherModel": {"Localization", "RealModule"},
    "KioskCore": {"WeatherModel", "RealModule"},
    # Adapters.
    "OpenMeteo": {"KioskCore"},
    "Warnings": {"KioskCore"},
    "METNorway": {"KioskCore"},
    "Pixels": {"KioskCore"},
    "TOML": {"CTOML"},
    "Devices": {"KioskCore"},
    "Simulator": {"KioskCore", "Devices", "RealModule"},
    "Rendering": {"KioskCore", "Pixels", "CCairo"},
    "Threads": set(),
    "LinuxPlatform": {"KioskCore", "Threads", "Pixels", "CLinux", "CGPIODShim", "CI2C", "CDRM"},
    "CurlHTTP": {"KioskCore", "Threads", "CCurl"},
    "HomeAssistant": {"KioskCore", "Threads", "CMosquitto", "Logging"},
    # The application, bottom up.
    "KioskConfig": {"KioskCore", "TOML", "LinuxPlatform"},
    "KioskControl": {"KioskCore", "LinuxPlatform"},
    "KioskDisplays": {"KioskCore", "Pixels", "Rendering", "Devices", "Simulator",
                      "LinuxPlatform"},
    "KioskDaemon": {"KioskCore", "KioskConfig", "KioskControl", "KioskDisplays", "OpenMeteo",
                    "METNorway", "Warnings",
                    "CurlHTTP", "LinuxPlatform", "Threads", "Devices", "Simulator", "Pixels",
                    "Rendering", "HomeAssistant", "Logging", "ServiceLifecycle", "UnixSignals"},
    "KioskCommands": {"KioskCore", "KioskConfig", "KioskControl", "KioskDisplays",
                      "KioskDaemon", "OpenMeteo", "Warnings", "CurlHTTP", "LinuxPlatform", "Devices", "Simulator",
                      "Pixels", "Rendering", "HomeAssistant"},
    "weather-kiosk": {"KioskCommands", "KioskDaemon", "KioskConfig", "KioskControl",
                      "KioskCore", "ArgumentParser", "Logging"},
    # Test support.
    "KioskTesting": {"KioskCore", "LinuxPlatform", "Threads", "KioskConfig", "KioskDisplays",
                     "KioskDaemon", "FlyingSocks", "RealModule", "Logging"},
}

RULES = {
    "io-free": "WeatherModel, KioskCore, OpenMeteo, METNorway, Warnings, Pixels and "
               "Localization import nothing with I/O "
               "(no Glibc, no full Foundation, no C target)",
    "leaf": "Localization imports only the standard library (not even FoundationEssentials) "
            "and depends on no other target",
    "no-full-foundation": "no module imports Foundation beyond FoundationEssentials "
                          "(full Foundation links ICU)",
    "adapter-imports-app": "adapters (LinuxPlatform, CurlHTTP, TOML, Devices, Simulator, Rendering, "
                           "Pixels, HomeAssistant, Threads) never import the application's modules "
                           "(KioskConfig, KioskControl, KioskDisplays, KioskDaemon, "
                           "KioskCommands) or the executable",
    "c-only-in-adapters": "only adapters import a C target",
    "no-sideways": "an adapter imports no other adapter (so the framebuffer does not link "
                   "Cairo), except Rendering and LinuxPlatform importing Pixels, Simulator "
                   "importing Devices, and LinuxPlatform, CurlHTTP and HomeAssistant importing "
                   "Threads",
    "glibc-says-why": "only LinuxPlatform, CurlHTTP, HomeAssistant, Threads and the C targets "
                      "import "
                      "Glibc; anywhere "
                      "else the import line says why: `import Glibc  // Glibc: <why>`",
    "layers": "a module imports only the modules its line in LAYERS (Tests/layering/check.sh) "
              "lists, and every module has a line there; the lines point one way",
}

def strip_comments(text):
    """Package.swift without // comments, keeping line numbers."""
    return "\n".join(re.sub(r"//.*", "", line) for line in text.split("\n"))

manifest_path = os.path.join(root, "Package.swift")
with open(manifest_path, encoding="utf-8") as handle:
    manifest = strip_comments(handle.read())

def line_of(offset):
    return manifest.count("\n", 0, offset) + 1

# `let name = Target.Dependency.product(name: "Product", package: "...")`
products = dict(re.findall(
    r'let\s+(\w+)\s*=\s*Target\.Dependency\.product\(\s*name:\s*"([^"]+)"', manifest))

def closing(text, start):
    """The offset just past the parenthesis or bracket that closes the one at `start`."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] in "([":
            depth += 1
        elif text[index] in ")]":
            depth -= 1
            if depth == 0:
                return index + 1
    return len(text)

targets = {}  # name -> dict(kind, path, dependencies [(name, line)], line)
for match in re.finditer(r"\.(target|executableTarget|testTarget|systemLibrary)\(", manifest):
    body_start = match.end() - 1
    body = manifest[body_start:closing(manifest, body_start)]
    name = re.search(r'name:\s*"([^"]+)"', body)
    if not name:
        continue
    kind = match.group(1)
    path = re.search(r'path:\s*"([^"]+)"', body)
    default = "Tests" if kind == "testTarget" else "Sources"
    dependencies = []
    listed = re.search(r"dependencies:\s*\[", body)
    if listed:
        list_start = body_start + listed.end() - 1
        items = manifest[list_start:closing(manifest, list_start)]
        for item in re.finditer(r'"([^"]+)"|\b([a-z]\w*)\b', items):
            offset = list_start + item.start()
            if item.group(1):
                dependencies.append((item.group(1), line_of(offset)))
            elif item.group(2) in products:
                dependencies.append((products[item.group(2)], line_of(offset)))
    targets[name.group(1)] = {
        "kind": kind,
        "path": path.group(1) if path else f"{default}/{name.group(1)}",
        "dependencies": dependencies,
        "line": line_of(match.start()),
    }

def is_c_target(name):
    """A system library, or a target with no Swift file (a C shim)."""
    target = targets.get(name)
    if target is None:
        return False
    if target["kind"] == "systemLibrary":
        return True
    directory = os.path.join(root, target["path"])
    for _, _, files in os.walk(directory):
        if any(file.endswith(".swift") for file in files):
            return False
    return True

C_TARGETS = {name for name in targets if is_c_target(name)}
# The product's modules and the test support, as opposed to test targets and benchmarks,
# which may import what they test.
CHECKED = {name for name, target in targets.items()
           if target["path"].startswith("Sources/") and name not in C_TARGETS}

findings = []

def report_layers_table():
    """The table itself: a line for every module, and no cycle."""
    for module in sorted(CHECKED):
        if module not in LAYERS:
            report("Tests/layering/check.sh", 1, "layers",
                   f"module {module} ({targets[module]['path']}) has no line in LAYERS")
    def visit(module, trail):
        for imported in sorted(LAYERS.get(module, ())):
            if imported in trail:
                report("Tests/layering/check.sh", 1, "layers",
                       "LAYERS goes round in a circle: " + " -> ".join(trail + [imported]))
                return
            visit(imported, trail + [imported])
    for module in sorted(LAYERS):
        visit(module, [module])

# Ours and our packages' products: what LAYERS governs. Foundation, Glibc, Synchronization and
# the like are left to the other rules.
GOVERNED = set(targets) | set(products.values()) | {"weather_kiosk"}

def report(path, line, rule, detail):
    findings.append((f"{path}:{line}: {detail}, which breaks rule {rule}", rule))

def forbidden(module, imported):
    """The rules an import (or declared dependency) of `imported` by `module` breaks."""
    broken = []
    if module in LEAVES:
        broken.append("leaf")
    full_foundation = imported.startswith("Foundation") and imported != "FoundationEssentials"
    if module in IO_FREE and (imported in SYSTEM_MODULES or full_foundation
                              or imported in C_TARGETS):
        broken.append("io-free")
    elif full_foundation:
        broken.append("no-full-foundation")
    if module in ADAPTERS and imported in APPLICATION:
        broken.append("adapter-imports-app")
    if (module in ADAPTERS and imported in ADAPTERS and module != imported
            and (module, imported) not in SIDEWAYS_ALLOWED):
        broken.append("no-sideways")
    if module not in ADAPTERS and imported in C_TARGETS and "io-free" not in broken:
        broken.append("c-only-in-adapters")
    target = "weather-kiosk" if imported == "weather_kiosk" else imported
    if (module in LAYERS and target in GOVERNED and target != module
            and target not in LAYERS[module]):
        broken.append("layers")
    return broken

report_layers_table()

# Declared dependencies.
for module in sorted(CHECKED):
    for dependency, line in targets[module]["dependencies"]:
        for rule in forbidden(module, dependency):
            report("Package.swift", line, rule,
                   f"target {module} declares a dependency on {dependency}")

IMPORT = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][\w]*)")
WHY = re.compile(r"//\s*Glibc:\s*\S")

for module in sorted(CHECKED):
    directory = os.path.join(root, targets[module]["path"])
    for folder, _, files in sorted(os.walk(directory)):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(folder, file)
            relative = os.path.relpath(path, root)
            in_block_comment = False
            with open(path, encoding="utf-8") as handle:
                for number, text in enumerate(handle, start=1):
                    stripped = text.strip()
                    if in_block_comment:
                        in_block_comment = "*/" not in stripped
                        continue
                    if stripped.startswith("/*"):
                        in_block_comment = "*/" not in stripped
                        continue
                    found = IMPORT.match(text)
                    if not found:
                        continue
                    imported = found.group(1)
                    broken = forbidden(module, imported)
                    if (imported == "Glibc" and module not in GLIBC_ALLOWED
                            and "io-free" not in broken and not WHY.search(text)):
                        broken.append("glibc-says-why")
                    for rule in broken:
                        report(relative, number, rule, f"{module} imports {imported}")

if findings:
    print("\n".join(text for text, _ in findings))
    for rule in sorted({rule for _, rule in findings}):
        print(f"rule {rule}: {RULES[rule]}.")
    print(f"layering check: {len(findings)} problem(s); docs/development.md (\"Where things "
          "go\") says where the code belongs instead.")
    sys.exit(1)
print(f"layering check: {len(CHECKED)} modules and their declared dependencies follow the "
      f"rules (C targets: {', '.join(sorted(C_TARGETS))}).")
PYTHON
