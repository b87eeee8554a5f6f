#!/usr/bin/env bash
set -e

# @describe Count the lines of a text file in the workspace.
# @option --file   The file to count

# @env LLM_OUTPUT=/dev/stdout The output path

main() {
    wc -l "$argc_file" >> "$LLM_OUTPUT"
}

eval "$(argc --argc-eval "$0" "$@")"
