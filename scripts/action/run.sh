#!/usr/bin/env bash
# The last step of the composite action (action.yml): runs `trampoline check` (or `build`) on the
# catalog with the action's inputs. With format github (the default), check prints each diagnostic
# as a workflow command (::error file=…,line=…,col=…::), which GitHub shows as an annotation on the
# pull request; errors (warnings too with strict) exit 1, which fails the job.
#
# Environment (from action.yml's inputs): TRAMPOLINE_COMMAND (check|build), TRAMPOLINE_CONFIG,
# TRAMPOLINE_FORMAT (github|text|json), TRAMPOLINE_STRICT (true|false), TRAMPOLINE_OUTPUT (optional),
# TRAMPOLINE_SAMPLE (check-live: how many link pages to fetch; empty fetches all).
# check-live is the post-deploy mode: `check --live` against the deployed site (docs/check.md).
set -uo pipefail

command=${TRAMPOLINE_COMMAND:-check}
config=${TRAMPOLINE_CONFIG:-site-config.yml}
format=${TRAMPOLINE_FORMAT:-github}
strict=${TRAMPOLINE_STRICT:-false}
output=${TRAMPOLINE_OUTPUT:-}

bad_input() { echo "::error title=trampoline::$*"; exit 2; }
case $command in check | check-live | build) ;; *) bad_input "command must be check, check-live or build, not '$command'" ;; esac
sample=${TRAMPOLINE_SAMPLE:-}
case $sample in '' | *[!0-9]*) [ -z "$sample" ] || bad_input "sample must be a number, not '$sample'" ;; esac
case $format in github | text | json) ;; *) bad_input "format must be github, text or json, not '$format'" ;; esac
case $strict in true | false) ;; *) bad_input "strict must be true or false, not '$strict'" ;; esac
command -v trampoline >/dev/null || bad_input "trampoline is not on PATH; the setup step of the action installs it"

args=(--config "$config")
[ -n "$output" ] && args+=(--output "$output")
echo "trampoline $(trampoline --version): $command ${args[*]}" >&2

if [ "$command" = check ] || [ "$command" = check-live ]; then
    check_args=("${args[@]}" --format "$format")
    [ "$strict" = true ] && check_args+=(--strict)
    [ "$command" = check-live ] && check_args+=(--live)
    [ "$command" = check-live ] && [ -n "$sample" ] && check_args+=(--sample "$sample")
    trampoline check "${check_args[@]}"
    status=$?
    # Other formats print no workflow commands: still say on the summary why the job failed.
    if [ "$status" -ne 0 ] && [ "$format" != github ]; then
        echo "::error title=trampoline check::$config has errors (see the log of this step)"
    fi
    exit "$status"
fi

trampoline build "${args[@]}"
status=$?
if [ "$status" -ne 0 ]; then
    # build reports in plain text; check reads the same catalog and annotates the same mistakes.
    trampoline check "${args[@]}" --format github 2>/dev/null | grep '^::' || true
    echo "::error title=trampoline build::building $config failed (see the log of this step)"
fi
exit "$status"
