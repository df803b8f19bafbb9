#!/usr/bin/env bash
# shoot.sh: screenshot a replayed screen in one terminal, with the terminal's default
# configuration or with its own bidi turned off, and compare two such screenshots.
#
#   shoot.sh TERMINAL default|off STRATEGY SCREEN.json OUT.png [term-shot options...]
#   shoot.sh compare A.png B.png [DIFF.png]     prints the number of differing pixels
#
# "off" is the terminal's own setting: VTE (sakura, lxterminal) gets CSI 8 l CSI 1 SP k
# on the main screen before the program starts; Konsole BidiRenderingEnabled=false;
# qterminal enabledBidiSupport=false; PuTTY DisableBidi=1 DisableArabicShaping=1; kitty
# force_ltr yes (through a kitty wrapper first in PATH, since term-shot starts kitty with
# --config NONE); xterm, urxvt, st: nothing (they do no bidi); mlterm: OSC 5379 use_ctl=false.
# TERM_SHOT overrides the path of term-shot (default: ../shared/tools/term-shot relative to
# the repository, then /work/shared/tools/term-shot).
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
if [ "${1:-}" = compare ]; then
  out=${4:-null:}
  n=$(compare -metric AE "$2" "$3" "$out" 2>&1 >/dev/null)
  echo "${n%% *}"
  exit 0
fi
[ $# -ge 5 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
term=$1 conf=$2 strategy=$3 screen=$4 out=$5; shift 5
shot=${TERM_SHOT:-}
[ -n "$shot" ] || for c in "$repo/../shared/tools/term-shot" /work/shared/tools/term-shot; do
  [ -x "$c" ] && { shot=$c; break; }
done
[ -x "$shot" ] || { echo "shoot.sh: term-shot not found (set TERM_SHOT)" >&2; exit 1; }

opts=() envpre=() pre=""
case "$conf:$term" in
  off:sakura|off:lxterminal) pre='printf "\033[8l\033[1 k"; ' ;;
  off:konsole) export konsole_extra='BidiRenderingEnabled=false;' ;;
  off:qterminal) export qterm_extra='enabledBidiSupport=false' ;;
  off:pterm) opts+=(--prep 'mkdir -p "$TH/.putty/sessions"; printf "DisableBidi=1\\nDisableArabicShaping=1\\n" > "$TH/.putty/sessions/Default%20Settings"') ;;
  off:mlterm) pre='printf "\033]5379;use_ctl=false\007"; ' ;;
  off:kitty)
    shim=$(mktemp -d)
    printf '#!/bin/sh\nexec /usr/bin/kitty -o force_ltr=yes "$@"\n' > "$shim/kitty"
    chmod +x "$shim/kitty"
    export PATH="$shim:$PATH" ;;
esac
case "$term" in
  qterminal) export qterm_extra="${qterm_extra:-}
[MainWindow]
size=@Size(${QTERM_W:-1110} ${QTERM_H:-693})
" ;;
esac
# The command goes into a script file: sakura joins and re-splits its -e arguments, so an
# argument with spaces (sh -c '...') would not survive.
runner=$(mktemp /tmp/shoot-run.XXXXXX)
inner=$(printf 'exec /usr/bin/python3 %q replay %q --strategy %q' "$here/lab.py" "$screen" "$strategy")
if [ -n "${TMUXPT:-}" ]; then
  # run the program inside a private tmux server (allow-passthrough $TMUXPT) in the terminal
  tdir=$(mktemp -d /tmp/shoot-tmux.XXXXXX)
  printf 'set -g status off\nset -g escape-time 0\nset -g allow-passthrough %s\n' "$TMUXPT" > "$tdir/conf"
  printf '#!/bin/sh\n%s\n' "$inner" > "$tdir/inner"; chmod +x "$tdir/inner"
  inner=$(printf 'exec tmux -f %q -S %q new-session %q' "$tdir/conf" "$tdir/sock" "$tdir/inner")
fi
printf '#!/bin/sh\n%s%s\n' "$pre" "$inner" > "$runner"
chmod +x "$runner"
timeout 60 "$shot" --terminal "$term" --cols 100 --rows 30 --wait "${WAIT:-4}" --out "$out" \
  "${opts[@]}" "$@" -- "$runner"
rc=$?
rm -f "$runner"
[ -n "${tdir:-}" ] && { tmux -S "$tdir/sock" kill-server 2>/dev/null; rm -rf "$tdir"; }
[ -n "${shim:-}" ] && rm -rf "$shim"
exit $rc
