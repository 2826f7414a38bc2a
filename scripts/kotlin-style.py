#!/usr/bin/env python3
"""The Kotlin style check of the Android library (android/), run by `make format-lint`.

Neither Debian 12 nor PyPI carries a Kotlin formatter (no ktlint, no ktfmt; see android/README.md),
so the repository checks a documented subset of the Kotlin coding conventions
(https://kotlinlang.org/docs/coding-conventions.html) line by line. Strings, raw strings, character
literals and comments are told apart from code first, so nothing inside them trips a code rule.

Usage: scripts/kotlin-style.py [--fix] [--max-line-length N] [PATH ...]
  PATH   .kt/.kts files or folders to search for them (default: android/ of this repository)
  --fix  rewrites the files for the mechanical rules (trailing-whitespace, final-newline,
         blank-lines, import-order) and reports what is left

Each finding is printed as `path:line:col: rule: message`; the exit status is 1 when there is any.
Standard library only.
"""

import argparse
import os
import re
import sys

MAX_LINE_LENGTH = 120
INDENT = 4

# The rules, in the order the README lists them; FIXABLE are the ones --fix rewrites.
RULES = {
    "tab": "no tab characters: indentation is spaces (a tab in a string is written \\t)",
    "indent": "indentation is a multiple of 4 spaces (a block comment's ` *` lines: one more)",
    "trailing-whitespace": "no spaces or tabs at the end of a line",
    "final-newline": "the file ends with exactly one newline",
    "line-length": "at most 120 characters a line",
    "wildcard-import": "no wildcard imports",
    "import-order": "imports form one block, sorted in character (ASCII) order, no duplicates",
    "blank-lines": "no two blank lines in a row, and none at the start of the file",
    "brace-newline": "an opening brace `{` stays on the line of the declaration or statement it opens",
    "keyword-space": "a space between if/for/while/when/catch and `(`",
    "brace-space": "a space before `{`, and between `}` and else/catch/finally",
    "comma-space": "a space after a comma, none before it",
    "semicolon": "no semicolon at the end of a line (except after an enum class's entries)",
}
FIXABLE = ("trailing-whitespace", "final-newline", "blank-lines", "import-order")

CODE, STRING, RAW, COMMENT = "c", "s", "r", "k"


def classify(text):
    """One class per character of `text`: code, string (quotes, escapes and ${...} templates
    included, and character literals), raw string, or comment. A newline gets the class of what it
    ends or continues: RAW inside a raw string, COMMENT inside a block comment, else CODE."""
    classes = [CODE] * len(text)
    # The stack of open contexts: ("code", depth of braces opened in a string template or None),
    # ("str",), ("raw",), ("block", nesting).
    stack = [("code", None)]
    outer = [CODE]  # the class code characters get: CODE, or the string's class inside a template
    i, n = 0, len(text)
    while i < n:
        top = stack[-1]
        c = text[i]
        if top[0] == "code":
            mark = outer[-1]
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                for k in range(i, j):
                    classes[k] = COMMENT if mark == CODE else mark
                i = j
                continue
            if text.startswith("/*", i):
                stack.append(("block", 1))
                classes[i] = classes[i + 1] = COMMENT if mark == CODE else mark
                i += 2
                continue
            if text.startswith('"""', i):
                stack.append(("raw",))
                outer.append(RAW if mark == CODE else mark)
                for k in range(i, i + 3):
                    classes[k] = outer[-1]
                i += 3
                continue
            if c == '"':
                stack.append(("str",))
                outer.append(STRING if mark == CODE else mark)
                classes[i] = outer[-1]
                i += 1
                continue
            if c == "'":
                j = i + 1
                while j < n and text[j] not in "'\n":
                    j += 2 if text[j] == "\\" else 1
                j = min(j + 1, n)
                for k in range(i, j):
                    classes[k] = STRING if mark == CODE else mark
                i = j
                continue
            if top[1] is not None and c == "{":
                stack[-1] = ("code", top[1] + 1)
            elif top[1] is not None and c == "}":
                if top[1] == 0:
                    stack.pop()  # the template ends: back in its string
                    classes[i] = outer[-1]
                    i += 1
                    continue
                stack[-1] = ("code", top[1] - 1)
            classes[i] = mark
            i += 1
        elif top[0] == "block":
            mark = COMMENT if outer[-1] == CODE else outer[-1]
            if text.startswith("/*", i):
                stack[-1] = ("block", top[1] + 1)
                classes[i] = classes[i + 1] = mark
                i += 2
            elif text.startswith("*/", i):
                classes[i] = classes[i + 1] = mark
                i += 2
                if top[1] == 1:
                    stack.pop()
                else:
                    stack[-1] = ("block", top[1] - 1)
            else:
                classes[i] = mark
                i += 1
        else:  # a string or a raw string
            raw = top[0] == "raw"
            mark = outer[-1]
            if text.startswith("${", i):
                classes[i] = classes[i + 1] = mark
                stack.append(("code", 0))
                i += 2
            elif raw and text.startswith('"""', i):
                j = i + 3
                while j < n and text[j] == '"':  # """" ends with the last three quotes
                    j += 1
                for k in range(i, j):
                    classes[k] = mark
                stack.pop()
                outer.pop()
                i = j
            elif not raw and c == "\\":
                classes[i] = mark
                if i + 1 < n and text[i + 1] != "\n":
                    classes[i + 1] = mark
                    i += 1
                i += 1
            elif not raw and c in '"\n':
                classes[i] = mark if c == '"' else CODE
                stack.pop()  # a string ends at its quote (or, unterminated, at the line's end)
                outer.pop()
                i += 1
            else:
                classes[i] = mark
                i += 1
    return classes


