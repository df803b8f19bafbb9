#!/usr/bin/env bash
# capture-screens.sh: capture demo screens as cells (for lab.py replay) from a tmux pane.
#
#   capture-screens.sh RTL-TUI OUTDIR
#
# Writes OUTDIR/ar.json, he.json and ar-latn.json: `rtl-tui demo --screen settings` at
# 100x30 in Arabic, Hebrew, and Arabic with Latin digits, exactly as rtl-tui draws them for a
# terminal without bidi (tmux shows the cells as sent). TMUX_SCREEN overrides the path of
# tmux-screen (default: shared/tools/tmux-screen above the repository).
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
[ $# -eq 2 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
bin=$1 dir=$2
ts=${TMUX_SCREEN:-}
[ -n "$ts" ] || for d in "$repo/.." "$repo/../.."; do
  [ -x "$d/shared/tools/tmux-screen" ] && { ts="$d/shared/tools/tmux-screen"; break; }
done
[ -x "$ts" ] || { echo "capture-screens: tmux-screen not found (set TMUX_SCREEN)" >&2; exit 1; }
mkdir -p "$dir"
for v in "ar" "he" "ar --numerals latn"; do
  name=$(echo "$v" | sed 's/ --numerals /-/')
  # shellcheck disable=SC2086
  "$ts" --cols 100 --rows 30 --wait 2 -e -N -- "$bin" demo --locale $v --screen settings \
    --no-animate >"$dir/$name.cap" || exit 1
  python3 "$here/lab.py" capture-to-json "$dir/$name.cap" >"$dir/$name.json" || exit 1
  rm -f "$dir/$name.cap"
done
ls "$dir"
