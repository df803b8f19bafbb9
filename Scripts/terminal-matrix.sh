#!/usr/bin/env bash
# terminal-matrix.sh: run the demo in every installed terminal emulator under Xvfb and tell,
# by pixels, whether each one reads right.
#
# usage: Scripts/terminal-matrix.sh [options]
#   --binary PATH      rtl-tui to run (default: .build/release/rtl-tui, then .build/debug)
#   --out DIR          output folder (default: matrix-out); PNGs and summary.md go there
#   --terminals LIST   comma-separated subset (default: xterm,urxvt,stterm,mlterm,VTE,konsole,
#                      qterminal,pterm,kitty,tmux-vte,cool-retro-term,deepin-terminal,terminology,
#                      eterm; VTE = sakura, else lxterminal). The last four are driven by
#                      term-shot-record (cool-retro-term: settings in its SQLite database, software
#                      GL; deepin-terminal: under dbus-run-session; terminology: under twm; Eterm:
#                      core X fonts, apt-get install xfonts-base)
#   --locales LIST     comma-separated demo locales (default: ar,he)
#   --screen ID        demo screen (default: settings)
#   --args 'ARGS'      extra demo arguments for the run under test (default: none = auto)
#   --ref-args 'ARGS'  demo arguments for the reference run (default: --bidi-mode explicit)
#   --programs LIST    programs shown under `rtl-tui run` (default: mixed,less,dialog; none: skip)
#   -j N               screenshots in parallel (default: 2; each runs its own Xvfb)
#   --wait S           seconds between the window appearing and the screenshot (default: 6)
#   -v                 show term-shot's progress
# Environment: TERM_SHOT = path of term-shot (default: shared/tools/term-shot in the folder
#   above the repository (../shared/tools), or above that for a worktree, then PATH);
#   TERM_SHOT_RECORD likewise for term-shot-record (the terminals term-shot does not drive).
# Each terminal also gets a `render` shot: the README's first example, `rtl-tui render --width
# 30 TEXT`, against the same terminal with its bidi off running `render --bidi-mode none`.
# deepin-terminal's bidi cannot be turned off: it has no reference, and is judged by eye.
#
# For every terminal and locale it takes two screenshots at 100x30, LANG=C.UTF-8:
#   default    the terminal as installed, running `rtl-tui demo --locale L --screen ID`
#   reference  the same terminal with its OWN bidi switched off in its configuration, running
#              the demo with --ref-args: VTE gets `CSI 8 l CSI 1 SP k` before the program;
#              mlterm `OSC 5379;use_ctl=false`; Konsole profile BidiRenderingEnabled=false;
#              qterminal enabledBidiSupport=false; PuTTY DisableBidi=1, DisableArabicShaping=1;
#              kitty force_ltr yes; xterm, urxvt and st do no bidi (the reference is itself).
# Same pixels (ImageMagick `compare -metric AE` = 0) means the terminal shows what rtl-tui
# meant. tmux-vte runs the demo inside tmux inside VTE, with allow-passthrough off and on,
# against VTE switched off before tmux starts. In each terminal (and in tmux with passthrough off
# and on) it also runs `rtl-tui doctor --format json`, and the summary says what doctor named, the
# strategy, and whether the first frame carries a notice (a differing screenshot is then expected:
# the notice box is what the user should see).
# `rtl-tui run` (every terminal but tmux-vte): each program of --programs (mixed: bash printing
# Arabic, Hebrew and Persian lines and `ls` of RTL file names; less: a Hebrew file; dialog: an
# Arabic menu) is shot three times: `run-default` (the terminal as installed, `rtl-tui run --
# PROGRAM` with --args), `run-reference` (the terminal's own bidi off as above, `rtl-tui run`
# with --ref-args) and `run-before` (the terminal as installed, the program alone, for
# before/after pictures). run-default = run-reference in pixels means the program reads right. Before each screenshot the screen is repainted
# in one pass (DECSCNM set and reset), so partial paints do not leave stray pixels.
# Exit status: 0 when the matrix ran (whatever it found), 2 usage, 1 when nothing could run.
set -u
prog=terminal-matrix
usage() { sed -n '2,/^set -u/{/^#/s/^# \{0,1\}//p}' "$0" >&2; exit 2; }
die() { echo "$prog: $*" >&2; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
readme_example='שלום עולם! התקשרו ל-03-1234567 (שלוחה 12).'
binary="" out="matrix-out" terminals="" locales="ar,he" screen="settings" args=""
ref_args="--bidi-mode explicit" jobs=2 wait_s=6 verbose=0 programs="mixed,less,dialog"
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --terminals) terminals=${2:?}; shift 2 ;;
    --locales) locales=${2:?}; shift 2 ;;
    --screen) screen=${2:?}; shift 2 ;;
    --args) args=${2?}; shift 2 ;;
    --ref-args) ref_args=${2?}; shift 2 ;;
    --programs) programs=${2:?}; shift 2 ;;
    -j) jobs=${2:?}; shift 2 ;;
    --wait) wait_s=${2:?}; shift 2 ;;
    -v) verbose=1; shift ;;
    -h|--help) usage ;;
    *) echo "$prog: unknown option: $1" >&2; usage ;;
  esac