class Line:
    """A line of a file: its text, its text with strings and comments masked, and what it starts in."""

    __slots__ = ("number", "text", "masked", "classes", "starts_in", "ends_in")

    def __init__(self, number, text, classes, starts_in, ends_in):
        self.number = number
        self.text = text
        self.classes = classes
        self.starts_in = starts_in  # the class of the newline before it (CODE for the first line)
        self.ends_in = ends_in  # the class of its own newline (CODE for a last line without one)
        masked = []
        for ch, cls in zip(text, classes):
            if cls == CODE:
                masked.append(ch)
            elif cls == COMMENT:
                masked.append(" ")
            else:
                masked.append("S" if cls == STRING else "R")
        self.masked = "".join(masked)

    @property
    def blank(self):
        return not self.text.strip()

    @property
    def code(self):
        """The masked text without its surrounding spaces: what the line holds of code."""
        return self.masked.strip()


def split_lines(text):
    classes = classify(text)
    lines, start, number = [], 0, 1
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        starts_in = classes[start - 1] if start > 0 else CODE
        ends_in = classes[end] if end < len(text) else CODE
        lines.append(Line(number, text[start:end], classes[start:end], starts_in, ends_in))
        start, number = end + 1, number + 1
    return lines


IMPORT = re.compile(r"import\s+(\S+(?:\s+as\s+\S+)?)\s*$")
SINGLE_STRING = re.compile(r"^S+[,)]*(\s*\+)?$")
KEYWORD_PAREN = re.compile(r"\b(if|for|while|when|catch)\(")
BRACE_AFTER = re.compile(r"[\w)\]>]\{")
CLOSE_KEYWORD = re.compile(r"\}(else|catch|finally)\b")
COMMA_NO_SPACE = re.compile(r",(?=[^\s])")
SPACE_COMMA = re.compile(r"\S(\s+),")
ENUM_CLASS = re.compile(r"\benum\s+class\b")
BRACE_OWNER_END = re.compile(r"([\w)>?]|\b(else|try|finally|do))$")


def is_import(line):
    return line.starts_in == CODE and line.text.startswith("import ") and IMPORT.match(line.text)


def import_key(line):
    return IMPORT.match(line.text).group(1)


