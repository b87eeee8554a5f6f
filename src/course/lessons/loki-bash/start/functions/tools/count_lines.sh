#!/usr/bin/env bash
set -e

# @describe Count the lines of a text file in the workspace.
# @option --path!   The file to count, relative to the workspace
# @flag --verbose   Say which file was counted

# @env LLM_OUTPUT=/dev/stdout The output path

main() {
    wc -l "$argc_path" >> "$LLM_OUTPUT"
}

eval "$(argc --argc-eval "$0" "$@")"
