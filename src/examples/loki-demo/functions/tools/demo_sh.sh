#!/usr/bin/env bash
set -e

# @describe The Bash counterpart of demo_py: one option of each kind, echoed back with the LLM_ variables.
# @option --string!                    A required text
# @option --string-enum![foo|bar]      A required choice
# @option --string-optional            An optional text
# @flag --boolean                      A flag
# @option --integer! <INT>             A required integer
# @option --number! <NUM>              A required number
# @option --array+                     A required list (one --array per item)
# @option --array-optional*            An optional list

# @env LLM_OUTPUT=/dev/stdout The output path

main() {
    {
        echo "string: $argc_string"
        echo "string_enum: $argc_string_enum"
        echo "string_optional: ${argc_string_optional:-}"
        echo "boolean: ${argc_boolean:-}"
        echo "integer: $argc_integer"
        echo "number: $argc_number"
        echo "array: ${argc_array[*]}"
        echo "array_optional: ${argc_array_optional[*]:-}"
        env | grep '^LLM_' | sort
    } >> "$LLM_OUTPUT"
}

eval "$(argc --argc-eval "$0" "$@")"
