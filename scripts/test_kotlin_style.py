"""Tests of scripts/kotlin-style.py: each rule finds its violation, a clean file has none, --fix
rewrites only the mechanical rules, and android/README.md lists the rules the script checks.

Run: python3 -m unittest scripts/test_kotlin_style.py (standard library only; `make format-lint` runs it).
"""

import contextlib
import importlib.util
import io
import os
import re
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
_spec = importlib.util.spec_from_file_location("kotlin_style", os.path.join(HERE, "kotlin-style.py"))
ks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ks)


def kt(text):
    return textwrap.dedent(text).lstrip("\n")


# Holds a little of everything a rule could mistake for a violation: an enum's `;`, KDoc, a raw
# string with trailing spaces and blank lines, strings and comments that look like bad code, a
# string template with braces, a long line that is one string literal.
CLEAN = kt('''
    package trampoline.link

    import java.io.File
    import java.util.concurrent.atomic.AtomicLong
    import org.junit.jupiter.api.Test

    /**
     * A KDoc comment; its `*` lines sit one space in.
     */
    enum class Kind(val word: String) {
        A("a"),
        B("b");

        fun shown(): String = "kind $word"
    }

    class Sample(private val path: String) {
        private val raw = """
            trailing spaces stay:   


            two blank lines above, inside the string
        """

        fun run(items: List<String>, seen: AtomicLong): Int {
            // if(x) and for(y) in a comment; so is a semicolon;
            val text = "if(a) for(b) x,y {a} ;"
            val c = ','
            val q = '"'
            val templated = "${items.map { it.length }.sum()} items"
            if (items.isEmpty()) {
                return 0
            } else if (text.length > 2) {
                seen.incrementAndGet()
            }
            for (item in items) {
                when (item) {
                    "x" -> seen.incrementAndGet()
                    else -> Unit
                }
            }
            try {
                File(path).readText()
            } catch (e: Exception) {
                return -1
            }
            val message =
                "a long message that is one string literal on a line of its own, which a line-length rule lets pass as it is"
            return items.count { it.isNotEmpty() } + templated.length + message.length + c.toInt() + q.toInt()
        }
    }
''')


def findings(text):
    return ks.check_text(text)


def rules(text):
    return [rule for _, _, rule, _ in findings(text)]


class CleanTests(unittest.TestCase):
    def test_clean_snippet_has_no_findings(self):
        self.assertEqual([], findings(CLEAN))

    def test_fix_leaves_a_clean_file_as_it_is(self):
        self.assertEqual(CLEAN, ks.fix_text(CLEAN))

    def test_an_empty_file_has_no_findings(self):
        self.assertEqual([], findings(""))


class RuleTests(unittest.TestCase):
    """Each rule, on a small bad snippet: the rule, its line and column."""

    def assertFinds(self, text, rule, line, col):
        found = [(l, c) for l, c, r, _ in findings(text) if r == rule]
        self.assertIn((line, col), found, "%s not found at %d:%d in %s" % (rule, line, col, findings(text)))

    def test_tab(self):
        self.assertFinds("fun a() {\n\treturn\n}\n", "tab", 2, 1)
        self.assertFinds('val s = "a\tb"\n', "tab", 1, 11)

    def test_indent(self):
        self.assertFinds("fun a() {\n   return\n}\n", "indent", 2, 4)
        self.assertFinds("class A {\n    /**\n      * off by two\n     */\n}\n", "indent", 3, 7)

    def test_trailing_whitespace(self):
        self.assertFinds("val a = 1  \n", "trailing-whitespace", 1, 10)
        self.assertFinds("val a = 1\r\n", "trailing-whitespace", 1, 10)

    def test_final_newline(self):
        self.assertFinds("val a = 1", "final-newline", 1, 10)
        self.assertFinds("val a = 1\n\n", "final-newline", 2, 1)
        self.assertFinds("val a = 1\n\n\n", "final-newline", 2, 1)

    def test_line_length(self):
        self.assertFinds("val a = listOf(" + "1, " * 40 + "1)\n", "line-length", 1, 121)
        self.assertEqual([], rules("val a = 1" + " + 1" * 27 + "\n"))  # 117 characters

    def test_line_length_spares_imports_raw_strings_and_lone_string_literals(self):
        long_name = "a" * 130
        self.assertEqual([], rules("import trampoline.%s\n" % long_name))
        self.assertEqual([], rules('val s = """%s"""\n' % long_name))
        self.assertEqual([], rules('val s = """\n%s\n"""\n' % long_name))
        self.assertEqual([], rules('val s = listOf(\n    "%s",\n    "b"\n)\n' % long_name))
        self.assertIn("line-length", rules('val s = listOf("%s", "b")\n' % long_name))

    def test_wildcard_import(self):
        self.assertFinds("import java.util.*\n", "wildcard-import", 1, 1)

    def test_import_order(self):
        self.assertFinds("import org.junit.Test\nimport java.io.File\n", "import-order", 2, 1)
        self.assertFinds("import a.B\nimport a.B\n", "import-order", 2, 1)
        self.assertFinds("import a.B\n\nimport a.C\n", "import-order", 2, 1)

    def test_blank_lines(self):
        self.assertFinds("val a = 1\n\n\nval b = 2\n", "blank-lines", 3, 1)
        self.assertFinds("\npackage a\n", "blank-lines", 1, 1)

    def test_brace_newline(self):
        self.assertFinds("fun a()\n{\n    return\n}\n", "brace-newline", 2, 1)
        self.assertFinds("class A\n{\n}\n", "brace-newline", 2, 1)
        self.assertFinds("fun a() {\n    if (b)\n    {\n    }\n}\n", "brace-newline", 3, 5)
        self.assertFinds("fun a() {\n    try\n    {\n    } finally {\n    }\n}\n", "brace-newline", 3, 5)

    def test_brace_newline_spares_lambdas_as_arguments(self):
        self.assertEqual([], rules("val a = listOf(\n    { 1 },\n    { 2 }\n)\n"))

    def test_keyword_space(self):
        for keyword in ("if", "for", "while", "when"):
            self.assertFinds("fun a() {\n    %s(b) {\n    }\n}\n" % keyword, "keyword-space", 2, 7 + len(keyword) - 2)
        self.assertFinds("fun a() {\n    try {\n    } catch(e: Exception) {\n    }\n}\n", "keyword-space", 3, 12)

    def test_brace_space(self):
        self.assertFinds("fun a(){\n}\n", "brace-space", 1, 8)
        self.assertFinds("val b = listOf(1).map{ it }\n", "brace-space", 1, 22)
        self.assertFinds("fun a() {\n    if (b) {\n    }else {\n    }\n}\n", "brace-space", 3, 6)

    def test_comma_space(self):
        self.assertFinds("val a = listOf(1,2)\n", "comma-space", 1, 18)
        self.assertFinds("val a = listOf(1 , 2)\n", "comma-space", 1, 17)

    def test_semicolon(self):
        self.assertFinds("val a = 1;\n", "semicolon", 1, 10)
        self.assertFinds("enum class E {\n    A;\n\n    fun f() {\n        val x = 1;\n    }\n}\n", "semicolon", 5, 18)
        self.assertEqual([], rules("enum class E(val w: String) {\n    A(\"a\"),\n    B(\"b\");\n}\n"))

    def test_strings_and_comments_are_not_code(self):
        self.assertEqual([], rules('val a = "if(b) c,d e{f} g;"  // if(x) y,z;\n'))
        self.assertEqual([], rules("/* if(x) y,z;\n    nested /* for(a) */ b,c; */\nval d = 1\n"))
        self.assertEqual([], rules('val a = "${listOf(1, 2).map { "${it}x" }}"\n'))
        self.assertEqual([], rules("val c = ';'\nval d = '\\''\n"))

    def test_every_rule_is_tested(self):
        tested = {name[len("test_"):].replace("_", "-") for name in dir(self) if name.startswith("test_")}
        self.assertEqual(set(), set(ks.RULES) - tested)


