"""docs/ARCHITECTURE.md names files, folders and types: each must still exist,
so the map of the code cannot drift from the code without a test failing."""
import json
import os
import re
import subprocess
import tempfile
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DOC = os.path.join(ROOT, "docs", "ARCHITECTURE.md")
# The package's targets, as its manifest names them.
with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as manifest:
    TARGETS = sorted(set(re.findall(r"\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*\"(\w+)\"", manifest.read())))


def document():
    with open(DOC, encoding="utf-8") as file:
        return file.read()


def named():
    """Every `code` span of the document."""
    return sorted(set(re.findall(r"`([^`\n]+)`", document())))


def sources():
    """The text of every Swift file under Sources, and the files' names."""
    texts, names = [], set()
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in files:
            if name.endswith(".swift"):
                names.add(name)
                with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as file:
                    texts.append(file.read())
    return "\n".join(texts), names


class ArchitectureDocTests(unittest.TestCase):
    def test_every_path_it_names_exists(self):
        missing = []
        for span in named():
            if "/" not in span or " " in span or span.startswith("http"):
                continue
            if not (span.split("/")[0] in TARGETS or span.split("/")[0] in ("Sources", "Tests", "tools", "docs", "Examples")):
                continue
            candidates = [os.path.join(ROOT, span), os.path.join(ROOT, "Sources", span), os.path.join(ROOT, "Sources", span + ".swift")]
            if not any(os.path.exists(path) for path in candidates):
                missing.append(span)
        self.assertEqual(missing, [], "docs/ARCHITECTURE.md names paths that do not exist")

    def test_every_file_and_type_it_names_exists(self):
        text, files = sources()
        declared = set(re.findall(r"\b(?:class|struct|enum|protocol|actor|typealias|extension)\s+([A-Z]\w*)", text))
        targets = set(TARGETS)
        missing = []
        for span in named():
            if re.fullmatch(r"[A-Z][\w+]*\.swift", span):
                if span not in files:
                    missing.append(span)
                continue
            match = re.fullmatch(r"([A-Z][A-Za-z0-9]*)((?:\.[a-z]\w*)?)(\(.*\))?", span)
            if not match or span in targets:
                continue
            name, member = match.group(1), match.group(2)[1:]
            if name not in declared:
                missing.append(span)
            elif member and not re.search(r"\b(?:func|var|let|case)\s+" + re.escape(member) + r"\b", text):
                missing.append(span)
        self.assertEqual(missing, [], "docs/ARCHITECTURE.md names files or types that do not exist")

    def test_the_layers_it_draws_are_the_manifests(self):
        """Each line `target → a, b` of the layers drawn is that target's dependencies on pinmap's Swift targets."""
        drawn = {}
        for line in document().split("\n"):
            match = re.fullmatch(r"(\w+)\s+→\s+(.*)", line.strip())
            if match:
                drawn[match.group(1)] = set() if match.group(2) == "(none)" else set(re.split(r",\s*", match.group(2)))
        # A scratch folder of its own: the package's build folder may be locked by a build under way.
        with tempfile.TemporaryDirectory() as scratch:
            dump = subprocess.run(["swift", "package", "dump-package", "--package-path", ROOT, "--scratch-path", scratch],
                                  capture_output=True, text=True)
        self.assertEqual(dump.returncode, 0, dump.stderr)
        targets = {target["name"]: target for target in json.loads(dump.stdout)["targets"] if target["type"] in ("regular", "executable")
                   and not target["name"].startswith("C") and target["name"] != "MapWindowLoopCheck"}
        actual = {}
        for name, target in targets.items():
            names = {(dependency.get("byName") or dependency.get("target") or [None])[0] for dependency in target["dependencies"]}
            actual[name] = {dependency for dependency in names if dependency in targets}
        self.assertEqual(drawn, actual, "docs/ARCHITECTURE.md draws the targets' layers other than Package.swift has them")


if __name__ == "__main__":
    unittest.main()