done
case "$jobs$wait_s" in *[!0-9.]*) die "-j and --wait take numbers" ;; esac

if [ -z "$binary" ]; then
  for b in "$repo/.build/release/rtl-tui" "$repo/.build/debug/rtl-tui"; do
    [ -x "$b" ] && { binary=$b; break; }
  done
fi
[ -n "$binary" ] && [ -x "$binary" ] ||
  die "no rtl-tui binary (build it: make build, or pass --binary)"
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")

shot=${TERM_SHOT:-}
if [ -z "$shot" ]; then
  for d in "$repo/.." "$repo/../.." "$repo/../../.."; do   # a checkout or a worktree below it
    [ -x "$d/shared/tools/term-shot" ] && { shot=$(cd "$d/shared/tools" && pwd)/term-shot; break; }
  done
  [ -n "$shot" ] || shot=$(command -v term-shot || true)
fi
[ -n "$shot" ] && [ -x "$shot" ] || die "term-shot not found (set TERM_SHOT=/path/to/term-shot)"
shot_record=${TERM_SHOT_RECORD:-$(dirname "$shot")/term-shot-record}
for t in Xvfb xdotool compare; do
  command -v "$t" >/dev/null || die "missing $t (apt-get install xvfb xdotool imagemagick)"
done

mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)
work=$(mktemp -d -t terminal-matrix.XXXXXX) || die "mktemp failed"
pids=()
descendants() {  # live descendants of PID $1, children first (by PID, never by name)
  local c
  for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do echo "$c"; descendants "$c"; done
}
cleanup() {
  local p kids=()
  # term-shot ends its own Xvfb and terminal when it gets TERM; stop the jobs' trees
  for p in "${pids[@]}"; do mapfile -t -O "${#kids[@]}" kids < <(descendants "$p"); done
  for p in "${kids[@]}" "${pids[@]}"; do kill "$p" 2>/dev/null; done
  wait 2>/dev/null
  for s in "$work"/tmux-*/sock; do [ -S "$s" ] && tmux -S "$s" kill-server 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# ---- which terminals
pkg_of() {  # terminal -> Debian package(s) whose versions the summary reports
  case "$1" in
    urxvt) echo rxvt-unicode ;;
    sakura|lxterminal) echo "$1 libvte-2.91-0" ;;
    qterminal) echo "qterminal libqtermwidget5-1" ;;
    cool-retro-term) echo "cool-retro-term" ;;
    eterm) echo "eterm" ;;
    tmux-vte) echo "tmux" ;;
    *) echo "$1" ;;
  esac
}
version_of() {
  local p v s=""
  for p in $(pkg_of "$1"); do
    v=$(dpkg-query -W -f '${Version}' "$p" 2>/dev/null) || v="?"
    s="${s:+$s, }$p $v"
  done
  echo "$s"
}
vte=""
for t in sakura lxterminal; do command -v "$t" >/dev/null && { vte=$t; break; }; done
if [ -z "$terminals" ]; then
  terminals="xterm,urxvt,stterm,mlterm,VTE,konsole,qterminal,pterm,kitty,tmux-vte,cool-retro-term,deepin-terminal,terminology,eterm"
