#!/usr/bin/env bash
# Installing rtl-tui where it is used (servers over SSH):
#   Scripts/package.sh build              the release programs with the Swift runtime linked
#                                         statically (--static-swift-stdlib), in .build-static/:
#                                         rtl-tui (the front: plain `render` itself) and rtl-tui-full
#                                         (every command), which the front starts in its place
#   Scripts/package.sh stage DIR PREFIX   PREFIX/bin/rtl-tui, PREFIX/libexec/rtl-tui/rtl-tui-full,
#                                         the man pages, the bash, zsh and fish completions and
#                                         the guide (PREFIX/share/doc/rtl-tui/Docs/guide/)
#                                         under DIR/PREFIX (make install: DIR=$DESTDIR)
#   Scripts/package.sh deb                rtl-tui_VERSION_ARCH.deb in the repository root: the
#                                         staged tree under /usr with a control file that names the
#                                         distribution's ICU, ncurses and libvterm packages
#   Scripts/package.sh test-deb           installs the .deb with apt and runs the installed binary
#                                         with the toolchain out of reach (/opt/swift hidden by an
#                                         empty mount in a mount namespace of its own)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SCRATCH=.build-static
BIN=$SCRATCH/release/rtl-tui
FULL=$SCRATCH/release/rtl-tui-full
VERSION=$(sed -n 's/.*version: "\([0-9.]*\)".*/\1/p' Sources/rtl-tui/RTLTUI.swift | head -1)
VERSION=${VERSION:-0.0.0}

# Linked for start-up time (BENCHMARKS.md, "Start-up of `render`"): exporting none of their
# symbols (SwiftPM exports them all), which every symbol the shared libraries look up passed through
# (about 0.2 ms), and without SwiftPM's $ORIGIN run path (--disable-local-rpath), which had the
# loader look for each shared library beside the program first: a program linked statically needs
# none there, and an installed one should never load a library someone put beside it. They stay
# position independent: linking without -pie saved about 1 ms more, at the price of a fixed address
# for the code of a tool that parses untrusted catalogs and programs' output.
build() {
  local product
  for product in rtl-tui rtl-tui-full; do
    "$SWIFT" build -c release --product "$product" --static-swift-stdlib --disable-local-rpath \
      --scratch-path "$SCRATCH" -Xlinker --no-export-dynamic
  done
}

