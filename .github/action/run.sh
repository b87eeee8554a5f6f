#!/usr/bin/env bash
# The toolplay Action's one step (action.yml at the repository root, docs/ci.md): packs this
# repository as npm would publish it, installs the tarball into $RUNNER_TEMP, and runs the installed
# `toolplay lint|test|diff … --format github`, so findings become annotations on the pull request.
# It exits with the CLI's code (diff: the highest over its paths); 2 for inputs it cannot use.
#
# Every input arrives as an environment variable, never as text of this script (script injection):
#   INPUT_COMMAND   test | lint | diff
#   INPUT_PATHS     paths separated by spaces or newlines; empty: `tools` (lint, diff) or `.` (test)
#   INPUT_PROFILE   --profile (lint also takes a comma list)
#   INPUT_PYTHON    --python (3.14, 3.13, 3.12)
#   INPUT_BASE_REF  diff: the branch, tag or commit to compare with
#   INPUT_ARGS      more arguments, split as xargs splits them (quotes group, nothing is expanded)
# GITHUB_ACTION_PATH (this repository) and RUNNER_TEMP are set by the runner.
#
# Plain bash 3.2 (macOS runners): no mapfile, and "${a[@]+"${a[@]}"}" for arrays that may be empty.
set -eu -o pipefail