fi
list=()
missing=()
IFS=, read -r -a req <<<"$terminals"
for t in "${req[@]}"; do
  case "$t" in
    VTE|vte) if [ -n "$vte" ]; then list+=("$vte"); else missing+=("VTE (apt-get install sakura or lxterminal)"); fi ;;
    tmux-vte)
      if [ -z "$vte" ]; then missing+=("tmux-vte (needs sakura or lxterminal)")
      elif ! command -v tmux >/dev/null; then missing+=("tmux-vte (apt-get install tmux)")
      else list+=("tmux-vte"); fi ;;
    xterm|urxvt|stterm|mlterm|sakura|lxterminal|konsole|qterminal|pterm|kitty)
      if command -v "$t" >/dev/null; then list+=("$t")
      else missing+=("$t (apt-get install $(pkg_of "$t" | cut -d' ' -f1))"); fi ;;
    cool-retro-term|deepin-terminal|terminology|eterm)
      exe=$t; [ "$t" = eterm ] && exe=Eterm
      if ! command -v "$exe" >/dev/null; then missing+=("$t (apt-get install $t)")
      elif [ ! -x "$shot_record" ]; then missing+=("$t (needs term-shot-record)")
      else list+=("$t"); fi ;;
    *) die "unknown terminal: $t" ;;
  esac
done
for m in "${missing[@]}"; do echo "$prog: not installed: $m" >&2; done
[ ${#list[@]} -gt 0 ] || die "none of the terminals is installed"

# ---- one screenshot
# run.sh inside the terminal: wait until the pty is 30x100 (qterminal sizes it late), then
# after the demo has drawn, repaint the whole screen once (DECSCNM on/off).
cat >"$work/run.sh" <<'EOF'
#!/bin/sh
# run.sh PRE(none|vte|mlterm) WRAP(plain|tmux:on|tmux:off:DIR) OUT(-|FILE) BINARY ARGS...
# (no empty arguments and no spaces: qterminal drops empty ones, sakura re-splits its -e)
pre=$1 wrap=$2 out=$3; shift 3
i=0
while [ "$(stty size 2>/dev/null)" != "30 100" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
case "$pre" in
  vte) printf '\033[8l\033[1 k' ;;              # BDSM explicit, SCP LTR: VTE's bidi off
  mlterm) printf '\033]5379;use_ctl=false\007' ;; # mlterm's bidi and shaping off
esac
( sleep 3; printf '\033[?5h\033[?5l' >/dev/tty ) &
case "$wrap" in
  plain) if [ "$out" = - ]; then exec "$@"; else exec "$@" >"$out"; fi ;;
  tmux:*)
    pt=$(echo "$wrap" | cut -d: -f2) dir=$(echo "$wrap" | cut -d: -f3-)
    printf 'set -g status off\nset -g escape-time 0\nset -g allow-passthrough %s\n' "$pt" >"$dir/conf"
    { printf '#!/bin/sh\nexec'; for a in "$@"; do printf " '%s'" "$a"; done
      [ "$out" = - ] || printf " >'%s'" "$out"; printf '\n'; } >"$dir/inner"
    chmod +x "$dir/inner"
    exec tmux -f "$dir/conf" -S "$dir/sock" new-session "$dir/inner" ;;
esac
EOF
chmod +x "$work/run.sh"

# The programs shown under `rtl-tui run`, each a script (run.sh takes no spaces in arguments).
mkdir -p "$work/files" "$work/home"
for f in שלום.txt עולם_גדול.md ספר readme.txt مرحبا.txt كتاب_جديد فایل_من.md notes; do : >"$work/files/$f"; done
for i in $(seq 1 60); do echo "שורה $i: זהו קובץ בעברית (עם סוגריים) ו-English 2024"; done >"$work/he.txt"
cat >"$work/prog-mixed.sh" <<EOF
cd "$work/files" || exit 1
export HOME="$work/home"
exec bash --norc --noprofile <<'IN' 2>&1
printf '%s\n' 'مرحبا بالعالم! (2024) نص عربي' 'שלום עולם: גרסה 1.2 כאן' 'سلام دنیا، این یک متن فارسی است' 'abc שלום def'
ls -C --color=never
sleep 600
IN
EOF
cat >"$work/prog-less.sh" <<EOF
export LESSHISTFILE=- LESS=
exec less "$work/he.txt"
EOF
cat >"$work/prog-dialog.sh" <<EOF
export HOME="$work/home"
exec dialog --menu 'اختر ملفا من القائمة' 14 50 4 1 'فتح الملف' 2 'حفظ التغييرات' 3 'خروج من البرنامج'
EOF

