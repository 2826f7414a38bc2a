#!/bin/sh
# The Android library on the JVM (`make android-test`): compiles the library (src/main/kotlin)
# against the stand-ins of the Android classes (standins/, not shipped), then the JVM tests
# (jvm-test/kotlin) against it, and runs them on the JUnit Platform. Needs Debian's `kotlin`
# (kotlinc 1.3) and `junit5` (the console launcher); JDK 17.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/.." && pwd)
out=${ANDROID_TEST_BUILD:-$root/.build-android}
junit=${JUNIT_CONSOLE:-/usr/share/java/junit-platform-console-standalone.jar}
stdlib=${KOTLIN_STDLIB:-/usr/share/java/kotlin-stdlib.jar}
kotlinc=${KOTLINC:-kotlinc}

# kotlinc, failing on any warning (so on anything deprecated); Debian's launcher warns about its own JVM options.
compile() {
  status=0
  "$kotlinc" -Werror "$@" >"$out/kotlinc.log" 2>&1 || status=$?
  grep -v 'Options -Xverify:none and -noverify were deprecated' "$out/kotlinc.log" || true
  return $status
}

rm -rf "$out"
mkdir -p "$out/standins" "$out/main" "$out/test"

# The logic is plain Kotlin/JVM: only src/main/kotlin/trampoline/link/android/ may name Android classes.
if grep -lE '^import (android|com\.android)\.' "$here"/src/main/kotlin/trampoline/link/*.kt; then
  echo "android-test: the files above import Android classes outside trampoline/link/android/" >&2
  exit 1
fi

started=$(date +%s)
javac --release 8 -nowarn -d "$out/standins" $(find "$here/standins" -name '*.java')
compile -module-name trampoline-link -cp "$out/standins" -d "$out/main" $(find "$here/src/main/kotlin" -name '*.kt')
compile -module-name trampoline-link -Xfriend-paths="$out/main" -cp "$out/main:$out/standins:$junit" -d "$out/test" \
  $(find "$here/jvm-test/kotlin" -name '*.kt')
echo "android-test: compiled in $(( $(date +%s) - started )) s"

java -Dtrampoline.root="$root" -jar "$junit" --disable-banner --disable-ansi-colors --details="${JUNIT_DETAILS:-summary}" \
  --fail-if-no-tests --class-path "$out/test:$out/main:$out/standins:$stdlib" --scan-class-path "$out/test"
