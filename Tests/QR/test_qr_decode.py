"""Every QR code `trampoline qr` writes decodes, in a real reader, to exactly the bytes encoded.

The SVG is rasterised by rsvg-convert (librsvg2-bin) and read by zbarimg (zbar-tools), for all four
error-correction levels at every version boundary: the byte capacity of each version (the largest
text it holds) and one byte more (the smallest that needs the next version). zbarimg's -Sbinary
prints the payload's bytes as they are: without it zbar guesses a character set for byte-mode data
and can turn UTF-8 into mojibake (a long run of é comes out as Shift JIS), which would be a test of
zbar's guess rather than of the code.
"""
import re
import subprocess

import pytest
from segno import consts

from conftest import qr

LEVEL_CONSTANTS = {"L": consts.ERROR_LEVEL_L, "M": consts.ERROR_LEVEL_M,
                   "Q": consts.ERROR_LEVEL_Q, "H": consts.ERROR_LEVEL_H}
PIXELS_PER_MODULE = 3


def capacity(version, level):
    """Byte-mode capacity from segno's table of data bits (ISO/IEC 18004 table 7), not from ours."""
    bits = consts.SYMBOL_CAPACITY[version][LEVEL_CONSTANTS[level]]
    return (bits - 4 - (8 if version <= 9 else 16)) // 8


def text_of_length(n, non_ascii):
    """A URL-like text of exactly n UTF-8 bytes; with non_ascii, the path is 2-, 3- and 4-byte characters."""
    prefix = "https://go.example.com/"
    if n <= len(prefix):
        return prefix[:n]
    pieces = ["ü", "日", "😀", "-", "ß", "é"] if non_ascii else list("abcdefghij0123456789-_./?=&%")
    text, size, i = prefix, len(prefix), 0
    while size < n:
        piece = pieces[i % len(pieces)]
        if size + len(piece.encode()) > n:
            piece = "x"
        text += piece
        size += len(piece.encode())
        i += 1
    assert len(text.encode()) == n
    return text


def decode(svg, tmp_path):
    """The payload bytes zbarimg reads from the rasterised SVG, and the version its size implies."""
    side = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    source, image = tmp_path / "code.svg", tmp_path / "code.png"
    source.write_text(svg)
    pixels = str(side * PIXELS_PER_MODULE)
    subprocess.run(["rsvg-convert", "-w", pixels, "-h", pixels, source, "-o", image], check=True)
    proc = subprocess.run(["zbarimg", "--raw", "-q", "-Sbinary", image], capture_output=True)
    assert proc.returncode == 0, f"zbarimg found no code: {proc.stderr.decode()}"
    # The quiet zone is 4 modules each side.
    return proc.stdout, (side - 8 - 17) // 4


CASES = [(level, version, extra)
         for level in "LMQH" for version in range(1, 41) for extra in (0, 1)
         if not (version == 40 and extra)]


@pytest.mark.parametrize(("level", "version", "extra"), CASES,
                         ids=[f"{l}-v{v}{'+1' if e else ''}" for l, v, e in CASES])
def test_decodes_to_the_exact_text_at_every_version_boundary(trampoline, tools, tmp_path, level, version, extra):
    n = capacity(version, level) + extra
    text = text_of_length(n, non_ascii=(version + extra) % 2 == 0)
    svg = qr(trampoline, text, "--level", level)
    payload, decoded_version = decode(svg, tmp_path)
    assert payload == text.encode()
    # Full means this version; one byte more means the next one.
    assert decoded_version == version + extra


def test_output_file_and_default_level(trampoline, tools, tmp_path):
    target = tmp_path / "link.svg"
    text = "https://go.example.com/promo/spring?c=poster"
    assert qr(trampoline, text, "--output", str(target)) == ""
    svg = target.read_text()
    assert svg == qr(trampoline, text, "--level", "M")  # M is the default
    assert 'shape-rendering="crispEdges"' in svg and svg.count("<path") == 1
    payload, version = decode(svg, tmp_path)
    assert payload == text.encode() and version == 4  # 44 bytes; 3-M holds 42


@pytest.mark.parametrize("level", "LMQH")
def test_one_byte_over_version_40_is_an_error_naming_the_capacity(trampoline, tmp_path, level):
    n = capacity(40, level) + 1
    target = tmp_path / "never.svg"
    proc = subprocess.run([trampoline, "qr", "--level", level, "--output", target, "--", "a" * n],
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert (f"error: {n} bytes is too long for a QR code: version 40 at error correction {level} "
            f"holds at most {n - 1} bytes") in proc.stderr
    assert "--level L" in proc.stderr
    assert not target.exists()


def test_a_level_that_does_not_exist_is_refused(trampoline):
    proc = subprocess.run([trampoline, "qr", "--level", "X", "hello"], capture_output=True, text=True)
    assert proc.returncode != 0 and "level" in proc.stderr
