#!/usr/bin/env bash
# `make test-dist`: the portable tarball as a server that has only a C library gets it.
#   Scripts/test-dist.sh TARBALL [RPM]
# Unpacks TARBALL the way its INSTALL says (into a prefix, --strip-components=1) in a temporary
# folder and checks that ldd of both programs lists only the C library's own objects (with an empty
# LD_LIBRARY_PATH). Then builds a root that holds nothing else: libc, libm and the loader, /bin/sh
# (dash, for `run`), the C.UTF-8 locale, one terminal description (xterm-256color, under
# /usr/lib/terminfo, where the ncurses built on Debian would not look by itself) and the unpacked
# tree under /usr/local; in a mount namespace of its own (the toolchain under /opt/swift also
# hidden by an empty mount, as `test-deb` does), with /dev and /proc from the host, it runs from
# that root: render (the front and the whole tool), check on a PO catalog and on an Android one
# (libxml2), --version, the demo and `run -- sh -c 'printf …'` in tmux, and the demo with
# TERMINFO_DIRS set to an empty folder (the user's search list, which does not find the
# description: the message of an unknown terminal and exit status 1; `run`, which needs none,
# goes on). With RPM, installs it with
# `rpm -i --nodeps` into a temporary root (its own database) and compares its files with the
# tarball's.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "test-dist: $*" >&2; exit 1; }

# The commands, run from the root (inside the mount namespace).
inside() {
  local root=$1 work=$2 out status
  mount -t tmpfs none /opt/swift
  ! ls /opt/swift/usr/lib >/dev/null 2>&1 || fail "/opt/swift is still there"
  mount --rbind /dev "$root/dev"
  mount --rbind /proc "$root/proc"
  # Nothing but the C library (and dash) in the root: no ICU, ncurses, libvterm or libxml2.
  [ -z "$(find "$root/bin" "$root/usr" "$root/lib"* -name 'lib*.so*' | grep -Ev '/(libc|libm|ld-linux[^/]*)\.so')" ] ||
    fail "the root holds a library besides the C library"
  local envs="env -i LD_LIBRARY_PATH= LANG=C.UTF-8 HOME=/tmp PATH=/usr/local/bin:/bin TERM=xterm-256color"
  local chroot
  chroot=$(command -v chroot)
  rt() { $envs "$chroot" "$root" /usr/local/bin/rtl-tui "$@"; }

  out=$(rt render --width 30 "שלום עולם! 123")
  echo "render: $out"
  [ "$out" = "                123 !םלוע םולש" ] || fail "render --width 30 printed: $out"
  out=$(echo "שלום עולם! 123" | rt render)
  echo "render (front): $out"
  [ "$out" = "123 !םלוע םולש" ] || fail "render (the front) printed: $out"
  echo "version: $(rt --version)"

  # check: a PO catalog with planted problems (exit status 1: errors found) and an Android one
  # (read through libxml2, linked in).
  status=0; out=$(rt check /tmp/traps.ar.po 2>&1) || status=$?
  echo "check traps.ar.po: exit $status, $(echo "$out" | wc -l) lines"
  echo "$out" | head -3
  [ "$status" -eq 1 ] || fail "check traps.ar.po exited $status"
  echo "$out" | grep -q '^/tmp/traps.ar.po:19:1: error\[escape-sequence\]' ||
    fail "check did not find the escape sequence on line 19 of traps.ar.po"
  status=0; out=$(rt check /tmp/android 2>&1) || status=$?
  echo "check android: exit $status"
  echo "$out" | head -3
  [ "$status" -eq 1 ] || fail "check android exited $status"
  echo "$out" | grep -q '^/tmp/android/values-ar/strings.xml:6:5: error\[plural-forms\]' ||
    fail "check did not find the missing plural forms of the Android catalog"

  # In tmux, started in this namespace: each case a small script outside the root.
  local sock=rtl-tui-dist-$$
  pane() { tmux -L "$sock" capture-pane -p -J; }  # -J: wrapped lines joined
  wait_for() {
    for _ in $(seq 1 75); do pane | grep -q "$1" && return 0; sleep 0.2; done
    pane; fail "waited for: $1"
  }
  start() {  # start NAME [VAR=VALUE...] -- ARGS: rtl-tui ARGS from the root in a tmux pane
    local name=$1 vars=() arg
    shift
    while [ "$1" != "--" ]; do vars+=("$1"); shift; done
    shift
    { echo '#!/bin/sh'
      printf '%s' "$envs ${vars[*]} $chroot '$root' /usr/local/bin/rtl-tui"
      for arg in "$@"; do printf " '%s'" "$arg"; done
      printf '\necho EXIT=$?\nsleep 30\n'; } > "$work/$name.sh"
    chmod +x "$work/$name.sh"
    tmux -L "$sock" -f /dev/null new-session -d -x 100 -y 30 "$work/$name.sh"
  }
  stop() { tmux -L "$sock" kill-server; }
  local printf_cmd='printf "%s\n" "שלום עולם 123" "abc مرحبا def"'

  start demo -- demo --locale ar
  wait_for "1/6 · ar · RTL"
  pane | head -3
  tmux -L "$sock" send-keys q
  wait_for "EXIT=0"
  stop

  start run -- run -- sh -c "$printf_cmd"
  wait_for "EXIT="
  pane | head -3
  pane | grep -q "123 םלוע םולש" || fail "run did not show the Hebrew line in visual order"
  pane | grep -q "abc ﺎﺒﺣﺮﻣ def" || fail "run did not show the Arabic line in visual order, joined"
  pane | grep -q "EXIT=0" || fail "run did not exit 0"
  stop

  # The user's TERMINFO_DIRS, an empty folder: searched instead of /usr/lib/terminfo, where the
  # only description is; the demo refuses the terminal as an unknown one.
  start demo-terminfo TERMINFO_DIRS=/empty -- demo
  wait_for "EXIT="
  pane | grep -v '^$' | head -3
  pane | grep -q "terminal type 'xterm-256color' is not in the terminfo database (install ncurses-term or set TERM=xterm-256color)" ||
    fail "no message for the description TERMINFO_DIRS does not hold"
  pane | grep -q "EXIT=1" || fail "the demo did not exit 1 without a description"
  stop

  # run writes its screen itself: without a description it goes on (256 colours).
  start run-terminfo TERMINFO_DIRS=/empty -- run -- sh -c "$printf_cmd"
  wait_for "EXIT="
  pane | grep -q "123 םלוע םולש" || fail "run without a description did not show its program"
  pane | grep -q "EXIT=0" || fail "run without a description did not exit 0"
  stop
}

