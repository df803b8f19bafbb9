#!/usr/bin/env bash
# probe-terminal.sh: record a terminal's replies with Scripts/term-probe.py under Xvfb.
#
#   probe-terminal.sh TERMINAL OUT.txt [tmux-default|tmux-on|tmux-off]
#
# TERMINAL is a term-shot terminal (xterm urxvt stterm mlterm sakura lxterminal konsole
# qterminal pterm kitty). With a tmux variant the probe runs inside a private tmux server
# (allow-passthrough as named; default = tmux's own default) inside TERMINAL, and
# `tmux display`/`tmux show` output is saved next to OUT as OUT.tmuxinfo. A screenshot of the
# probe's last page (the queries again, showing what a terminal prints for each) goes to
# OUT.png. TERM_SHOT overrides the path of term-shot.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
[ $# -ge 2 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
term=$1 out=$2 variant=${3:-}
shot=${TERM_SHOT:-}
[ -n "$shot" ] || for d in "$repo/.." "$repo/../.."; do
  [ -x "$d/shared/tools/term-shot" ] && { shot="$d/shared/tools/term-shot"; break; }
done
[ -x "$shot" ] || { echo "probe-terminal: term-shot not found (set TERM_SHOT)" >&2; exit 1; }
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
tmp=$(mktemp -d /tmp/probe-terminal.XXXXXX)
trap '[ -S "$tmp/sock" ] && tmux -S "$tmp/sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT

label=$term${variant:+-$variant}
probe=(/usr/bin/python3 "$repo/Scripts/term-probe.py" --out "$out" --label "$label" --linger 60)
{
  echo '#!/bin/sh'
  if [ "$term" = mlterm ]; then
    # term-shot gives mlterm a private HOME next to its run.sh (our parent): the challenge is there
    echo 'd=$(dirname "$(tr "\0" "\n" </proc/$PPID/cmdline | sed -n 2p)")/home'
    echo 'for f in "$d/.mlterm/challenge" "$d/.config/mlterm/challenge"; do [ -r "$f" ] && c=$f; done'
    printf 'exec'; printf ' %q' "${probe[@]}"; echo ' --mlterm-challenge "${c:-/nonexistent}"'
  elif [ -n "$variant" ]; then
    pt=${variant#tmux-}
    { echo 'set -g status off'; echo 'set -g escape-time 0'
      [ "$pt" = default ] || echo "set -g allow-passthrough $pt"; } >"$tmp/conf"
    {
      echo '#!/bin/sh'
      printf "tmux display -p '#{client_termtype}|#{client_termname}|#{client_termfeatures}|#{version}' >%q 2>&1\n" "$out.tmuxinfo"
      printf 'tmux show -g allow-passthrough >>%q 2>&1\n' "$out.tmuxinfo"
      printf 'exec'; printf ' %q' "${probe[@]}"; echo
    } >"$tmp/inner"
    chmod +x "$tmp/inner"
    printf 'exec tmux -f %q -S %q new-session %q\n' "$tmp/conf" "$tmp/sock" "$tmp/inner"
  else
    printf 'exec'; printf ' %q' "${probe[@]}"; echo
  fi
} >"$tmp/run"
chmod +x "$tmp/run"
extra=()
[ "$term" = qterminal ] && export qterm_extra='
[MainWindow]
size=@Size(1110 693)
'
timeout 120 "$shot" --terminal "$term" --cols 100 --rows 30 --wait 12 --out "${out%.txt}.png" \
  "${extra[@]}" -- "$tmp/run"
