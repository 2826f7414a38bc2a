#!/usr/bin/env python3
"""Writes the same requests to go.example.com in each log format `trampoline stats` reads, so the
tests can hold the four readings to one expected count (StatsFormatsTests). Run it after editing
REQUESTS; the files are committed.

Each format follows its published field list:
- combined.log: nginx's `log_format combined`
  (https://nginx.org/en/docs/http/ngx_http_log_module.html#log_format);
- cloudfront.log: CloudFront standard logs, version 1.0, the 33 fields of "Log file fields"
  (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/standard-logs-reference.html),
  agent percent-encoded as CloudFront writes it, `-` for empty values;
- s3.log: "Amazon S3 server access log format"
  (https://docs.aws.amazon.com/AmazonS3/latest/userguide/LogFormat.html), website requests;
- cloudflare.jsonl: Logpush `http_requests` with the fields of "HTTP requests"
  (https://developers.cloudflare.com/logs/reference/log-fields/zone/http_requests/), RFC 3339 times.
"""
import json
import urllib.parse
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1"
ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
DESKTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
INSTAGRAM = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.3.12.91 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 618757497)"
WHATSAPP = "WhatsApp/2.23.20.0 A"
IMESSAGE = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0"
GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
CURL = "curl/8.5.0"

# (UTC time, method, target, status, agent)
REQUESTS = [
    ("2026-11-01T10:00:00", "GET", "/spring-sale", 200, IPHONE),
    ("2026-11-01T10:00:01", "GET", "/_count/shown.txt?l=%2Fspring-sale", 200, IPHONE),
    ("2026-11-01T10:00:01", "GET", "/_count/attempt.txt?l=%2Fspring-sale", 200, IPHONE),
    ("2026-11-01T10:00:03", "GET", "/_count/store.txt?l=%2Fspring-sale", 200, IPHONE),
    ("2026-11-02T08:30:00", "GET", "/spring-sale/?tl_qr=1", 200, ANDROID),
    ("2026-11-02T08:30:02", "GET", "/_count/app.txt?l=%2Fspring-sale%2F", 200, ANDROID),
    ("2026-11-02T09:00:00", "GET", "/spring-sale", 304, DESKTOP),
    ("2026-11-02T09:00:01", "GET", "/_count/desktop-qr.txt?l=%2Fspring-sale", 200, DESKTOP),
    ("2026-11-02T09:10:00", "GET", "/spring-sale", 200, WHATSAPP),
    ("2026-11-02T09:10:05", "GET", "/spring-sale", 200, IMESSAGE),
    ("2026-11-02T11:00:00", "GET", "/spring-sale", 200, INSTAGRAM),
    ("2026-11-02T11:00:01", "GET", "/_count/in-app.txt?l=%2Fspring-sale", 200, INSTAGRAM),
    ("2026-11-03T12:00:00", "GET", "/restaurant/42", 200, IPHONE),
    ("2026-11-03T12:05:00", "GET", "/restaurant/7", 404, IPHONE),
    ("2026-11-03T12:06:00", "GET", "/nope", 404, IPHONE),
    ("2026-11-03T12:07:00", "GET", "/spring-sale/qr.svg", 200, DESKTOP),
    ("2026-11-03T12:08:00", "HEAD", "/spring-sale", 200, CURL),
    ("2026-11-03T12:09:00", "POST", "/spring-sale", 405, DESKTOP),
    ("2026-11-03T12:10:00", "GET", "/spring-sale/index.html", 301, DESKTOP),
    ("2026-11-03T12:11:00", "GET", "/spring-sale", 200, CURL),
    ("2026-11-03T12:12:00", "GET", "/restaurant/42", 200, GOOGLEBOT),
]

HOST = "go.example.com"


def times(stamp):
    t = datetime.fromisoformat(stamp).replace(tzinfo=timezone.utc)
    return t


def combined():
    lines = []
    for stamp, method, target, status, agent in REQUESTS:
        t = times(stamp).strftime("%d/%b/%Y:%H:%M:%S +0000")
        lines.append(f'203.0.113.7 - - [{t}] "{method} {target} HTTP/1.1" {status} 512 "-" "{agent}"')
    # One line of another program's output: skipped, and named.
    lines.insert(5, "this is not a log line")
    return "\n".join(lines) + "\n"


def cloudfront():
    lines = ["#Version: 1.0",
             "#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) "
             "cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol "
             "cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type "
             "cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte "
             "x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end"]
    for i, (stamp, method, target, status, agent) in enumerate(REQUESTS):
        t = times(stamp)
        path, _, query = target.partition("?")
        ua = urllib.parse.quote(agent, safe="/();:,.+")
        fields = [t.strftime("%Y-%m-%d"), t.strftime("%H:%M:%S"), "IAD89-C3", "512", "203.0.113.7", method,
                  "d111111abcdef8.cloudfront.net", path, str(status), "-", ua, query or "-", "-", "Miss",
                  f"req{i}EXAMPLE==", HOST, "https", "120", "0.010", "-", "TLSv1.3", "TLS_AES_128_GCM_SHA256",
                  "Miss", "HTTP/2.0", "-", "-", "51234", "0.009", "Miss", "text/html", "512", "-", "-"]
        assert len(fields) == 33
        lines.append("\t".join(fields))
    return "\n".join(lines) + "\n"


def s3():
    lines = []
    for i, (stamp, method, target, status, agent) in enumerate(REQUESTS):
        t = times(stamp).strftime("%d/%b/%Y:%H:%M:%S +0000")
        key = target.split("?")[0].lstrip("/") or "-"
        lines.append(
            f'79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be {HOST} [{t}] 203.0.113.7 - '
            f'3E57427F3EXAMPLE{i} WEBSITE.{method}.OBJECT {key} "{method} {target} HTTP/1.1" {status} - 512 512 '
            f'7 - "-" "{agent}" - s9lzHYrFp76ZVxRcpX9+5cjAnEH2ROuNkd2BHfIa6UkFVdtjf5mKR3/eTPFvsiP/XV/VLi31234= '
            f'- - - {HOST}.s3-website-us-east-1.amazonaws.com - - -')
    return "\n".join(lines) + "\n"


def cloudflare():
    lines = []
    for i, (stamp, method, target, status, agent) in enumerate(REQUESTS):
        lines.append(json.dumps({
            "ClientIP": "203.0.113.7", "ClientRequestHost": HOST, "ClientRequestMethod": method,
            "ClientRequestURI": target, "ClientRequestUserAgent": agent, "EdgeResponseStatus": status,
            "EdgeStartTimestamp": stamp + "Z", "RayID": f"7c{i:014x}",
        }, separators=(",", ":")))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    (HERE / "combined.log").write_text(combined())
    (HERE / "cloudfront.log").write_text(cloudfront())
    (HERE / "s3.log").write_text(s3())
    (HERE / "cloudflare.jsonl").write_text(cloudflare())