if [ "${1:-}" = "--inside" ]; then inside "$2" "$3"; exit; fi

tarball=${1:?usage: Scripts/test-dist.sh TARBALL [RPM]}
rpmfile=${2:-}
work=$(mktemp -d /tmp/rtl-tui-dist.XXXXXX)
trap 'rm -rf "$work"' EXIT

# 1. Unpacked as INSTALL says.
prefix=$work/prefix
mkdir -p "$prefix"
tar -xzf "$tarball" -C "$prefix" --strip-components=1 --exclude=INSTALL
tar -tzf "$tarball" > "$work/members"
grep -q '^[^/]*/INSTALL$' "$work/members" || fail "the tarball has no INSTALL"
for f in bin/rtl-tui libexec/rtl-tui/rtl-tui-full share/man/man1/rtl-tui.1.gz \
  share/bash-completion/completions/rtl-tui share/zsh/site-functions/_rtl-tui \
  share/fish/vendor_completions.d/rtl-tui.fish share/doc/rtl-tui/licenses/ICU.txt \
  share/doc/rtl-tui/licenses/libvterm.txt share/doc/rtl-tui/licenses/ncurses.txt \
  share/doc/rtl-tui/licenses/libxml2.txt share/doc/rtl-tui/licenses/swift.txt; do
  [ -e "$prefix/$f" ] || fail "the tarball lacks $f"
done
[ ! -e "$prefix/INSTALL" ] || fail "INSTALL was unpacked into the prefix"
echo "tarball: $(basename "$tarball"), $(du -k "$tarball" | cut -f1) KiB"

