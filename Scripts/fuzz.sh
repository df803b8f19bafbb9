#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (with AddressSanitizer) and runs them.
#
#   Scripts/fuzz.sh TARGET [SECONDS] [libFuzzer options...]
#
# TARGET is engine, catalog, screen, emulator or all (each in turn); SECONDS (default 60) is the time per
# target. Each target starts from its committed seed corpus in Fuzz/corpus/TARGET and keeps what it
# finds in .build-fuzz/corpus/TARGET (not committed), so a later run continues from there.
# A crash, an invariant violation, a hang (over FUZZ_TIMEOUT seconds for one input, default 10)
# or a leak stops the run with status 1; the input is saved as .build-fuzz/artifacts/TARGET-crash-…
# (or -timeout-…, -leak-…); run the same binary on that file to reproduce:
#
#   .build-fuzz/debug/fuzz-TARGET .build-fuzz/artifacts/TARGET-crash-…
#
# Environment: FUZZ_CONFIG (debug, the default, or release), FUZZ_TIMEOUT, FUZZ_MAX_LEN (default
# 4096 bytes per input), SWIFT.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: $0 engine|catalog|screen|emulator|all [SECONDS] [libFuzzer options...]" >&2; exit 64; }
[ $# -ge 1 ] || usage
target=$1; shift
seconds=60
if [ $# -ge 1 ] && [[ $1 =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
case $target in
  engine|catalog|screen|emulator) targets=("$target") ;;
  all) targets=(engine catalog screen emulator) ;;
  *) usage ;;
esac

SWIFT=${SWIFT:-swift}
config=${FUZZ_CONFIG:-debug}
scratch=.build-fuzz

# One build for the four targets: BidiTerm, BidiTermTerminal, CICU, CVTerm and Yams are compiled
# once with coverage instrumentation and ASan, Swift and C alike (-parse-as-library: libFuzzer provides main). The
# gold linker's "Cannot export local symbol" warnings about ASan's helpers are left out.
build() {
  "$SWIFT" build --package-path Fuzz --scratch-path "$scratch" -c "$config" \
    --sanitize=address \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
    -Xcc -fsanitize=fuzzer-no-link 2>&1 | { grep -v "Cannot export local symbol" || true; } >&2
}
echo "fuzz: building (${config}) in ${scratch}" >&2
if ! build; then
  # An incremental build of this package does not always see a source file added to or moved
  # within the main package, which it depends on by path: once more from a clean build folder
  # (the corpus, the artifacts and the checked-out dependencies stay).
  echo "fuzz: the build failed; once more from a clean build folder" >&2
  rm -rf "$scratch"/*-linux-gnu "$scratch"/*-apple-macosx "$scratch/debug" "$scratch/release" \
    "$scratch/build.db" "$scratch"/*.yaml
  build
fi

# Leaks in the toolchain's Foundation are not ours (see the file). Swift's own crash backtracer
# is turned off: libFuzzer prints the stack and saves the input, and the backtracer's helper
# thread trips AddressSanitizer.
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export SWIFT_BACKTRACE=enable=no

status=0
for t in "${targets[@]}"; do
  bin="$scratch/$config/fuzz-$t"
  work="$scratch/corpus/$t"
  mkdir -p "$work" "$scratch/artifacts"
  dict=()
  [ -f "Fuzz/dict/$t.dict" ] && dict=(-dict="Fuzz/dict/$t.dict")
  echo "fuzz: $t for ${seconds}s" >&2
  # New inputs go to the first directory ($work); the seed corpus is only read.
  if ! "$bin" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
      -max_len="${FUZZ_MAX_LEN:-4096}" -print_final_stats=1 \
      -artifact_prefix="$scratch/artifacts/$t-" "${dict[@]}" "$@" "$work" "Fuzz/corpus/$t"; then
    echo "fuzz: $t FAILED; the input is in $scratch/artifacts/ (newest $t-* file)" >&2
    status=1
  fi
done
exit $status
