#!/usr/bin/env bash
set -e

# @describe Greet someone, using the greeting from functions/.env.
# @option --name!                 Who to greet
# @option --style[plain|shout]    How to say it
# @flag --with-date               Add today's date

# @env LLM_OUTPUT=/dev/stdout The output path

main() {
    text="${GREETING:-Hello}, $argc_name"
    if [[ "${argc_style:-plain}" == "shout" ]]; then
        text="${text^^}!"
    fi
    echo "$text" >> "$LLM_OUTPUT"
}

eval "$(argc --argc-eval "$0" "$@")"
