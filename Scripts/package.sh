#!/usr/bin/env bash
# Installing rtl-tui where it is used (servers over SSH; Docs/guide/installing.md):
#   Scripts/package.sh build              the portable release programs in .build-static/:
#                                         rtl-tui (the front: plain `render` itself) and rtl-tui-full
#                                         (every command), which the front starts in its place,
#                                         loading nothing but the C library (see `build`)
#   Scripts/package.sh stage DIR PREFIX   PREFIX/bin/rtl-tui, PREFIX/libexec/rtl-tui/rtl-tui-full,
#                                         the man pages, the bash, zsh and fish completions and
#                                         the licence texts and the guide
#                                         (PREFIX/share/doc/rtl-tui/Docs/guide/) under DIR/PREFIX
#                                         (make install: DIR=$DESTDIR)
#   Scripts/package.sh dist               rtl-tui-VERSION-linux-ARCH.tar.gz in the repository root:
#                                         the staged tree and INSTALL (make dist)
#   Scripts/package.sh deb                rtl-tui_VERSION_ARCH.deb: the staged tree under /usr,
#                                         Depends: libc6 (>= the oldest glibc) alone
#   Scripts/package.sh rpm                rtl-tui-VERSION-1.ARCH.rpm (rpmbuild): the same under /usr
#   Scripts/package.sh glibc-floor        the highest GLIBC_ symbol version the programs need
#   Scripts/package.sh test-deb           installs the .deb with apt, checks its Depends and runs
#                                         the installed binary with the toolchain out of reach
#                                         (/opt/swift hidden by an empty mount in a mount
#                                         namespace of its own)
# Scripts/test-dist.sh tests the tarball and the .rpm (make test-dist).
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
#
# Portable: nothing but the C library is loaded (libc, libm and the loader), so one build runs on
# any distribution whose glibc is recent enough (`glibc_floor`). The Swift runtime and Foundation
# are linked statically by --static-swift-stdlib; the C and C++ libraries the targets name
# (-licuuc -licui18n -licudata, -lncursesw, -lvterm, and FoundationXML's -lxml2) and the C++ runtime
# (-lstdc++, -lgcc_s) are made to resolve to their static archives by a directory searched before
# the system's (`static_libs`): the linker takes the first libX.so or libX.a it meets in the
# directories in order, and that one holds only .a names. ICU's data is the whole of libicudata.a;
# Foundation's own ICU (_FoundationICU, with other symbol names) is a different copy.
STATIC_LIBS=$SCRATCH/static-libs
SYSLIB=/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)