class FixTests(unittest.TestCase):
    def test_fixes_the_mechanical_rules(self):
        text = (
            "\n\npackage a\n\nimport org.junit.Test  \nimport java.io.File\n\nimport java.io.File\n\n\n\n"
            "class A {  \n    fun b() = 1\t\n}\n\n\n"
        )
        fixed = ks.fix_text(text)
        self.assertEqual(
            "package a\n\nimport java.io.File\nimport org.junit.Test\n\nclass A {\n    fun b() = 1\n}\n", fixed
        )
        self.assertEqual([], findings(fixed))

    def test_adds_a_missing_final_newline(self):
        self.assertEqual("val a = 1\n", ks.fix_text("val a = 1"))

    def test_leaves_raw_strings_and_other_rules_alone(self):
        text = 'val s = """\na  \n\n\n\nb\n"""\nfun f(){\n   if(x) return;\n}\n'
        fixed = ks.fix_text(text)
        self.assertEqual(text, fixed)
        self.assertEqual(["brace-space", "indent", "keyword-space", "semicolon"], sorted(rules(fixed)))


class CommandTests(unittest.TestCase):
    def run_main(self, *args):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = ks.main(list(args))
        return status, out.getvalue(), err.getvalue()

    def test_reports_path_line_col_rule_message_and_exits_1(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "A.kt")
            with open(path, "w") as f:
                f.write("fun a(){\n    if(b) return\n}\n")
            status, out, _ = self.run_main(folder)
        self.assertEqual(1, status)
        self.assertEqual(
            ["%s:1:8: brace-space: no space before `{`" % path,
             "%s:2:7: keyword-space: no space between `if` and `(`" % path],
            out.splitlines(),
        )
        for line in out.splitlines():
            self.assertRegex(line, r"^.+:\d+:\d+: [a-z-]+: .+$")

    def test_clean_folder_exits_0(self):
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "A.kt"), "w") as f:
                f.write(CLEAN)
            status, out, _ = self.run_main(folder)
        self.assertEqual(0, status)
        self.assertIn("1 Kotlin file(s) clean", out)

    def test_fix_rewrites_and_reports_what_is_left(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "A.kt")
            with open(path, "w") as f:
                f.write("import b.C\nimport a.B\nval x = 1  \n\n\nval y = listOf(1,2)")
            status, out, _ = self.run_main("--fix", folder)
            with open(path) as f:
                fixed = f.read()
        self.assertEqual("import a.B\nimport b.C\nval x = 1\n\nval y = listOf(1,2)\n", fixed)
        self.assertEqual(1, status)
        self.assertEqual(["%s:5:18: comma-space: no space after `,`" % path], out.splitlines())

    def test_no_kotlin_files_is_an_error(self):
        with tempfile.TemporaryDirectory() as folder:
            status, _, err = self.run_main(folder)
        self.assertEqual(1, status)
        self.assertIn("no .kt files", err)


class DocumentationTests(unittest.TestCase):
    def test_the_readme_lists_every_rule(self):
        with open(os.path.join(ROOT, "android", "README.md"), encoding="utf-8") as f:
            readme = f.read()
        listed = re.findall(r"^- `([a-z-]+)`", readme, re.MULTILINE)
        self.assertEqual(list(ks.RULES), listed)
        self.assertIn(str(ks.MAX_LINE_LENGTH), readme)


if __name__ == "__main__":
    unittest.main()