qterm_size='
[MainWindow]
size=@Size(1110 693)
'
# shoot NAME TERMINAL CONF(default|reference|doctor|run-default|run-reference|run-before) LOCALE
# -> $out/NAME.png, status in $work/NAME.status; doctor: `rtl-tui doctor --format json` into
# $out/NAME.json instead of the demo; run-*: LOCALE is the program (prog-LOCALE.sh)
shoot() {
  local name=$1 term=$2 conf=$3 loc=$4 pre=none wrap=plain extra=() envs=() demo_args
  local shim="" dir="" sink=- cmd
  if [ "$conf" = reference ]; then demo_args=$ref_args; else demo_args=$args; fi
  # shellcheck disable=SC2206  # the arguments are words on purpose
  cmd=("$binary" demo --locale "$loc" --screen "$screen" --no-animate $demo_args)
  if [ "$conf" = doctor ]; then sink="$out/$name.json"; cmd=("$binary" doctor --format json); fi
  if [ "$conf" = render ] || [ "$conf" = render-reference ]; then
    cmd=("$binary" render --width 30 "$readme_example")
    [ "$conf" = render-reference ] && cmd+=(--bidi-mode none)
  fi
  # shellcheck disable=SC2206
  case "$conf" in
    run-default) cmd=("$binary" run $args -- /bin/sh "$work/prog-$loc.sh") ;;
    run-reference) cmd=("$binary" run $ref_args -- /bin/sh "$work/prog-$loc.sh"); conf=reference ;;
    run-before) cmd=(/bin/sh "$work/prog-$loc.sh") ;;
  esac
  case "$term" in
    cool-retro-term|deepin-terminal|terminology|eterm)
      local off=()
      case "$conf" in reference|render-reference) off=(--bidi-off) ;; esac
      [ "$conf" = reference ] || [ "$conf" = render-reference ] || true
      if [ "$conf" = render ] || [ "$conf" = render-reference ]; then
        timeout 150 "$shot_record" --terminal "$term" "${off[@]}" --cols 100 --rows 30 --wait "$wait_s" \
          --env LANG=C.UTF-8 --env LC_ALL=C.UTF-8 --env XDG_CONFIG_HOME="$work/config-$name" --out "$out/$name.png" -- \
          sh -c '"$@"; exec sleep 120' sh "${cmd[@]}" >"$work/$name.log" 2>&1
      else
        timeout 150 "$shot_record" --terminal "$term" "${off[@]}" --cols 100 --rows 30 --wait "$wait_s" \
          --env LANG=C.UTF-8 --env LC_ALL=C.UTF-8 --env XDG_CONFIG_HOME="$work/config-$name" --out "$out/$name.png" -- \
          "$work/run.sh" "$pre" "$wrap" "$sink" "${cmd[@]}" >"$work/$name.log" 2>&1
      fi
      echo $? >"$work/$name.status"
      return 0 ;;
  esac
  case "$term" in tmux-vte:*) wrap="tmux:${term#tmux-vte:}:$work/tmux-$name"; mkdir -p "$work/tmux-$name"; term=$vte ;; esac
  if [ "$conf" = render ] || [ "$conf" = render-reference ]; then
    # The line output ends: keep the window for the shot.
    cmd=(sh -c '"$@"; exec sleep 120' sh "${cmd[@]}")
  fi
  if [ "$conf" = reference ] || [ "$conf" = render-reference ]; then
    case "$term" in
      sakura|lxterminal) pre=vte ;;
      mlterm) pre=mlterm ;;
      konsole) envs+=(konsole_extra='BidiRenderingEnabled=false;') ;;
      qterminal) envs+=(qterm_extra="enabledBidiSupport=false$qterm_size") ;;
      pterm) extra+=(--prep 'mkdir -p "$TH/.putty/sessions"; printf "DisableBidi=1\nDisableArabicShaping=1\n" >"$TH/.putty/sessions/Default%20Settings"') ;;
      kitty)
        shim="$work/shim-$name"; mkdir -p "$shim"
        printf '#!/bin/sh\nexec %q -o force_ltr=yes "$@"\n' "$(command -v kitty)" >"$shim/kitty"
        chmod +x "$shim/kitty"
        envs+=(PATH="$shim:$PATH") ;;
    esac
  elif [ "$term" = qterminal ]; then
    envs+=(qterm_extra="$qterm_size")
  fi
  [ "$verbose" = 1 ] && extra+=(-v)
  env "${envs[@]}" timeout 120 "$shot" --terminal "$term" --cols 100 --rows 30 --wait "$wait_s" \
    --out "$out/$name.png" "${extra[@]}" -- \
    "$work/run.sh" "$pre" "$wrap" "$sink" "${cmd[@]}" >"$work/$name.log" 2>&1
  echo $? >"$work/$name.status"
  [ -n "$shim" ] && rm -rf "$shim"
  return 0
}