def check_text(text, max_length=MAX_LINE_LENGTH):
    """The findings for one file's text: (line, col, rule, message), in line order."""
    findings = []

    def add(line, col, rule, message):
        findings.append((line, col, rule, message))

    lines = split_lines(text)

    # final-newline
    if text and not text.endswith("\n"):
        add(len(lines), len(lines[-1].text) + 1, "final-newline", "no newline at the end of the file")
    elif text.endswith("\n\n"):
        last = len(lines)
        while last > 1 and lines[last - 1].blank and lines[last - 1].starts_in != RAW:
            last -= 1
        add(last + 1, 1, "final-newline", "blank lines at the end of the file")

    imports = [line for line in lines if is_import(line)]
    depth_kinds = []  # a stack of "enum" / "block" for the braces open before a line
    pending_enum = False
    previous_code = None  # the last line before this one with code on it

    for index, line in enumerate(lines):
        text_ = line.text
        in_raw = line.starts_in == RAW
        no = line.number

        # tab
        tab = next((i for i, ch in enumerate(text_) if ch == "\t" and line.classes[i] != RAW), None)
        if tab is not None:
            add(no, tab + 1, "tab", "a tab character: use spaces (in a string, \\t)")

        # trailing-whitespace (never inside a raw string, where it is the string's own text)
        stripped = text_.rstrip(" \t\r")
        if stripped != text_ and line.ends_in != RAW:
            add(no, len(stripped) + 1, "trailing-whitespace", "whitespace at the end of the line")

        # indent
        if not in_raw and not line.blank:
            lead = len(text_) - len(text_.lstrip(" "))
            rest = text_[lead:]
            if line.starts_in == COMMENT:
                ok = lead % INDENT == 0 or (lead % INDENT == 1 and rest.startswith("*"))
            else:
                ok = lead % INDENT == 0
            if not ok and not rest.startswith("\t"):
                add(no, lead + 1, "indent", "indented by %d spaces, not a multiple of %d" % (lead, INDENT))

        # line-length
        if len(text_) > max_length and not in_raw:
            beyond = line.classes[max_length:]
            exempt = (
                all(cls == RAW for cls in beyond)
                or text_.startswith(("import ", "package "))
                or SINGLE_STRING.match(line.code) is not None
            )
            if not exempt:
                add(no, max_length + 1, "line-length", "%d characters, more than %d" % (len(text_), max_length))

        # blank-lines
        if line.blank and not in_raw:
            if index == 0 and len(lines) > 1:
                add(no, 1, "blank-lines", "a blank line at the start of the file")
            elif index > 0 and lines[index - 1].blank and lines[index - 1].starts_in != RAW:
                if not (text.endswith("\n\n") and all(after.blank for after in lines[index:])):
                    add(no, 1, "blank-lines", "two blank lines in a row")

        # wildcard-import
        if line in imports and import_key(line).endswith(".*"):
            add(no, len(text_) - len(text_.lstrip()) + 1, "wildcard-import", "a wildcard import: name what is used")

        masked = line.masked
        code = line.code

        # brace-newline: a line that starts with `{` after a line that ends a declaration or statement
        if code.startswith("{") and previous_code is not None:
            if BRACE_OWNER_END.search(previous_code.code):
                add(no, masked.index("{") + 1, "brace-newline",
                    "`{` on a line of its own: put it at the end of line %d" % previous_code.number)

        # keyword-space
        for m in KEYWORD_PAREN.finditer(masked):
            add(no, m.end(), "keyword-space", "no space between `%s` and `(`" % m.group(1))

        # brace-space
        for m in BRACE_AFTER.finditer(masked):
            add(no, m.end(), "brace-space", "no space before `{`")
        for m in CLOSE_KEYWORD.finditer(masked):
            add(no, m.start() + 2, "brace-space", "no space between `}` and `%s`" % m.group(1))

        # comma-space
        for m in COMMA_NO_SPACE.finditer(masked):
            add(no, m.start() + 2, "comma-space", "no space after `,`")
        for m in SPACE_COMMA.finditer(masked):
            add(no, m.start(1) + 1, "comma-space", "a space before `,`")

        # semicolon, but for the one that ends an enum class's entries (its body's own braces)
        enums = [m.end() for m in ENUM_CLASS.finditer(masked)]
        for i, ch in enumerate(masked):
            if enums and i >= enums[0]:
                pending_enum = True
                enums.pop(0)
            if ch == "{":
                depth_kinds.append("enum" if pending_enum else "block")
                pending_enum = False
            elif ch == "}" and depth_kinds:
                depth_kinds.pop()
        if code.endswith(";") and not (depth_kinds and depth_kinds[-1] == "enum"):
            add(no, len(masked.rstrip()), "semicolon", "a semicolon at the end of the line")

        if code:
            previous_code = line

    # import-order
    if imports:
        first, last = imports[0].number, imports[-1].number
        between = [line for line in lines[first - 1:last] if line not in imports]
        if between:
            add(between[0].number, 1, "import-order", "the imports are not one block: line %d is no import"
                % between[0].number)
        seen = set()
        for before, line in zip([None] + imports, imports):
            key = import_key(line)
            if key in seen:
                add(line.number, 1, "import-order", "a duplicate import of %s" % key)
            elif before is not None and key < import_key(before):
                add(line.number, 1, "import-order", "%s is not in order: it comes before %s"
                    % (key, import_key(before)))
            seen.add(key)

    findings.sort(key=lambda f: (f[0], f[1]))
    return findings


