#!/usr/bin/env bash
# Makes the generated and packaged files under assets/ again, from sources the
# registries here carry (nothing is downloaded from the open web):
#   assets/fonts/Lato-Medium.ttf         Debian's fonts-lato (SIL OFL 1.1): the UI's text
#   assets/fonts/EBGaramond12-Regular.otf Debian's fonts-ebgaramond (SIL OFL 1.1): titles
# with each package's copyright file beside its font. Needs apt-get (Debian/Ubuntu);
# `apt-get download` fetches the package files without installing anything.
#
# Usage: scripts/make-assets.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fetch() { # package -> extracted under $work/x
    (cd "$work" && apt-get download "$1" >/dev/null 2>&1) || {
        apt-get update >/dev/null && (cd "$work" && apt-get download "$1" >/dev/null)
    }
    dpkg-deb -x "$work"/"$1"_*.deb "$work/x"
    echo "$1 $(dpkg-deb -f "$work"/"$1"_*.deb Version)"
}

mkdir -p assets/fonts
fetch fonts-lato
fetch fonts-ebgaramond
cp "$work/x/usr/share/fonts/truetype/lato/Lato-Medium.ttf" assets/fonts/
cp "$work/x/usr/share/doc/fonts-lato/copyright" assets/fonts/Lato-LICENSE.txt
cp "$work/x/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf" assets/fonts/
cp "$work/x/usr/share/doc/fonts-ebgaramond/copyright" assets/fonts/EBGaramond-LICENSE.txt
ls -l assets/fonts