# ---- the job list
jobs_list=()
IFS=, read -r -a locs <<<"$locales"
for t in "${list[@]}"; do
  for l in "${locs[@]}"; do
    if [ "$t" = tmux-vte ]; then
      [ "$l" = "${locs[0]}" ] && jobs_list+=("tmux-vte-off-doctor tmux-vte:off doctor $l" "tmux-vte-on-doctor tmux-vte:on doctor $l")
      jobs_list+=("tmux-vte-$l-reference tmux-vte:on reference $l")
      jobs_list+=("tmux-vte-off-$l-default tmux-vte:off default $l")
      jobs_list+=("tmux-vte-on-$l-default tmux-vte:on default $l")
    else
      [ "$l" = "${locs[0]}" ] && jobs_list+=("$t-doctor $t doctor $l" "$t-render $t render $l" "$t-render-reference $t render-reference $l")
      jobs_list+=("$t-$l-reference $t reference $l" "$t-$l-default $t default $l")
    fi
  done
done
progs=()
[ "$programs" = none ] || IFS=, read -r -a progs <<<"$programs"
for p in "${progs[@]}"; do
  [ -f "$work/prog-$p.sh" ] || die "unknown program: $p (mixed, less, dialog)"
  for t in "${list[@]}"; do
    [ "$t" = tmux-vte ] && continue
    jobs_list+=("$t-run-$p-default $t run-default $p" "$t-run-$p-reference $t run-reference $p" "$t-run-$p-before $t run-before $p")
  done
done
echo "$prog: ${#jobs_list[@]} screenshots of ${#list[@]} terminals, $jobs at a time, into $out" >&2

running=0
for j in "${jobs_list[@]}"; do
  read -r name term conf loc <<<"$j"
  [ "$verbose" = 1 ] && echo "$prog: $name" >&2
  shoot "$name" "$term" "$conf" "$loc" &
  pids+=($!)
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n 2>/dev/null || wait; running=$((running - 1)); fi
done
wait
pids=()

# ---- compare and summarise
compare_pair() {  # A B DIFF -> prints AE or "error"
  [ -s "$1" ] && [ -s "$2" ] || { echo error; return; }
  local n
  n=$(compare -metric AE "$1" "$2" "$3" 2>&1 >/dev/null)
  n=${n%% *}
  case "$n" in ''|*[!0-9.e+]*) echo error ;; *) printf '%.0f\n' "$n" ;; esac
}
doctor_field() {  # JSON FIELD -> what doctor said (name, outer, strategy, notice), or "?"
  python3 - "$1" "$2" 2>/dev/null <<'PY' || echo "?"
import json, sys
d = json.load(open(sys.argv[1]))
f = sys.argv[2]
if f == "name":
    t = d.get("terminal") or {}
    o = d.get("outer")
    print(t.get("name", "?") + (" + " + o.get("name", "?") if o else ""))
elif f == "strategy":
    s = d.get("strategy") or {}
    print(s.get("name", "?") + ("" if s.get("wireOrder") in (None, "visual") else " (" + s["wireOrder"] + ")"))
elif f == "notice":
    print("yes" if d.get("notice") else "no")
PY
}
verdict() {  # AE NOTICE(yes|no) -> text
  case "$1" in
    error) echo "no screenshot" ;;
    none) echo "no reference (its bidi cannot be turned off): see the PNG" ;;
    0) echo "reads right (identical)" ;;
    *) if [ "$2" = yes ]; then echo "shows the notice ($1 px)"; else echo "differs ($1 px)"; fi ;;
  esac
}
note_of() {
  local log="$work/$1.log" st
  st=$(cat "$work/$1.status" 2>/dev/null || echo "?")
  [ "$st" = 0 ] || echo "term-shot failed ($st): $(tail -n 1 "$log" 2>/dev/null)"
}

