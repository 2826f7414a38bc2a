#!/usr/bin/env bash
# with-test-tmp.sh COMMAND [ARG...]: runs COMMAND with TMPDIR in a folder of this user's on tmpfs
# (/dev/shm), when the machine has one that is writable and lets programs run from it; otherwise
# with TMPDIR as it is. The suites make and delete hundreds of thousands of files; on ext4, making
# a file after many deletions scans the inode bitmap for recently freed inodes (`recently_deleted`
# in the kernel), which was most of the time of the tests that rebuild a site of thousands of pages.
# TEST_TMPDIR overrides the folder (an empty value: keep TMPDIR).
# with-test-tmp.sh --remove: deletes that folder (`make clean`): the default one, or a TEST_TMPDIR
# this script made. A folder it did not make (TEST_TMPDIR=/tmp, say) is left alone: the marker file
# is written only into a folder the script created.
set -euo pipefail
folder=${TEST_TMPDIR-/dev/shm/trampoline-tests-$(id -u)}
marker=.made-by-with-test-tmp
if [ "${1-}" = --remove ]; then
    # The default folder is ours by its name; another one only by the marker.
    if [ -n "$folder" ] && [ -d "$folder" ] && [ ! -L "$folder" ] && [ -O "$folder" ] \
        && { [ -z "${TEST_TMPDIR+set}" ] || [ -f "$folder/$marker" ]; }; then
        rm -rf -- "$folder"
    elif [ -n "$folder" ] && [ -e "$folder" ]; then
        echo "with-test-tmp.sh: left $folder: this script did not make it" >&2
    fi
    exit 0
fi
if [ -n "$folder" ] && [ -d "$(dirname "$folder")" ] && [ -w "$(dirname "$folder")" ]; then
    # mkdir without -p: only the folder this call creates gets the marker.
    if mkdir -m 700 "$folder" 2>/dev/null; then
        : > "$folder/$marker"
    fi
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