def fix_text(text):
    """`text` with the mechanical rules applied: trailing whitespace removed, the imports sorted into
    one block, runs of blank lines (and those at the start) cut to none or one, one final newline.
    Raw strings are left as they are."""
    lines = split_lines(text)

    # trailing-whitespace
    out = []
    for line in lines:
        out.append(line.text if line.ends_in == RAW else line.text.rstrip(" \t\r"))

    # import-order: one sorted block, duplicates dropped, where the first import was
    imports = [line for line in lines if is_import(line)]
    if imports:
        first, last = imports[0].number - 1, imports[-1].number - 1
        span = lines[first:last + 1]
        if all(is_import(line) or line.blank for line in span):
            by_key = {}
            for line in imports:
                by_key.setdefault(import_key(line), out[line.number - 1].strip())
            block = [by_key[key] for key in sorted(by_key)]
            out[first:last + 1] = block
            keep_raw = [line.starts_in == RAW for line in lines[:first]] + [False] * len(block) \
                + [line.starts_in == RAW for line in lines[last + 1:]]
        else:
            keep_raw = [line.starts_in == RAW for line in lines]
    else:
        keep_raw = [line.starts_in == RAW for line in lines]

    # blank-lines
    result = []
    for text_, in_raw in zip(out, keep_raw):
        if not text_.strip() and not in_raw:
            if not result or (not result[-1][0].strip() and not result[-1][1]):
                continue
            text_ = ""
        result.append((text_, in_raw))

    # final-newline
    while result and not result[-1][0].strip() and not result[-1][1]:
        result.pop()
    return "\n".join(text_ for text_, _ in result) + "\n" if result else ""


def kotlin_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if name.endswith((".kt", ".kts")):
                    yield os.path.join(folder, name)


def main(argv=None):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fix", action="store_true", help="rewrite the files for the mechanical rules: "
                        + ", ".join(FIXABLE))
    parser.add_argument("--max-line-length", type=int, default=MAX_LINE_LENGTH)
    parser.add_argument("paths", nargs="*", help=".kt/.kts files or folders (default: android/)")
    args = parser.parse_args(argv)
    paths = args.paths or [os.path.relpath(os.path.join(root, "android"))]

    count, total, fixed = 0, 0, 0
    for path in kotlin_files(paths):
        count += 1
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
        if args.fix:
            new = fix_text(text)
            if new != text:
                with open(path, "w", encoding="utf-8", newline="") as f:
                    f.write(new)
                fixed += 1
                text = new
        for line, col, rule, message in check_text(text, args.max_line_length):
            print("%s:%d:%d: %s: %s" % (path, line, col, rule, message))
            total += 1
    if args.fix and fixed:
        print("kotlin-style: rewrote %d file(s)" % fixed, file=sys.stderr)
    if count == 0:
        print("kotlin-style: no .kt files in %s" % " ".join(paths), file=sys.stderr)
        return 1
    if total:
        print("kotlin-style: %d finding(s) in %d file(s) checked" % (total, count), file=sys.stderr)
        return 1
    print("kotlin-style: %d Kotlin file(s) clean" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
