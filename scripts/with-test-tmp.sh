#!/usr/bin/env bash
# with-test-tmp.sh COMMAND [ARG...]: runs COMMAND with TMPDIR in a folder of this user's on tmpfs
# (/dev/shm), when the machine has one that is writable and lets programs run from it; otherwise
# with TMPDIR as it is. The suites make and delete hundreds of thousands of files; on ext4, making
# a file after many deletions scans the inode bitmap for recently freed inodes (`recently_deleted`
# in the kernel), which was most of the time of the tests that rebuild a site of thousands of pages.
# TEST_TMPDIR overrides the folder (an empty value: keep TMPDIR).
set -euo pipefail
folder=${TEST_TMPDIR-/dev/shm/trampoline-tests-$(id -u)}
if [ -n "$folder" ] && [ -d "$(dirname "$folder")" ] && [ -w "$(dirname "$folder")" ]; then
    mkdir -p -m 700 "$folder" 2>/dev/null || true
    # Ours alone (another user may have made the name first in a shared folder), and exec allowed.
    if [ -d "$folder" ] && [ -O "$folder" ] && [ ! -L "$folder" ] && cp /bin/true "$folder/.exec-check" 2>/dev/null \
        && "$folder/.exec-check" 2>/dev/null; then
        rm -f "$folder/.exec-check"
        export TMPDIR=$folder
    else
        rm -f "$folder/.exec-check" 2>/dev/null || true
    fi
fi
exec "$@"