summary="$out/summary.md"
{
  echo "# Terminal matrix"
  echo
  echo "Date: $(date -u +%Y-%m-%d). rtl-tui: $(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)."
  echo "Command: \`rtl-tui demo --locale L --screen $screen --no-animate${args:+ $args}\` at 100x30, LANG=C.UTF-8,"
  echo "under Xvfb (DejaVu Sans Mono 14). Reference: the same terminal with its own bidi turned off,"
  echo "running the demo with \`${ref_args}\`. Identical pixels = reads right."
  echo
  printf '| terminal | version | doctor names | strategy |'
  for l in "${locs[@]}"; do printf ' %s |' "$l"; done
  printf ' render |'
  echo
  printf '|---|---|---|---|'
  for l in "${locs[@]}"; do printf -- '---|'; done
  printf -- '---|' 
  echo
  for t in "${list[@]}"; do
    if [ "$t" = tmux-vte ]; then
      for pt in off on; do
        dj="$out/tmux-vte-$pt-doctor.json"
        printf '| tmux in %s, allow-passthrough %s | %s; %s | %s | %s |' "$vte" "$pt" "$(version_of tmux-vte)" "$(version_of "$vte")" \
          "$(doctor_field "$dj" name)" "$(doctor_field "$dj" strategy)"
        for l in "${locs[@]}"; do
          n=$(compare_pair "$out/tmux-vte-$l-reference.png" "$out/tmux-vte-$pt-$l-default.png" "$out/tmux-vte-$pt-$l-diff.png")
          printf ' %s %s |' "$(verdict "$n" "$(doctor_field "$dj" notice)")" "$(note_of "tmux-vte-$pt-$l-default")"
        done
        echo
      done
      continue
    fi
    dj="$out/$t-doctor.json"
    printf '| %s | %s | %s | %s |' "$t" "$(version_of "$t")" "$(doctor_field "$dj" name)" "$(doctor_field "$dj" strategy)"
    for l in "${locs[@]}"; do
      n=$(compare_pair "$out/$t-$l-reference.png" "$out/$t-$l-default.png" "$out/$t-$l-diff.png")
      if [ "$t" = deepin-terminal ]; then n=none; fi
      printf ' %s %s |' "$(verdict "$n" "$(doctor_field "$dj" notice)")" "$(note_of "$t-$l-default")$(note_of "$t-$l-reference")"
    done
    n=$(compare_pair "$out/$t-render-reference.png" "$out/$t-render.png" "$out/$t-render-diff.png")
    [ "$t" = deepin-terminal ] && n=none
    printf ' %s |' "$(verdict "$n" no)"
    echo
  done
  for m in "${missing[@]}"; do
    printf '| %s | not installed | – | – |' "${m%% (*}"
    for l in "${locs[@]}"; do printf ' – |'; done
    echo
  done
  echo
  if [ ${#progs[@]} -gt 0 ]; then
    echo "## rtl-tui run"
    echo
    echo "\`rtl-tui run${args:+ $args} -- PROGRAM\` in the terminal as installed against \`rtl-tui run ${ref_args}\`"
    echo "in the terminal with its own bidi off. \`-before.png\`: the program alone."
    echo
    printf '| terminal |'; for p in "${progs[@]}"; do printf ' %s |' "$p"; done; echo
    printf '|---|'; for p in "${progs[@]}"; do printf -- '---|'; done; echo
    for t in "${list[@]}"; do
      [ "$t" = tmux-vte ] && continue
      printf '| %s |' "$t"
      for p in "${progs[@]}"; do
        n=$(compare_pair "$out/$t-run-$p-reference.png" "$out/$t-run-$p-default.png" "$out/$t-run-$p-diff.png")
        printf ' %s %s |' "$(verdict "$n" "$(doctor_field "$out/$t-doctor.json" notice)")" \
          "$(note_of "$t-run-$p-default")$(note_of "$t-run-$p-reference")"
      done
      echo
    done
    echo
  fi
  echo "Files: \`<terminal>-<locale>-default.png\`, \`-reference.png\`, \`-diff.png\` (red = differing pixels);"
  echo "\`<terminal>-doctor.json\`: what \`rtl-tui doctor --format json\` reported in that terminal."
} >"$summary"
cat "$summary"
