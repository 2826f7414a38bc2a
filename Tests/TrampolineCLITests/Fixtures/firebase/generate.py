#!/usr/bin/env python3
"""Writes the Firebase Dynamic Links import fixtures: python3 generate.py Tests/TrampolineCLITests/Fixtures/firebase

The files it writes are committed; the tests read them, not this script. Deterministic: no clock,
no randomness, so a rerun gives the same bytes.

- export.csv: a realistic export in the documented format (Firebase's "Export Dynamic Links
  metadata" guide: 29 columns, one file per domain), 400 rows using every column, 16 archived.
- bad.csv: the same header, good rows and one bad row per kind of mistake (see BAD below).
- bad-quoting.csv, bad-utf8.csv: a broken quote, and bytes that are not UTF-8.
- long-links.txt: FDL long links, one per line ("Manually constructing a Dynamic Link URL").
- bad-long-links.txt: long links without link=, or with a javascript: one.
"""
import csv, io, os, sys
from urllib.parse import quote

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
os.makedirs(OUT, exist_ok=True)

HEADER = [
    "Short link", "Deep link (link)", "Android package name (apn)", "Android fallback link (afl)",
    "Android minimum package version code (amv)", "iOS bundle ID (ibi)", "iOS fallback link (ifl)",
    "iOS custom scheme (ius)", "iOS iPad fallback link (ipfl)", "iOS iPad bundle ID (ipbi)",
    "iOS app store ID (isi)", "iOS minimum version (imv)", "Enable forced redirect? (efr)",
    "Desktop fallback link (ofl)", "Social title (st)", "Social description (sd)", "Social image link (si)",
    "UTM source (utm_source)", "UTM medium (utm_medium)", "UTM campaign (utm_campaign)", "UTM term (utm_term)",
    "UTM content (utm_content)", "iTunes Connect at", "iTunes Connect ct", "iTunes Connect mt", "iTunes Connect pt",
    "Archived?", "Link name", "Creation timestamp",
]
DOMAIN = "links.shopfront.example"
WEB = "https://shopfront.example"
APN, IBI, IUS, ISI = "com.shopfront.android", "com.shopfront.ios", "shopfront", "1234567890"
KINDS = ["product", "category", "promo", "invite", "article"]
WORDS = ["sneakers", "jackets", "café-crème", "gift cards", "summer", "winter", "outlet", "kids", "denim", "boots"]


def suffix(i):
    # Firebase's short suffixes: a few readable ones, most a code. Codes are lower-case here so no
    # two differ only in case (bad.csv has that mistake on purpose).
    if i % 10 == 0:
        return f"{KINDS[i % 5]}-{i}"
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    n, code = i * 7919 + 104729, ""
    for _ in range(5):
        code += alphabet[n % len(alphabet)]
        n //= len(alphabet)
    return code


def row(i):
    kind, word = KINDS[i % 5], WORDS[i % 10]
    query = f"?ref=fdl&id={i}" if i % 3 else ""
    r = dict.fromkeys(HEADER, "")
    r["Short link"] = f"https://{DOMAIN}/{suffix(i)}"
    r["Deep link (link)"] = f"{WEB}/{kind}/{i}{query}"
    r["Android package name (apn)"] = APN
    r["iOS bundle ID (ibi)"] = IBI
    r["iOS custom scheme (ius)"] = IUS
    r["iOS app store ID (isi)"] = ISI
    if i % 7 == 0: r["Android fallback link (afl)"] = f"{WEB}/android/{kind}/{i}"
    if i % 11 == 0: r["Android minimum package version code (amv)"] = str(100 + i % 50)
    if i % 6 == 0: r["iOS fallback link (ifl)"] = f"{WEB}/ios/{kind}/{i}"
    if i % 13 == 0: r["iOS iPad fallback link (ipfl)"] = f"{WEB}/ipad/{kind}/{i}"
    if i % 17 == 0: r["iOS iPad bundle ID (ipbi)"] = "com.shopfront.ipad"
    if i % 19 == 0: r["iOS minimum version (imv)"] = f"3.{i % 9}"
    r["Enable forced redirect? (efr)"] = ["", "1", "0"][i % 3]
    if i % 23 == 0: r["Desktop fallback link (ofl)"] = f"{WEB}/desktop/{i}"
    if i % 4:
        r["Social title (st)"] = f"{word.title()} #{i}"
        r["Social description (sd)"] = [
            f"Save {i % 40}% on {word}, today only",
            f'The "{word}" edit: new arrivals *and* favourites',
            f"Two lines:\nfirst {word}, then more",
            f"Ünïcödé {word} — 20% off <b>now</b>",
        ][i % 4]
        r["Social image link (si)"] = f"https://cdn.shopfront.example/img/{kind}/{i}.jpg"
    if i % 5 == 0:
        r["UTM source (utm_source)"] = ["newsletter", "instagram", "print"][i % 3]
        r["UTM medium (utm_medium)"] = ["email", "social", "flyer"][i % 3]
        r["UTM campaign (utm_campaign)"] = f"{word}-{2023 + i % 3}"
    if i % 15 == 0:
        r["UTM term (utm_term)"] = word
        r["UTM content (utm_content)"] = f"banner-{i % 4}"
    if i % 29 == 0:
        r["iTunes Connect at"] = "1l3vpjz"
        r["iTunes Connect ct"] = f"campaign{i}"
        r["iTunes Connect mt"] = "8"
        r["iTunes Connect pt"] = "123456"
    r["Archived?"] = "true" if i % 25 == 0 else "false"
    r["Link name"] = f"{kind} {i} ({word})"
    r["Creation timestamp"] = f"2023-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00Z"
    return r