# 2. ldd: the C library's own objects only.
libc_only='^(linux-vdso\.so\.1|linux-gate\.so\.1|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|(/lib(64)?/)?ld-linux[-a-z0-9_.]*\.so\.[0-9]+)$'
for p in "$prefix/bin/rtl-tui" "$prefix/libexec/rtl-tui/rtl-tui-full"; do
  libs=$(LD_LIBRARY_PATH= ldd "$p" | awk '{print $1}')
  bad=$(echo "$libs" | grep -Ev "$libc_only" || true)
  [ -z "$bad" ] || fail "$(basename "$p") loads more than the C library: $(echo $bad)"
  echo "ldd $(basename "$p"): $(echo $libs)"
done
floor=$(objdump -T "$prefix/bin/rtl-tui" "$prefix/libexec/rtl-tui/rtl-tui-full" |
  grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)
echo "oldest glibc: $floor"
tar -xzOf "$tarball" --wildcards '*/INSTALL' > "$work/INSTALL"
grep -q "glibc $floor or later" "$work/INSTALL" ||
  fail "INSTALL does not name glibc $floor"

# 3. A root with nothing but the C library (and dash, a UTF-8 locale, one terminfo entry).
root=$work/root
mkdir -p "$root"/{dev,proc,tmp,empty,bin,usr/local,usr/lib/terminfo/x,usr/lib/locale,opt/swift}
chmod 1777 "$root/tmp"
cp -a "$prefix/." "$root/usr/local/"
for lib in $(ldd "$prefix/bin/rtl-tui" "$prefix/libexec/rtl-tui/rtl-tui-full" "$(command -v dash)" |
  grep -o '/[^ ]*\.so[.0-9]*' | sort -u); do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
cp -L "$(command -v dash)" "$root/bin/sh"
cp -a /usr/lib/locale/C.utf8 "$root/usr/lib/locale/" 2>/dev/null || fail "the C.UTF-8 locale is missing"
desc=$(find /etc/terminfo /lib/terminfo /usr/share/terminfo -name xterm-256color -path '*/x/*' 2>/dev/null | head -1)
[ -n "$desc" ] || fail "no terminfo description of xterm-256color on this machine (ncurses-base)"
cp "$desc" "$root/usr/lib/terminfo/x/xterm-256color"
cp Tests/BidiTermTests/Fixtures/lint/traps.ar.po "$root/tmp/traps.ar.po"
cp -r Tests/BidiTermTests/Fixtures/lint/formats/android "$root/tmp/android"
echo "root: $(find "$root" -type f -name '*.so*' | sed "s|$root||" | sort | paste -sd' ')"

# 4. In a mount namespace of its own (this script again, with --inside): /opt/swift hidden, /dev
# and /proc in the root, every command run from the root with an environment of its own.
unshare --mount "$0" --inside "$root" "$work"
echo "unpacked tarball: ok"

# 5. The .rpm: installed into a temporary root with a database of its own; the same files as the
# tarball, byte for byte (INSTALL is the tarball's alone).
if [ -n "$rpmfile" ]; then
  rroot=$work/rpmroot
  mkdir -p "$rroot"
  # (Debian's rpm warns that it is not the system's package manager: stderr, not a failure.)
  rpm -i --nodeps --root "$rroot" --dbpath /rpmdb "$rpmfile"
  rpm -q --root "$rroot" --dbpath /rpmdb rtl-tui
  requires=$(rpm -qp --requires "$rpmfile" 2>/dev/null | grep -v '^rpmlib' | paste -sd' ')
  echo "rpm requires: $requires"
  if echo "$requires" | grep -Eq 'libicu|libvterm|libxml2|libncurses|libtinfo|libstdc|libgcc'; then
    fail "the .rpm requires a library the programs link statically"
  fi
  (cd "$prefix" && find . -type f | sort | xargs sha256sum) > "$work/tar.sums"
  (cd "$rroot/usr" && find . -type f | sort | xargs sha256sum) > "$work/rpm.sums"
  diff -u "$work/tar.sums" "$work/rpm.sums" || fail "the .rpm's files differ from the tarball's"
  echo "rpm: $(wc -l < "$work/rpm.sums") files, the same as the tarball's"
fi
echo "test-dist: ok"
