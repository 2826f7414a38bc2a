#!/usr/bin/env bash
# make install / make uninstall: copies a staged release (scripts/dist.sh writes it to dist/current)
# into PREFIX, or removes it from there.
#
#   scripts/install.sh install   --prefix /usr/local [--destdir DIR] [--from dist/current]
#   scripts/install.sh uninstall --prefix /usr/local [--destdir DIR]
#
# All or nothing: every destination folder is checked before anything is touched, files are
# first copied beside their destination under a temporary name, and only when every copy
# succeeded are they renamed into place. On failure the temporary files and any folder this run
# created are removed again, so a failed install leaves PREFIX as it was.
set -euo pipefail

# The layout of a release: the same paths inside the tarball's top folder and under PREFIX, where
# `man`, bash-completion, zsh (fpath) and fish (vendor_completions.d) look by default.
FILES=(
    bin/trampoline
    share/man/man1/trampoline.1
    share/bash-completion/completions/trampoline
    share/zsh/site-functions/_trampoline
    share/fish/vendor_completions.d/trampoline.fish
    share/doc/trampoline/LICENSE
)

die() { echo "$action: error: $*" >&2; exit 1; }

action=${1:-}
case $action in install | uninstall) shift ;; *) echo "usage: $0 install|uninstall --prefix DIR [--destdir DIR] [--from STAGE]" >&2; exit 2 ;; esac
prefix=/usr/local destdir= from=dist/current
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) prefix=${2:-}; shift 2 ;;
        --destdir) destdir=${2:-}; shift 2 ;;
        --from) from=${2:-}; shift 2 ;;
        *) die "unknown argument '$1'" ;;
    esac
done
case $prefix in /*) ;; *) die "PREFIX must be an absolute path, got '$prefix' (e.g. PREFIX=\$HOME/.local)" ;; esac
root=$destdir$prefix

# Checks that DIR can be created or written: the nearest existing ancestor must be a writable
# folder. Prints a problem and returns 1 otherwise.
check_dir() {
    local dir=$1
    while [ ! -e "$dir" ] && [ ! -L "$dir" ]; do dir=$(dirname "$dir"); done
    if [ ! -d "$dir" ]; then
        echo "  $dir is not a folder"
        return 1
    fi
    if [ ! -w "$dir" ] || [ ! -x "$dir" ]; then
        echo "  cannot write to $dir ($( [ "$(id -u)" = 0 ] && echo "read-only file system" || echo "no permission"))"
        return 1
    fi
}

preflight() {
    local problems= file dir msg
    local -A seen=()
    for file in "${FILES[@]}"; do
        dir=$(dirname "$root/$file")
        msg=$(check_dir "$dir") || true   # prints only a problem
        [ -d "$root/$file" ] && msg="  $root/$file is a folder"
        # Several files share an unwritable ancestor: name each problem once.
        if [ -n "$msg" ] && [ -z "${seen[$msg]:-}" ]; then
            seen[$msg]=1
            problems+=$msg$'\n'
        fi
    done
    if [ -n "$problems" ]; then
        echo "$action: error: cannot $action into PREFIX=$prefix${destdir:+ (DESTDIR=$destdir)}:" >&2
        printf '%s' "$problems" >&2
        echo "Nothing was ${action}ed. Pick a PREFIX you can write to (e.g. make $action PREFIX=\$HOME/.local) or run it with sudo." >&2
        exit 1
    fi
}

if [ "$action" = uninstall ]; then
    preflight
    removed=0
    for file in "${FILES[@]}"; do
        if [ -e "$root/$file" ] || [ -L "$root/$file" ]; then
            rm -f "$root/$file"
            echo "removed $root/$file"
            removed=$((removed + 1))
        fi
    done
    echo "Uninstalled $removed files from $root."
    exit 0
fi

for file in "${FILES[@]}"; do
    [ -f "$from/$file" ] || die "the staged release $from has no $file; run 'make dist' first"
done
preflight

temps=() created=()
rollback() {
    local i
    rm -f "${temps[@]}"
    # Deepest first: every folder this run made, and only if it is still empty.
    for ((i = ${#created[@]} - 1; i >= 0; i--)); do rmdir "${created[$i]}" 2>/dev/null || true; done
}
trap 'rollback; echo "install: error: interrupted; nothing was installed" >&2; exit 1' INT TERM

for file in "${FILES[@]}"; do
    dest=$root/$file
    dir=$(dirname "$dest")
    missing=() d=$dir
    while [ ! -d "$d" ]; do missing=("$d" "${missing[@]}"); d=$(dirname "$d"); done
    for d in "${missing[@]}"; do
        if ! mkdir "$d" 2>/dev/null; then
            rollback
            die "cannot create $d; nothing was installed"
        fi
        created+=("$d")
    done
    temp=$dir/.$(basename "$file").install-$$
    temps+=("$temp")
    mode=644
    [ "$file" = bin/trampoline ] && mode=755
    if ! { cp "$from/$file" "$temp" && chmod "$mode" "$temp"; } 2>/dev/null; then
        rollback
        die "cannot write $temp; nothing was installed"
    fi
done
# Every file is in place under a temporary name: rename them (atomic per file, same folder).
for i in "${!FILES[@]}"; do
    mv -f "${temps[$i]}" "$root/${FILES[$i]}"
    echo "installed $root/${FILES[$i]}"
done
trap - INT TERM
echo "Installed trampoline $("$root/bin/trampoline" --version 2>/dev/null || echo '?') into $root."
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "Add $prefix/bin to PATH; man and the shells then find the page and the completions." ;; esac
