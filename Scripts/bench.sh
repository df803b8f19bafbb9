#!/usr/bin/env bash
# `make bench`: the performance benchmark (see BENCHMARKS.md).
#   Scripts/bench.sh [rtl-bench options]     e.g. --runs 7, --synthetic, --size 20000000,
#                                            --run-only (only the figures of rtl-tui run),
#                                            --startup-only (only the start-up figures),
#                                            --demo-only (only the demo figures),
#                                            --strings-only (only run --strings: matching a screen)
# Builds rtl-tui and the driver in release, builds the C baselines (Benchmarks/icu-baseline.c,
# Benchmarks/icu-wrap-baseline.c) against libicuuc and the memory probe (Benchmarks/peak-rss.c),
# builds the pty driver of the `rtl-tui run` figures (Benchmarks/pty-bench.c) and their floor
# (Benchmarks/vterm-relay.c, with the CVTerm shim and ICU), makes sure GNU
# FriBidi's command (Debian's libfribidi-bin) and tmux (the contender of `run`) are there, then
# runs Sources/rtl-bench, which prints every figure and whether each target is met.
# The start-up figure times the binary users install: the portable build of Scripts/package.sh
# build (.build-static/release/, built or brought up to date here; about 4 minutes the first time),
# packed by Scripts/package.sh dist and unpacked under $SCRATCH/bench/dist, whose tarball's size is
# printed too; beside it the development build. BENCH_STATIC=0 skips both.
# BENCH_SCRATCH picks the SwiftPM scratch directory (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SCRATCH=${BENCH_SCRATCH:-.build}

Scripts/install-deps.sh

if ! command -v fribidi >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo -n"
  if [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; then
    echo "installing: libfribidi-bin (GNU FriBidi's command, a contender)"
    export DEBIAN_FRONTEND=noninteractive
    { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends libfribidi-bin >/dev/null; } ||
      echo "bench: could not install libfribidi-bin: the comparison with fribidi will be SKIPPED"
  else
    echo "bench: fribidi is not installed and there is no root or sudo: the comparison with fribidi will be SKIPPED"
  fi
fi

if ! command -v tmux >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo -n"
  if [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; then
    echo "installing: tmux (the contender of rtl-tui run)"
    export DEBIAN_FRONTEND=noninteractive
    { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends tmux >/dev/null; } ||
      echo "bench: could not install tmux: the figures of rtl-tui run will be SKIPPED"
  else
    echo "bench: tmux is not installed and there is no root or sudo: the figures of rtl-tui run will be SKIPPED"
  fi
fi

$SWIFT build -c release --scratch-path "$SCRATCH" --product rtl-tui
$SWIFT build -c release --scratch-path "$SCRATCH" --product rtl-tui-full
$SWIFT build -c release --scratch-path "$SCRATCH" --product rtl-bench
STATIC_BIN=none
DIST_ARGS=()
mkdir -p "$SCRATCH/bench"
if [ "${BENCH_STATIC:-1}" != 0 ]; then
  SWIFT=$SWIFT Scripts/package.sh build
  # The portable tarball (make dist), unpacked as its INSTALL says: its start-up is timed.
  TARBALL=$(SWIFT=$SWIFT Scripts/package.sh dist)
  rm -rf "$SCRATCH/bench/dist" && mkdir -p "$SCRATCH/bench/dist"
  tar -xzf "$TARBALL" -C "$SCRATCH/bench/dist" --strip-components=1 --exclude=INSTALL
  STATIC_BIN=$SCRATCH/bench/dist/bin/rtl-tui
  DIST_ARGS=(--tarball "$TARBALL")
fi
CC=${CC:-$(command -v cc || command -v clang || echo cc)}
"$CC" -O2 -o "$SCRATCH/bench/icu-baseline" Benchmarks/icu-baseline.c -licuuc
"$CC" -O2 -o "$SCRATCH/bench/icu-wrap-baseline" Benchmarks/icu-wrap-baseline.c -licuuc
"$CC" -O2 -o "$SCRATCH/bench/peak-rss" Benchmarks/peak-rss.c
"$CC" -O2 -o "$SCRATCH/bench/pty-bench" Benchmarks/pty-bench.c
# The floor of `run`: a relay like script(1) that also feeds libvterm through the project's shim
# (and with --uba runs ICU's bidi algorithm over each scrolled-off line).
"$CC" -O2 -ISources/CVTerm/include -o "$SCRATCH/bench/vterm-relay" Benchmarks/vterm-relay.c Sources/CVTerm/shim.c Sources/CVTerm/reflow.c Sources/CVTerm/cells.c -lvterm -lutil -licuuc

exec "$SCRATCH/release/rtl-bench" --rtl-tui "$SCRATCH/release/rtl-tui" --static-rtl-tui "$STATIC_BIN" "${DIST_ARGS[@]}" --baseline "$SCRATCH/bench/icu-baseline" \
  --wrap-baseline "$SCRATCH/bench/icu-wrap-baseline" \
  --peak-rss "$SCRATCH/bench/peak-rss" --pty-bench "$SCRATCH/bench/pty-bench" \
  --vterm-relay "$SCRATCH/bench/vterm-relay" \
  --work "$SCRATCH/bench" --swift-version "$($SWIFT --version 2>/dev/null | head -n 1)" "$@"