static_libs() {
  local d=$STATIC_LIBS gccdir
  gccdir=$(dirname "$(gcc -print-file-name=libstdc++.a)")
  mkdir -p "$d"
  rm -f "$d"/*.a "$d"/*.o
  for a in "$SYSLIB/libicudata.a" "$SYSLIB/libvterm.a" "$gccdir/libstdc++.a"; do
    [ -f "$a" ] || { echo "missing $a (Scripts/install-deps.sh installs it)" >&2; exit 1; }
    ln -s "$a" "$d/$(basename "$a")"
  done
  # The others as linker scripts that bring what each needs along with it, in one group (a static
  # archive is searched once, where it stands): ICU's common part and its data, ncurses' terminfo
  # half (libtinfo, which libncursesw.so names for itself), and libxml2's compression and
  # character sets (zlib, liblzma, ICU's converters).
  # ICU is C++: its group holds the C++ library too (named earlier on the command line than ICU).
  local icu="$SYSLIB/libicuuc.a $SYSLIB/libicudata.a $gccdir/libstdc++.a"
  printf 'GROUP ( %s )\n' "$icu" > "$d/libicuuc.a"
  printf 'GROUP ( %s %s )\n' "$SYSLIB/libicui18n.a" "$icu" > "$d/libicui18n.a"
  printf 'GROUP ( %s %s )\n' "$SYSLIB/libncursesw.a" "$SYSLIB/libtinfo.a" > "$d/libncursesw.a"
  printf 'GROUP ( %s %s %s %s )\n' "$SYSLIB/libxml2.a" "$SYSLIB/libz.a" "$SYSLIB/liblzma.a" "$icu" > "$d/libxml2.a"
  # The unwinder the C++ runtime calls, static: libgcc_eh (clang names -lgcc_s).
  ln -s "$gccdir/libgcc_eh.a" "$d/libgcc_s.a"
  # Four functions of glibc 2.35 and 2.36 in terms of older ones (Scripts/portable/glibc-compat.c).
  case "$(uname -m)" in
    x86_64|aarch64) cc -O2 -fPIC -c Scripts/portable/glibc-compat.c -o "$d/glibc-compat.o" ;;
  esac
}

build() {
  local product flags=()
  static_libs
  flags=(-Xswiftc -L -Xswiftc "$STATIC_LIBS")
  if [ -f "$STATIC_LIBS/glibc-compat.o" ]; then
    local f
    for f in hypot hypotf _dl_find_object arc4random; do flags+=(-Xlinker "--wrap=$f"); done
    flags+=(-Xlinker "$PWD/$STATIC_LIBS/glibc-compat.o")
  fi
  for product in rtl-tui rtl-tui-full; do
    "$SWIFT" build -c release --product "$product" --static-swift-stdlib --disable-local-rpath \
      --scratch-path "$SCRATCH" -Xlinker --no-export-dynamic "${flags[@]}"
  done
  check_portable "$BIN" "$FULL"
}

# Only the C library's own objects are NEEDED (and on older layouts libpthread and libdl, which
# later glibc folded into libc), and no run path: else the build is not portable and stops here.
check_portable() {
  local p bad
  for p in "$@"; do
    bad=$(readelf -d "$p" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
      grep -Ev '^(libc\.so\.6|libm\.so\.6|ld-linux-[a-z0-9_-]+\.so\.[0-9]+|libpthread\.so\.0|libdl\.so\.2)$' || true)
    if [ -n "$bad" ]; then echo "$p needs more than the C library: $(echo $bad)" >&2; exit 1; fi
    if readelf -d "$p" | grep -Eq 'RPATH|RUNPATH'; then echo "$p has a run path" >&2; exit 1; fi
  done
}

# The oldest glibc the programs run on: the highest GLIBC_ version of the symbols they import.
glibc_floor() {
  objdump -T "$BIN" "$FULL" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1
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

# The tree every way of installing puts down (make install, make dist, the .deb and the .rpm).
# zsh: site-functions, in zsh's own search path for /usr/local and on Fedora and RHEL for /usr;
# the .deb uses Debian's vendor-completions (ZSH_COMPLETIONS=vendor-completions).
stage() {
  local dest=$1 prefix=$2 zsh=${ZSH_COMPLETIONS:-site-functions}
  [ -x "$BIN" ] && [ -x "$FULL" ] || build
  install -Dm755 "$BIN" "$dest$prefix/bin/rtl-tui"
  # Where the front looks for the whole tool first (Sources/rtl-tui-front/main.swift).
  install -Dm755 "$FULL" "$dest$prefix/libexec/rtl-tui/rtl-tui-full"
  manpages "$dest$prefix/share/man/man1"
  gzip -9nf "$dest$prefix/share/man/man1"/*.1
  guide "$dest$prefix/share/doc/rtl-tui"
  "$BIN" --generate-completion-script bash | install -Dm644 /dev/stdin "$dest$prefix/share/bash-completion/completions/rtl-tui"
  "$BIN" --generate-completion-script zsh | install -Dm644 /dev/stdin "$dest$prefix/share/zsh/$zsh/_rtl-tui"
  "$BIN" --generate-completion-script fish | install -Dm644 /dev/stdin "$dest$prefix/share/fish/vendor_completions.d/rtl-tui.fish"
  licenses "$dest$prefix/share/doc/rtl-tui/licenses"
}

# The licence texts of everything linked into the programs: the Swift runtime and Foundation, the
# two packages of Package.swift, and each static archive the link took (their Debian copyright
# files, which hold the licences' texts, found from the package that owns the archive).
licenses() {
  local out=$1 gccdir name archive pkg
  gccdir=$(dirname "$(gcc -print-file-name=libstdc++.a)")
  mkdir -p "$out"
  install -m644 "$(dirname "$(dirname "$(command -v "$SWIFT" || echo /opt/swift/usr/bin/swift)")")/share/swift/LICENSE.txt" "$out/swift.txt"
  install -m644 "$SCRATCH/checkouts/swift-argument-parser/LICENSE.txt" "$out/swift-argument-parser.txt"
  install -m644 "$SCRATCH/checkouts/Yams/LICENSE" "$out/Yams.txt"
  while read -r name archive; do
    pkg=$(dpkg -S "$archive" 2>/dev/null | head -1 | cut -d: -f1)
    [ -n "$pkg" ] && [ -f "/usr/share/doc/$pkg/copyright" ] || { echo "no licence text found for $archive" >&2; exit 1; }
    install -m644 "/usr/share/doc/$pkg/copyright" "$out/$name.txt"
  done <<LIST
ICU $SYSLIB/libicuuc.a
ncurses $SYSLIB/libncursesw.a
libvterm $SYSLIB/libvterm.a
libxml2 $SYSLIB/libxml2.a
zlib $SYSLIB/libz.a
xz-liblzma $SYSLIB/liblzma.a
gcc-runtime-libstdc++-libgcc $gccdir/libstdc++.a
LIST
  # The GCC runtime library exception's GPL (its copyright file names /usr/share/common-licenses).
  install -m644 /usr/share/common-licenses/GPL-3 "$out/GPL-3.txt"
}

# The control file's Depends: the C library from the glibc version the programs need
# (`glibc_floor`), and nothing else, as `check_portable` has made sure; no soname of ICU, ncurses,
# libvterm or libxml2, so the one package installs on Debian 12 and 13 and Ubuntu 22.04 and later.
depends() {
  check_portable "$BIN" "$FULL"
  echo "libc6 (>= $(glibc_floor))"
}

deb() {
  [ -x "$BIN" ] && [ -x "$FULL" ] || build
  local arch root
  arch=$(dpkg --print-architecture)
  root=$(mktemp -d)
  trap 'rm -rf "$root"' RETURN
  ZSH_COMPLETIONS=vendor-completions stage "$root" /usr
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
  # gzip: xz took minutes for the 180 MB of the statically linked programs (make test runs this).
  dpkg-deb --root-owner-group -Zgzip -z9 --build "$root" "rtl-tui_${VERSION}_${arch}.deb" >/dev/null
  echo "rtl-tui_${VERSION}_${arch}.deb"
}

# The portable tarball: rtl-tui-VERSION-linux-ARCH/ holding the staged tree (bin/, libexec/,
# share/ with the man pages, completions and licences) and INSTALL; unpacked into a prefix with
# --strip-components=1, or run where it was unpacked.
dist_name() { echo "rtl-tui-$VERSION-linux-$(uname -m)"; }

dist() {
  [ -x "$BIN" ] && [ -x "$FULL" ] || build
  check_portable "$BIN" "$FULL"
  local name root floor epoch
  name=$(dist_name)
  floor=$(glibc_floor)
  root=$(mktemp -d)
  trap 'rm -rf "$root"' RETURN
  stage "$root/$name" ""
  cat > "$root/$name/INSTALL" <<INSTALL
rtl-tui $VERSION for Linux on $(uname -m)

Needs only the C library: glibc $floor or later (Ubuntu 22.04, Debian 12, RHEL 9 and
their successors, Fedora 35 and later). Everything else (ICU with its data, ncurses, libvterm,
libxml2, the Swift runtime) is inside the two programs. Nothing runs at install time.

For yourself, without root (~/.local/bin should be on your PATH):

  tar -xzf $name.tar.gz -C ~/.local --strip-components=1 --exclude=INSTALL

For everyone:

  sudo tar -xzf $name.tar.gz -C /usr/local --strip-components=1 --exclude=INSTALL

That is all: bin/rtl-tui, libexec/rtl-tui/rtl-tui-full (which rtl-tui starts), the man pages
(man rtl-tui), the bash, zsh and fish completions and share/doc/rtl-tui/licenses/ (the licence
texts of what is linked in). bash and fish find the completions under ~/.local by themselves; zsh
needs fpath+=(~/.local/share/zsh/site-functions) before compinit in ~/.zshrc. The programs also
run from the unpacked folder as they are:

  tar -xzf $name.tar.gz && $name/bin/rtl-tui --version

Terminal descriptions (terminfo) are read where the system keeps them: TERMINFO, ~/.terminfo,
TERMINFO_DIRS, then /etc/terminfo, /lib/terminfo, /usr/share/terminfo and /usr/lib/terminfo.
Uninstall: remove those files (rm -r PREFIX/libexec/rtl-tui PREFIX/share/doc/rtl-tui and
PREFIX/bin/rtl-tui, PREFIX/share/man/man1/rtl-tui*.1.gz, the three completion files).
INSTALL
  epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$root" -cf - "$name" |
    gzip -9n > "$name.tar.gz"
  echo "$name.tar.gz"
}

# The .rpm for Fedora and RHEL (rpmbuild, from Debian's rpm package): the staged tree under /usr.
# Its requirements are rpm's own reading of the programs (libc.so.6(GLIBC_2.34)(64bit) and the
# like), which every glibc-based distribution from that version provides.
rpm_package() {
  [ -x "$BIN" ] && [ -x "$FULL" ] || build
  check_portable "$BIN" "$FULL"
  command -v rpmbuild >/dev/null || { echo "rpmbuild is missing (apt-get install rpm)" >&2; exit 1; }
  local top arch
  arch=$(uname -m)
  top=$(mktemp -d)
  trap 'rm -rf "$top"' RETURN
  stage "$top/tree" /usr
  cat > "$top/rtl-tui.spec" <<SPEC
Name: rtl-tui
Version: $VERSION
Release: 1
Summary: Right-to-left text and mirrored interfaces in a terminal
License: see /usr/share/doc/rtl-tui/licenses
%global debug_package %{nil}
%global __os_install_post %{nil}
%global _build_id_links none
%global _binary_payload w6.gzdio

%description
Arabic, Hebrew and Persian mixed with Latin, digits and brackets reordered by
the Unicode Bidirectional Algorithm (ICU), Arabic joined, whole screens
mirrored; rtl-tui run shows any program's RTL text right in any terminal.
Needs only the C library (glibc $(glibc_floor) or later).

%install
cp -a "$top/tree/." %{buildroot}/

%files
/usr/bin/rtl-tui
/usr/libexec/rtl-tui
/usr/share/man/man1/rtl-tui*.1.gz
/usr/share/bash-completion/completions/rtl-tui
/usr/share/zsh/site-functions/_rtl-tui
/usr/share/fish/vendor_completions.d/rtl-tui.fish
/usr/share/doc/rtl-tui
SPEC
  rpmbuild -bb --quiet --define "_topdir $top/rpmbuild" --define "_rpmdir $PWD" \
    --define "_build_name_fmt %{NAME}-%{VERSION}-%{RELEASE}.%{ARCH}.rpm" --target "$arch" \
    "$top/rtl-tui.spec" >/dev/null
  echo "rtl-tui-$VERSION-1.$arch.rpm"
}

test_deb() {
  local deb
  deb=$(ls rtl-tui_*.deb | head -1)
  # --reinstall: the same version already installed (an earlier build) is replaced by this one.
  apt-get install -y -qq --reinstall "./$deb" >/dev/null
  local depends
  depends=$(dpkg -s rtl-tui | sed -n 's/^Depends: //p')
  echo "depends: $depends"
  # The C library alone: no soname of ICU, libvterm, libxml2 or ncurses (they are linked in).
  if echo "$depends" | grep -Eq 'libicu|libvterm|libxml2|libncurses|libtinfo|libstdc|libgcc'; then
    echo "the .deb depends on a library the programs link statically: $depends" >&2; exit 1
  fi
  echo "$depends" | grep -Eqx 'libc6 \(>= [0-9]+\.[0-9]+\)' || { echo "unexpected Depends: $depends" >&2; exit 1; }
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
  glibc-floor) glibc_floor ;;
  stage) stage "${2:?DESTDIR}" "${3:?PREFIX}" ;;
  deb) deb ;;
  dist) dist ;;
  dist-name) dist_name ;;
  rpm) rpm_package ;;
  test-deb) test_deb ;;
  *) echo "usage: Scripts/package.sh build|stage DIR PREFIX|deb|dist|rpm|glibc-floor|dist-name|test-deb" >&2; exit 2 ;;
esac
