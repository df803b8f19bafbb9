#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the project needs, only those that are missing.
#   Scripts/install-deps.sh           build and run: libicu-dev, libncurses-dev, libvterm-dev,
#                                     and libxml2-dev, zlib1g-dev, liblzma-dev (their static
#                                     archives: the portable build of Scripts/package.sh links them)
#   Scripts/install-deps.sh --test    also what the tests use: unicode-data (BidiTest.txt,
#                                     BidiCharacterTest.txt), tmux (end-to-end tests),
#                                     libfribidi-bin (a second bidi oracle), python3 (scripts),
#                                     librsvg2-bin (rsvg-convert: the SVG export rendered to PNG),
#                                     gettext (msgunfmt: the .mo files --fix is tried on),
#                                     ncurses-term (terminfo of st and the other recorded
#                                     terminals), kitty-terminfo (xterm-kitty: Debian 12's
#                                     ncurses-term has only `kitty`), nano dialog mc less emacs-nox vim fzf whiptail
#                                     (programs run under `rtl-tui run` by the end-to-end tests:
#                                     emacs, vim rightleft and newt's whiptail draw visual order
#                                     themselves, R27), asciinema (a recording played back),
#                                     rpm (rpmbuild: make rpm, and rpm -i in make test-dist)
#   Scripts/install-deps.sh --fixtures  what regenerates committed fixtures and tables: hunspell-ar
#                                     myspell-he myspell-fa (Scripts/make-letter-ngrams.py), qttools5-dev-tools
#                                     (lrelease: Scripts/make-qt-fixtures.sh), gettext (msgfmt)
set -euo pipefail
pkgs=(libicu-dev libncurses-dev libvterm-dev libxml2-dev zlib1g-dev liblzma-dev)
if [ "${1:-}" = "--test" ]; then pkgs+=(unicode-data tmux libfribidi-bin python3 librsvg2-bin gettext ncurses-term kitty-terminfo nano dialog mc less emacs-nox vim fzf whiptail asciinema rpm); fi
if [ "${1:-}" = "--fixtures" ]; then pkgs+=(qttools5-dev-tools gettext hunspell-ar myspell-he myspell-fa); fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