# A workflow command's data: % and line breaks escaped, so a value cannot end the command early.
# (Patterns and replacements without quotes: bash 3.2 would keep quotes in a replacement.)
escape() {
  local s=$1 pct='%' cr=$'\r' lf=$'\n'
  s=${s//$pct/%25}
  s=${s//$cr/%0D}
  s=${s//$lf/%0A}
  printf '%s' "$s"
}
fail() {
  printf '::error title=toolplay action::%s\n' "$(escape "$1")"
  exit 2
}

action_path=${GITHUB_ACTION_PATH:-}
temp=${RUNNER_TEMP:-}
if [ -z "$action_path" ] || [ ! -f "$action_path/package.json" ]; then fail "GITHUB_ACTION_PATH does not name the toolplay repository"; fi
if [ -z "$temp" ] || [ ! -d "$temp" ]; then fail "RUNNER_TEMP does not name a folder"; fi

command=${INPUT_COMMAND:-test}
case $command in
  test | lint | diff) ;;
  *) fail "command must be test, lint or diff, not '$command'" ;;
esac

# Words of the paths input; no glob expands in them.
paths=()
set -f
for p in ${INPUT_PATHS:-}; do paths+=("$p"); done
set +f
if [ ${#paths[@]} -eq 0 ]; then
  if [ "$command" = test ]; then paths=(.); else paths=(tools); fi
fi
for p in "${paths[@]}"; do
  case $p in -*) fail "a path may not start with '-': '$p'" ;; esac
done

options=()
for pair in "profile=${INPUT_PROFILE:-}" "python=${INPUT_PYTHON:-}"; do
  name=${pair%%=*}
  value=${pair#*=}
  [ -n "$value" ] || continue
  case $value in -*) fail "$name may not start with '-': '$value'" ;; esac
  options+=("--$name" "$value")
done

# `args` split as xargs splits its input (quotes and backslashes group words; no expansion, no command).
extra=()
if [ -n "${INPUT_ARGS:-}" ] && [ -n "${INPUT_ARGS//[[:space:]]/}" ]; then
  words=$(mktemp "$temp/toolplay-args.XXXXXX")
  printf '%s\n' "$INPUT_ARGS" | xargs printf '%s\0' >"$words" || fail "args could not be split into words (an unmatched quote?): $INPUT_ARGS"
  while IFS= read -r -d '' word; do extra+=("$word"); done <"$words"
  rm -f "$words"
fi

# diff: each path as it is against the same path at base-ref, written out of git into a temp folder
# (before the install, so a base that cannot be had fails at once).
if [ "$command" = diff ]; then
  ref=${INPUT_BASE_REF:-}
  [ -n "$ref" ] || fail "diff needs base-ref: a branch, tag or commit to compare with (on a pull request it defaults to the base branch)"
  case $ref in -*) fail "base-ref may not start with '-': '$ref'" ;; esac
  git rev-parse --is-inside-work-tree >/dev/null 2>&1 || fail "diff needs a git checkout in the working directory"
  for p in "${paths[@]}"; do
    case $p in /*) fail "paths for diff are relative to the working directory, not absolute: '$p'" ;; esac
  done
  inside=$(git rev-parse --show-prefix)
  rev=''
  for candidate in "refs/remotes/origin/$ref" "$ref"; do
    if rev=$(git rev-parse --verify --quiet "$candidate^{commit}"); then break; fi
    rev=''
  done
  if [ -z "$rev" ]; then
    # A shallow checkout (actions/checkout's default) has only the pull request's commit: fetch the base.
    git check-ref-format --allow-onelevel "$ref" || fail "base-ref '$ref' is not a branch, tag or commit here"
    git fetch --quiet --no-tags --depth=1 origin --end-of-options "$ref" || fail "base-ref '$ref' is not in this checkout and could not be fetched from origin"
    rev=$(git rev-parse --verify "FETCH_HEAD^{commit}")
  fi
  base="$temp/toolplay-base-${rev:0:12}"
  rm -rf "$base"
  mkdir -p "$base"
  git archive --format=tar "$rev" | tar -x -C "$base"
  empty=$(mktemp -d "$temp/toolplay-empty.XXXXXX")
  echo "Comparing with $ref ($rev)"
fi

# Pack and install. --ignore-scripts: the package's prepack builds the browser app (dist/) with its
# dev dependencies, which lint, test and diff do not need. The install is kept per tarball, so a
# second use in the same job reuses it.
echo "::group::toolplay: pack and install"
packs="$temp/toolplay-action-packs"
mkdir -p "$packs"
packed=$(cd "$action_path" && npm pack --ignore-scripts --json --pack-destination "$packs")
tarball="$packs/$(printf '%s' "$packed" | node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].filename)')"
digest=$(node -e 'process.stdout.write(require("crypto").createHash("sha256").update(require("fs").readFileSync(process.argv[1])).digest("hex").slice(0, 16))' "$tarball")
prefix="$temp/toolplay-action-$digest"
cli="$prefix/node_modules/toolplay/bin/toolplay.mjs"
if [ -f "$prefix/.installed" ] && [ -f "$cli" ]; then
  echo "toolplay is installed already in $prefix"
else
  rm -rf "$prefix"
  mkdir -p "$prefix"
  printf '{ "private": true }\n' >"$prefix/package.json"
  npm install --prefix "$prefix" --omit=dev --no-audit --no-fund --loglevel=error "$tarball"
  touch "$prefix/.installed"
fi
echo "::endgroup::"

status=0
# Runs the installed CLI; remembers the highest exit code.
toolplay() {
  printf 'toolplay'
  printf ' %q' "$@"
  printf '\n'
  local code=0
  node "$cli" "$@" || code=$?
  if [ "$code" -gt "$status" ]; then status=$code; fi
}

if [ "$command" != diff ]; then
  toolplay "$command" "${paths[@]}" ${options[@]+"${options[@]}"} --format github ${extra[@]+"${extra[@]}"}
  exit "$status"
fi

# What stands for a side that does not exist: an empty folder, or an empty file named as the other
# side's file. A library new in this branch is compared with nothing (every tool added), one that
# is gone with nothing too (every tool removed).
nothing_like() {
  local dir="$empty/$1"
  mkdir -p "$dir"
  if [ -f "$2" ]; then
    : >"$dir/$(basename "$2")"
    printf '%s' "$dir/$(basename "$2")"
  else
    printf '%s' "$dir"
  fi
}

for p in "${paths[@]}"; do
  old="$base/$inside$p"
  new=$p
  if [ ! -e "$old" ] && [ ! -e "$new" ]; then fail "'$p' is neither here nor at $ref"; fi
  if [ ! -e "$old" ]; then
    echo "::notice title=toolplay diff::$(escape "'$p' is not at $ref: every tool in it is new")"
    old=$(nothing_like old "$new")
  elif [ ! -e "$new" ]; then
    echo "::notice title=toolplay diff::$(escape "'$p' is not here: every tool it had at $ref is gone")"
    new=$(nothing_like new "$old")
  fi
  toolplay diff "$old" "$new" ${options[@]+"${options[@]}"} --format github ${extra[@]+"${extra[@]}"}
done
exit "$status"
