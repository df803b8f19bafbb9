#!/usr/bin/env bash
# `make test`'s build: the package and its tests (`swift build --build-tests`), and no warning from
# the library's own sources (BidiTerm, BidiTermTerminal and the C shims they link), which every
# user's build of the library would print. The build compiles the library as a user's package
# does (debug, from source); a warning located in Sources/BidiTerm/, Sources/BidiTermTerminal/ or
# Sources/C*/ fails it, with the warnings listed. Warnings in the apps, tests and dependencies are
# not counted. (An incremental build prints the warnings of the files it compiles again only; CI
# builds from a fresh clone, so every file.)
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$SWIFT" build --build-tests 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || exit "$status"
root=$(pwd)
warnings=$(grep -E "^$root/Sources/(BidiTerm|BidiTermTerminal|C[A-Za-z]+)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sort -u)
if [ -n "$warnings" ]; then
  echo "build-tests: the library's sources have warnings (a user's build would print them):"
  echo "$warnings"
  exit 1
fi
echo "build-tests: no warning from the library's sources"
