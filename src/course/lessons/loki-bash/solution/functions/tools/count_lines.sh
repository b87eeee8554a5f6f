#!/usr/bin/env bash
set -e

# @describe Count the lines of a text file in the workspace.
# @option --path!   The file to count, relative to the workspace
# @flag --verbose   Say which file was counted

# @env LLM_OUTPUT=/dev/stdout The output path

main() {
    count="$(wc -l < "$argc_path" | tr -d ' ')"
    if [[ -n "$argc_verbose" ]]; then
        echo "$argc_path has $count lines" >> "$LLM_OUTPUT"
    else
        echo "$count" >> "$LLM_OUTPUT"
    fi
}

eval "$(argc --argc-eval "$0" "$@")"