# The man pages come from the command's own help (swift-argument-parser's generate-manual plugin).
manpages() {
  local out=$1
  mkdir -p "$out"
  # The debug build (the one `make test` makes) is enough to read the commands' help from.
  "$SWIFT" package --allow-writing-to-package-directory generate-manual --configuration debug \
    --multi-page --section 1 --authors "the rtl-tui authors" >/dev/null
  cp .build/plugins/GenerateManual/outputs/rtl-tui/*.1 "$out/"
  ls "$out"/rtl-tui.1 "$out"/rtl-tui.run.1 >/dev/null
}

# The guide (Docs/guide/) and the pages it links, in the repository's layout so that its relative
# links hold: PREFIX/share/doc/rtl-tui/Docs/guide/README.md is its index (the man pages name it).
guide() {
  local out=$1
  install -Dm644 -t "$out" README.md BENCHMARKS.md
  install -Dm644 -t "$out/Docs" Docs/*.md
  install -Dm644 -t "$out/Docs/guide" Docs/guide/*.md
  install -Dm644 -t "$out/Docs/images" Docs/images/*.png
  install -Dm644 -t "$out/Demo" Demo/README.md
}

stage() {
  local dest=$1 prefix=$2
  [ -x "$BIN" ] && [ -x "$FULL" ] || build
  install -Dm755 "$BIN" "$dest$prefix/bin/rtl-tui"
  # Where the front looks for the whole tool first (Sources/rtl-tui-front/main.swift).
  install -Dm755 "$FULL" "$dest$prefix/libexec/rtl-tui/rtl-tui-full"
  manpages "$dest$prefix/share/man/man1"
  gzip -9nf "$dest$prefix/share/man/man1"/*.1
  guide "$dest$prefix/share/doc/rtl-tui"
  "$BIN" --generate-completion-script bash | install -Dm644 /dev/stdin "$dest$prefix/share/bash-completion/completions/rtl-tui"
  "$BIN" --generate-completion-script zsh | install -Dm644 /dev/stdin "$dest$prefix/share/zsh/vendor-completions/_rtl-tui"
  "$BIN" --generate-completion-script fish | install -Dm644 /dev/stdin "$dest$prefix/share/fish/vendor_completions.d/rtl-tui.fish"
}

# The distribution packages that provide the shared libraries the programs link, found with
# dpkg -S from ldd's answer, so the control file names what this machine's build needs.
depends() {
  local libs pkgs=()
  libs=$(ldd "$BIN" "$FULL" | awk '/=> \//{print $3}' | sort -u)
  for lib in $libs; do
    case "$lib" in /opt/*|*/swift/*) echo "the binary links $lib from the toolchain" >&2; exit 1;; esac
    local real pkg
    real=$(readlink -f "$lib")
    pkg=$(dpkg -S "$real" 2>/dev/null | head -1 | cut -d: -f1) || true
    [ -z "$pkg" ] && pkg=$(dpkg -S "$lib" 2>/dev/null | head -1 | cut -d: -f1) || true
    [ -n "$pkg" ] && pkgs+=("$pkg")
  done
  printf '%s\n' "${pkgs[@]}" | sort -u | grep -v '^libc6$' | paste -sd, | sed 's/,/, /g; s/^/libc6, /'
}

deb() {
  [ -x "$BIN" ] && [ -x "$FULL" ] || build
  local arch root
  arch=$(dpkg --print-architecture)
  root=$(mktemp -d)
  trap 'rm -rf "$root"' RETURN
  stage "$root" /usr
  mkdir -p "$root/DEBIAN"
  cat > "$root/DEBIAN/control" <<CONTROL
Package: rtl-tui
Version: $VERSION
Architecture: $arch
Maintainer: rtl-tui authors <rtl-tui@localhost>
Depends: $(depends)
Section: utils
Priority: optional
Description: right-to-left text and mirrored interfaces in a terminal
 Arabic, Hebrew and Persian mixed with Latin, digits and brackets reordered by
 the Unicode Bidirectional Algorithm (ICU), Arabic joined, whole screens
 mirrored; rtl-tui run shows any program's RTL text right in any terminal.
CONTROL
  dpkg-deb --root-owner-group --build "$root" "rtl-tui_${VERSION}_${arch}.deb" >/dev/null
  echo "rtl-tui_${VERSION}_${arch}.deb"
}

test_deb() {
  local deb
  deb=$(ls rtl-tui_*.deb | head -1)
  # --reinstall: the same version already installed (an earlier build) is replaced by this one.
  apt-get install -y -qq --reinstall "./$deb" >/dev/null
  dpkg -s rtl-tui | sed -n 's/^Depends: /depends: /p'
  # No run path: the loader never looks for a library beside an installed program (see build).
  if command -v readelf >/dev/null; then
    for p in /usr/bin/rtl-tui /usr/libexec/rtl-tui/rtl-tui-full; do
      if readelf -d "$p" | grep -Eq 'RPATH|RUNPATH'; then echo "$p has a run path" >&2; exit 1; fi
    done
  fi
  # The toolchain out of reach: an empty file system over /opt/swift, seen by this command only.
  unshare --mount sh -euc '
    mount -t tmpfs none /opt/swift
    ! ls /opt/swift/usr/lib >/dev/null 2>&1
    out=$(/usr/bin/rtl-tui render --width 30 "שלום עולם! 123")
    echo "render: $out"
    [ "$out" = "                123 !םלוע םולש" ]
    # Without an option the front renders by itself; with one it started the whole tool above.
    out=$(echo "שלום עולם! 123" | /usr/bin/rtl-tui render)
    echo "render (front): $out"
    [ "$out" = "123 !םלוע םולש" ]
    /usr/bin/rtl-tui --version
    man -w rtl-tui >/dev/null
    [ -f /usr/share/doc/rtl-tui/Docs/guide/README.md ] && [ -f /usr/share/doc/rtl-tui/Docs/guide/run.md ]
    [ -f /usr/share/bash-completion/completions/rtl-tui ]
    # The demo in a terminal (tmux, started inside this namespace), quit with q.
    sock=rtl-tui-deb-$$
    tmux -L "$sock" -f /dev/null new-session -d -x 100 -y 30 "LANG=C.UTF-8 /usr/bin/rtl-tui demo --locale ar; echo EXIT=\$?; sleep 5"
    for i in $(seq 1 50); do tmux -L "$sock" capture-pane -p | grep -q "1/6" && break; sleep 0.2; done
    tmux -L "$sock" capture-pane -p | head -3
    tmux -L "$sock" capture-pane -p | grep -q "1/6 · ar · RTL"
    tmux -L "$sock" send-keys q
    for i in $(seq 1 50); do tmux -L "$sock" capture-pane -p | grep -q "EXIT=0" && break; sleep 0.2; done
    tmux -L "$sock" capture-pane -p | grep -q "EXIT=0"
    tmux -L "$sock" kill-server
  '
  echo "installed package: ok"
}

case "${1:-}" in
  build) build ;;
  stage) stage "${2:?DESTDIR}" "${3:?PREFIX}" ;;
  deb) deb ;;
  test-deb) test_deb ;;
  *) echo "usage: Scripts/package.sh build|stage DIR PREFIX|deb|test-deb" >&2; exit 2 ;;
esac