def write_csv(name, rows, header=HEADER):
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=header, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    with open(os.path.join(OUT, name), "w", encoding="utf-8", newline="") as f:
        f.write(buffer.getvalue())


write_csv("export.csv", [row(i) for i in range(1, 401)])

# bad.csv: rows 2-4 are good; each later row has one mistake, in this order (the test checks
# each at its row and column).
good = [row(i) for i in (1, 2, 3)]
bad = []
r = row(31); r["Deep link (link)"] = "javascript:alert(1)"; bad.append(r)                      # row 5, col 2
r = row(32); r["Deep link (link)"] = "https://evil.example/product/32"; bad.append(r)          # row 6, col 2
r = row(33); r["Short link"] = good[0]["Short link"]; bad.append(r)                            # row 7, col 1: duplicate
r = row(34); r["Short link"] = f"https://{DOMAIN}/Promo-Sale"; bad.append(r)                   # row 8
r = row(35); r["Short link"] = f"https://{DOMAIN}/promo-sale"; bad.append(r)                   # row 9, col 1: case
r = row(36); r["iOS bundle ID (ibi)"] = "com.other.app"; bad.append(r)                         # row 10, col 6
r = row(37); r["Enable forced redirect? (efr)"] = "maybe"; bad.append(r)                       # row 11, col 13
r = row(38); r["Deep link (link)"] = ""; bad.append(r)                                         # row 12: no link
r = row(39); r["Social image link (si)"] = "data:image/png;base64,AAAA"; bad.append(r)         # row 13, col 17
write_csv("bad.csv", good + bad)
with open(os.path.join(OUT, "bad.csv"), "a", encoding="utf-8", newline="") as f:
    f.write("https://" + DOMAIN + "/short-row,https://shopfront.example/x\r\n")                # row 14: 2 fields

with open(os.path.join(OUT, "bad-quoting.csv"), "w", encoding="utf-8", newline="") as f:
    f.write(",".join(HEADER) + "\n")
    f.write(f'https://{DOMAIN}/ok,{WEB}/product/1' + "," * 27 + "\n")
    f.write(f'https://{DOMAIN}/q,"{WEB}/product/2"x' + "," * 27 + "\n")                      # row 3, col 2
with open(os.path.join(OUT, "bad-utf8.csv"), "wb") as f:
    f.write((",".join(HEADER) + "\n").encode())
    f.write(f"https://{DOMAIN}/latin1,{WEB}/product/1,,,,,,,,,,,,,Caf".encode() + b"\xe9" + b"," * 14 + b"\n")  # line 2, col 79


def long_link(i, **extra):
    params = {"link": f"{WEB}/{KINDS[i % 5]}/{i}?from=long", "apn": APN, "ibi": IBI, "isi": ISI, "ius": IUS}
    params.update(extra)
    return f"https://{DOMAIN}/?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in params.items() if v is not None)


lines = ["# FDL long links, one per line; blank lines and # comments are skipped.", ""]
for i in range(1, 21):
    extra = {}
    if i % 2: extra.update(st=f"Long link {i}", sd=f"From a long link, #{i}", si=f"https://cdn.shopfront.example/long/{i}.png")
    if i % 3 == 0: extra.update(ifl=f"{WEB}/ios/long/{i}", efr="1")
    if i % 4 == 0: extra.update(afl=f"{WEB}/android/long/{i}", amv="42")
    if i % 5 == 0: extra.update(utm_source="poster", utm_medium="print", utm_campaign="spring")
    if i % 7 == 0: extra.update(ofl=f"{WEB}/desktop/long/{i}", imv="2.1", ipbi="com.shopfront.ipad", ipfl=f"{WEB}/ipad/{i}", at="x", ct="y", mt="8", pt="1")
    lines.append(long_link(i, **extra))
with open(os.path.join(OUT, "long-links.txt"), "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
with open(os.path.join(OUT, "bad-long-links.txt"), "w", encoding="utf-8") as f:
    f.write(long_link(1) + "\n")
    f.write(f"https://{DOMAIN}/?apn={APN}&ibi={IBI}\n")                                       # line 2: no link=
    f.write(long_link(3, link="javascript:alert(1)") + "\n")                                   # line 3, col 33
