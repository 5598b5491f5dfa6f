// The page's glue: loads MicroPython's WebAssembly port, puts the device's
// code in its file system, runs host.py's loop step and paints what the
// App shows: the 10x10 matrix as LEDs with the coordinates round the inner
// board, the 128x32 OLED with the device's own 5x8 font.  Keys and
// on-screen buttons are the six buttons; a click or tap on a cell is the
// buttons that walk the cursor there and A (host.py, mapello/ui/kinds.py).
// Beside the handheld: the scores, whose turn, the moves (with the replay's
// verdicts once its review has judged them), the game's end with the series, the legend in the palette in use, New game, the record
// to download, boards and records to load (picker, paste, drag and drop),
// and the speaker through Web Audio.
//
// ?clock=manual: time moves only when window.mapello.advance(ms) says (the
// tests); ?seed=N: the seed of random boards and the computer.
import { loadMicroPython } from "./micropython.mjs";

const STEP_MS = 10;                  // the device loop's period (mapello/hardware/console.py)
const HEAP_BYTES = 2 * 1024 * 1024;
const SAVE_KEY = "mapello-handheld-nvm";
const BOARDS_KEY = "mapello-handheld-boards";   // the player's own board files, by file name
const SOUND_KEY = "mapello-handheld-sound";     // "1" or "0": the mute, as MAPELLO_SOUND
const VOLUME = 0.06;
const BUTTONS = { UP: 0, DOWN: 1, LEFT: 2, RIGHT: 3, A: 4, B: 5 };
const KEYS = {
  ArrowUp: 0, ArrowDown: 1, ArrowLeft: 2, ArrowRight: 3,
  KeyZ: 4, KeyA: 4, Enter: 4, Space: 4,
  KeyX: 5, KeyB: 5, Backspace: 5,
};
const CELL = 40;                     // matrix canvas pixels per cell
const EDGE = 18;                     // round the LEDs: the coordinates' margin
const MATRIX_PX = 10 * CELL + 2 * EDGE;
const FILES = "abcdefgh";
const OLED_W = 128, OLED_H = 32, OLED_SCALE = 3;
const OLED_ON = [210, 232, 255];     // a white SSD1306's lit pixel, on screen
const FONT = { first: 32, count: 95, width: 5, height: 8, rowBytes: 60 };
const LINE_CHARS = 21;

const params = new URLSearchParams(location.search);
const manual = params.get("clock") === "manual";
const seed = params.has("seed") ? (Number(params.get("seed")) >>> 0) % 2147483647
  : crypto.getRandomValues(new Uint32Array(1))[0] % 2147483647;

const $ = (id) => document.getElementById(id);
const status = $("status");
const matrix = $("matrix");
const oled = $("oled");
const spoken = $("lines");

let host = null;
let font = null;
let now = 0;                          // the manual clock
let shown = -1;                       // the App version painted last
let lastState = null;
let stopped = false;
let thinkingSince = -1;
let shownPanel = "";
const held = new Set();

const api = {
  ready: false, manual, seed, firstFrameMs: null, error: null,
  timing: {},                        // when the port and the files were in, and host.py imported (ms)
  thinks: [],                        // how long each spell of thinking took (ms, real clock)
  longestThinkingStepMs: 0,          // the longest the page was held by one step while thinking
  tones: [],                         // every tone the speaker was asked for (Hz; 0: quiet)
  files: 0,                          // files loaded, pasted or dropped so far (read in the background)
  state: () => lastState,
  advance,
  pixels,
  cellAt,
  cellCentre,
  loadText,
  saved: () => localStorage.getItem(SAVE_KEY) || "",
};
window.mapello = api;

function say(text) {
  status.textContent = text;
  status.hidden = !text;
}

function fail(what, e) {
  stopped = true;
  api.error = `${what}: ${e && e.message ? e.message : e}`;
  say(`${api.error} (reload the page to start again; the saved game is kept)`);
  console.error(e);
}

// --- the browser's storage, as host.py's PageNvm asks for it ---------------
const page = {
  now: () => (manual ? now : Math.floor(performance.now())),
  load: () => {
    try { return localStorage.getItem(SAVE_KEY) || ""; } catch (e) { return ""; }
  },
  store: (hex) => {
    try { localStorage.setItem(SAVE_KEY, hex); return true; } catch (e) { return false; }
  },
  tone,
};

function stored(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}

function keep(key, value) {
  try { localStorage.setItem(key, value); return true; } catch (e) { return false; }
}

// --- the speaker: a square wave, as the device's PWM pin plays it ------------
let audio = null;
let voice = null;

function wakeAudio() {
  // A browser lets a page sound only after a gesture: the first key, click or tap.
  if (audio !== null || !window.AudioContext) return;
  try {
    audio = new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "square";
    gain.gain.value = 0;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    voice = { osc, gain };
  } catch (e) {
    audio = null;
  }
}

function tone(hz) {
  api.tones.push(hz);
  if (voice === null) return;
  const t = audio.currentTime;
  if (hz) voice.osc.frequency.setValueAtTime(hz, t);
  voice.gain.gain.setTargetAtTime(hz ? VOLUME : 0, t, 0.002);
}

// --- painting ----------------------------------------------------------------
function setupCanvas(canvas, width, height) {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.scale(ratio, ratio);
  return ctx;
}

const matrixCtx = setupCanvas(matrix, MATRIX_PX, MATRIX_PX);
const oledCtx = setupCanvas(oled, OLED_W * OLED_SCALE, OLED_H * OLED_SCALE);

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

function paintMatrix(leds) {
  const ctx = matrixCtx;
  ctx.fillStyle = "#0b0b0b";
  ctx.fillRect(0, 0, MATRIX_PX, MATRIX_PX);
  // a1 is the top-left inner cell: files a..h over and under the inner
  // columns, ranks 1..8 beside the inner rows
  ctx.fillStyle = "#9a9da3";
  ctx.font = "600 12px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let i = 1; i <= 8; i++) {
    const at = EDGE + i * CELL + CELL / 2;
    ctx.fillText(FILES[i - 1], at, EDGE / 2);
    ctx.fillText(FILES[i - 1], at, MATRIX_PX - EDGE / 2);
    ctx.fillText(String(i), EDGE / 2, at);
    ctx.fillText(String(i), MATRIX_PX - EDGE / 2, at);
  }
  for (let cell = 0; cell < 100; cell++) {
    const [x, y] = ledCentre(cell);
    const r = leds[3 * cell], g = leds[3 * cell + 1], b = leds[3 * cell + 2];
    ctx.fillStyle = "#1c1c1c";        // the LED's housing, seen round an unlit one
    ctx.fillRect(x - CELL / 2 + 2, y - CELL / 2 + 2, CELL - 4, CELL - 4);
    ctx.fillStyle = `rgb(${r},${g},${b})`;
    ctx.beginPath();
    ctx.arc(x, y, CELL / 2 - 5, 0, 2 * Math.PI);
    ctx.fill();
  }
}

function ledCentre(cell) {
  return [EDGE + (cell % 10) * CELL + CELL / 2, EDGE + Math.floor(cell / 10) * CELL + CELL / 2];
}

// The cell under a point of the page (client coordinates), or -1.
function cellAt(clientX, clientY) {
  const r = matrix.getBoundingClientRect();
  const x = (clientX - r.left) * (MATRIX_PX / r.width) - EDGE;
  const y = (clientY - r.top) * (MATRIX_PX / r.height) - EDGE;
  if (x < 0 || y < 0 || x >= 10 * CELL || y >= 10 * CELL) return -1;
  return Math.floor(y / CELL) * 10 + Math.floor(x / CELL);
}

// Where a cell's LED is on the page (client coordinates): for the tests.
function cellCentre(cell) {
  const r = matrix.getBoundingClientRect();
  const [x, y] = ledCentre(cell);
  return { x: r.left + x * (r.width / MATRIX_PX), y: r.top + y * (r.height / MATRIX_PX) };
}

function glyphLit(code, x, y) {
  const px = (code - FONT.first) * FONT.width + x;
  return (font[y * FONT.rowBytes + (px >> 3)] >> (px & 7)) & 1;
}

function paintOled(lines) {
  const ctx = oledCtx, s = OLED_SCALE;
  ctx.fillStyle = "#000";
  ctx.fillRect(0, 0, OLED_W * s, OLED_H * s);
  ctx.fillStyle = `rgb(${OLED_ON.join(",")})`;
  for (let row = 0; row < 4; row++) {
    const text = lines[row] || "";
    for (let i = 0; i < Math.min(text.length, LINE_CHARS); i++) {
      let code = text.charCodeAt(i);
      if (code < FONT.first || code >= FONT.first + FONT.count) code = 63;   // "?", as font.tile()
      for (let y = 0; y < FONT.height; y++) {
        for (let x = 0; x < FONT.width; x++) {
          if (glyphLit(code, x, y)) ctx.fillRect((i * FONT.width + x) * s, (row * 8 + y) * s, s, s);
        }
      }
    }
  }
  spoken.textContent = lines.join("\n");
}

function paint() {
  lastState = JSON.parse(host.state());
  paintMatrix(hexBytes(lastState.leds));
  paintOled(lastState.lines);
  paintPanel(lastState);
  shown = lastState.version;
  if (api.firstFrameMs === null) {
    api.firstFrameMs = Math.round(performance.now());
    say("");
  }
}

// --- beside the handheld -------------------------------------------------------
const SCREEN_WORDS = {
  menu: "Menu: pick a mode and a board, then A to start",
  setup: "Setting up the board: click a cell to change its piece",
  colour: "Pick a colour: any arrow, then A",
  choice: "A small menu: up and down, A to choose",
  records: "The players' records",
};

function text(id, value) {
  const el = $(id);
  if (el.textContent !== value) el.textContent = value;
}

function paintPanel(state) {
  const p = state.panel;
  const json = JSON.stringify([p, state.record, state.sound]);
  if (json === shownPanel) return;
  shownPanel = json;
  const names = p.names || null;
  for (const [side, colour] of [["black", 0], ["white", 1]]) {
    const who = names ? names[colour === 0 ? p.black : 1 - p.black] : "";
    text(`who-${side}`, colour === 0 ? `Black${who ? " · " + who : ""}` : `White${who ? " · " + who : ""}`);
    // at game over, the scores as the series counts them (a resignation gives all to the other side)
    const points = p.over ? [p.over.black, p.over.white] : p.score;
    text(`score-${side}`, points ? String(points[colour]) : "–");
    text(`bonus-${side}`, p.score && p.score[2 + colour] ? `incl. +${p.score[2 + colour]} bonus` : "");
    $(`side-${side}`).classList.toggle("to-move", Boolean(p.status) && p.turn === colour
      && !p.status.endsWith("game over"));
  }
  let turn = p.status || SCREEN_WORDS[p.screen] || "";
  if (p.screen === "replay") {
    turn = `Replay: ${p.shown} of ${p.moves.length} moves (← → step, ↑ ↓ mistakes, A what if, B back)`;
  }
  if (p.screen === "what if") turn = `What if: ${p.status} (B back to the replay)`;
  if (p.screen === "game over") turn = "Game over";
  text("turn", turn);

  const s = p.series;
  let series = p.board ? `Board: ${p.board}` : "";
  if (s && names) {
    const game = p.screen === "game over" || p.screen === "replay" ? s.played : s.played + 1;
    if (s.games > 1) series += ` · game ${Math.min(game, s.games)} of ${s.games}`;
  }
  text("series", series);

  const banner = $("banner");
  banner.hidden = !p.over;
  if (p.over) {
    text("banner-head", p.over.head);
    text("banner-score", `Black ${p.over.black} – White ${p.over.white}`);
    let standing = "";
    if (s && names) {
      const diff = s.diff > 0 ? `+${s.diff}` : String(s.diff);
      standing = `Series: ${names[0]} ${s.wins[0]} – ${s.wins[1]} ${names[1]}`
        + (s.draws ? `, ${s.draws} drawn` : "") + ` (points ${names[0]} ${diff})`;
      if (s.over) {
        standing += s.winner === null ? ". The series is drawn."
          : `. ${names[s.winner]} win${names[s.winner] === "You" ? "" : "s"} the series.`;
      } else {
        standing += `. A: game ${s.played + 1} of ${s.games}.`;
      }
    }
    text("banner-series", standing);
  }

  const list = $("moves");
  const moves = p.moves || [];
  const shownMoves = p.shown === undefined ? moves.length : p.shown;
  // the colour of the first move, counted back from the turn of the position shown
  const first = (p.turn + shownMoves) % 2;
  const verdicts = p.verdicts || [];         // " -6, best e3", ": best", "" while not judged
  list.replaceChildren(...moves.map((m, i) => {
    const li = document.createElement("li");
    li.textContent = m + (verdicts[i] || "");
    li.className = ((first + i) % 2 ? "w" : "b") + (i >= shownMoves ? " ahead" : "")
      + ((verdicts[i] || "").startsWith(" -") ? " lost" : "")
      + (p.whatif !== undefined && i >= p.whatif ? " branch" : "");
    return li;
  }));
  list.classList.toggle("judged", verdicts.length > 0);
  list.hidden = !moves.length;
  $("no-moves").hidden = moves.length > 0;
  list.scrollTop = list.scrollHeight;

  $("legend").replaceChildren(...p.legend.map(([what, colour]) => {
    const li = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = colour;
    li.append(swatch, what);
    return li;
  }));
  $("download").disabled = !state.record;
  $("sound").checked = state.sound;
}

function note(message, bad) {
  const el = $("note");
  el.textContent = message;
  el.classList.toggle("bad", Boolean(bad));
}

// A file the player loaded, pasted or dropped: a game's record replays, a
// board file joins the menu's boards (kept in this browser).
function loadText(name, body) {
  if (host === null || stopped) return null;
  wakeAudio();
  if (host.setting_up() && !window.confirm(`Load ${name}? The board being set up is not kept.`)) {
    api.files++;
    note(`${name} not loaded: the board being set up stays.`);
    return null;
  }
  const got = JSON.parse(host.load(name, body));
  api.files++;
  if (got.error) {
    note(got.error, true);
  } else if (got.kind === "record") {
    note("Replaying the record on the handheld, reviewed: ← → step, ↑ ↓ the mistakes, A or B back to the menu.");
  } else {
    const mine = JSON.parse(stored(BOARDS_KEY) || "{}");
    mine[got.file] = body;
    const kept = keep(BOARDS_KEY, JSON.stringify(mine));
    note(`"${got.name}" is on the menu's board line, chosen: A starts it.`
      + (kept ? "" : " (This browser would not keep it for the next visit.)"));
  }
  if (!manual) paint();
  return got;
}

function download() {
  const body = host.record();
  if (!body) return;
  const name = (body.match(/^; name: (.*)$/m) || [null, "game"])[1];
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([body], { type: "text/plain" }));
  a.download = `mapello-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "game"}-${stamp}.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  note(`Saved ${a.download}: python3 -m desktop replay FILE replays it, and so does this page.`);
}

async function loadFile(file) {
  if (!file) return;
  if (file.size > 65536) {
    note(`${file.name}: too big for a board file or a game's record`, true);
    return;
  }
  loadText(file.name, await file.text());
}

// What the canvases show, read back: each LED's centre, and each OLED pixel lit or not.
function pixels() {
  const ratio = window.devicePixelRatio || 1;
  const leds = [];
  const m = matrixCtx.getImageData(0, 0, matrix.width, matrix.height).data;
  for (let cell = 0; cell < 100; cell++) {
    const [cx, cy] = ledCentre(cell);
    const x = Math.floor(cx * ratio), y = Math.floor(cy * ratio);
    const i = 4 * (y * matrix.width + x);
    leds.push([m[i], m[i + 1], m[i + 2]]);
  }
  const o = oledCtx.getImageData(0, 0, oled.width, oled.height).data;
  let lit = "";
  for (let y = 0; y < OLED_H; y++) {
    for (let x = 0; x < OLED_W; x++) {
      const i = 4 * (Math.floor((y * OLED_SCALE + 1) * ratio) * oled.width + Math.floor((x * OLED_SCALE + 1) * ratio));
      lit += o[i] + o[i + 1] + o[i + 2] > 300 ? "1" : "0";
    }
  }
  // the coordinates: whether each label's box holds ink (files over and
  // under the inner columns, then ranks left and right of the inner rows)
  const labels = [];
  for (const [x0, y0, dx, dy] of [[EDGE + CELL, 0, CELL, 0], [EDGE + CELL, MATRIX_PX - EDGE, CELL, 0],
    [0, EDGE + CELL, 0, CELL], [MATRIX_PX - EDGE, EDGE + CELL, 0, CELL]]) {
    for (let i = 0; i < 8; i++) {
      const box = matrixCtx.getImageData(Math.floor((x0 + i * dx) * ratio), Math.floor((y0 + i * dy) * ratio),
        Math.floor((dx || EDGE) * ratio), Math.floor((dy || EDGE) * ratio)).data;
      let ink = 0;
      for (let k = 0; k < box.length; k += 4) if (box[k] > 80) ink++;
      labels.push(ink);
    }
  }
  return { leds, oled: lit, labels };
}

// --- the loop ----------------------------------------------------------------
function stepOnce() {
  const start = performance.now();
  const version = host.step();
  const busy = host.busy();
  const took = performance.now() - start;
  if (busy && took > api.longestThinkingStepMs) api.longestThinkingStepMs = Math.round(took);
  if (busy && thinkingSince < 0) thinkingSince = performance.now();
  if (!busy && thinkingSince >= 0) {
    api.thinks.push(Math.round(performance.now() - thinkingSince));
    thinkingSince = -1;
  }
  return [version, busy];
}

function loop() {
  if (stopped) return;
  const start = performance.now();
  let busy = false;
  try {
    let version;
    [version, busy] = stepOnce();
    if (version !== shown || lastState === null) paint();
  } catch (e) {
    fail("The game stopped", e);
    return;
  }
  // A step that thought is followed at once by the next (the page paints
  // between tasks); an idle one waits out the rest of its period.
  setTimeout(loop, busy ? 0 : Math.max(0, STEP_MS - (performance.now() - start)));
}

function advance(ms) {
  if (!manual) throw new Error("advance() needs ?clock=manual");
  if (stopped) return lastState;
  try {
    for (let t = 0; t < ms; t += STEP_MS) {
      now += STEP_MS;
      stepOnce();
    }
    paint();
  } catch (e) {
    fail("The game stopped", e);
  }
  return lastState;
}

// --- input -------------------------------------------------------------------
function send(button, down) {
  if (host === null || stopped) return;
  const id = `b${button}`;
  if (down === held.has(id)) return;  // a press needs its release, and only one
  if (down) held.add(id); else held.delete(id);
  host.key(button, down);
}

// Keys typed into the paste box (or a focused checkbox) are the page's, not the handheld's.
const typing = (e) => e.target instanceof Element && e.target.closest("textarea, input") !== null;

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || !(e.code in KEYS) || typing(e)) return;
  e.preventDefault();
  if (!e.repeat) send(KEYS[e.code], true);   // holding repeats as on the device (its Repeater)
});
document.addEventListener("keyup", (e) => {
  if (!(e.code in KEYS)) return;
  if (!typing(e)) e.preventDefault();
  send(KEYS[e.code], false);                 // a release of a button not held does nothing
});
window.addEventListener("blur", () => {
  for (const id of [...held]) send(Number(id.slice(1)), false);
});

matrix.addEventListener("click", (e) => {
  if (host === null || stopped) return;
  const cell = cellAt(e.clientX, e.clientY);
  if (cell >= 0) host.point(cell);
});
document.addEventListener("pointerdown", wakeAudio, true);
document.addEventListener("keydown", wakeAudio, true);

$("new-game").addEventListener("click", () => {
  if (host === null || stopped) return;
  host.new_game();
  note("The menu: pick a mode and a board, then A. A game in progress stays saved: B there resumes it.");
  if (!manual) paint();
});
$("download").addEventListener("click", download);
$("open").addEventListener("click", () => $("file").click());
$("file").addEventListener("change", (e) => {
  loadFile(e.target.files[0]);
  e.target.value = "";
});
$("paste-go").addEventListener("click", () => {
  const body = $("paste").value;
  if (body.trim()) loadText("pasted.txt", body);
});
$("sound").addEventListener("change", (e) => {
  if (host === null) return;
  host.sound(e.target.checked);
  keep(SOUND_KEY, e.target.checked ? "1" : "0");
  wakeAudio();
  if (!manual) paint();
});
let dragging = 0;
document.addEventListener("dragenter", (e) => {
  e.preventDefault();
  dragging++;
  document.body.classList.add("dragging");
});
document.addEventListener("dragleave", () => {
  if (--dragging <= 0) {
    dragging = 0;
    document.body.classList.remove("dragging");
  }
});
document.addEventListener("dragover", (e) => e.preventDefault());
document.addEventListener("drop", (e) => {
  e.preventDefault();
  dragging = 0;
  document.body.classList.remove("dragging");
  loadFile(e.dataTransfer.files[0]);
});

for (const el of document.querySelectorAll("[data-button]")) {
  const button = BUTTONS[el.dataset.button];
  const up = (e) => { e.preventDefault(); el.classList.remove("down"); send(button, false); };
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    el.classList.add("down");
    send(button, true);
  });
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener("lostpointercapture", up);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

// --- start -------------------------------------------------------------------
function writeFile(mp, path, data) {
  const parts = path.split("/");
  let dir = "/game";
  for (const part of parts.slice(0, -1)) {
    dir += "/" + part;
    try { mp.FS.mkdir(dir); } catch (e) { /* made already */ }
  }
  mp.FS.writeFile(`/game/${path}`, data);
}

async function fetchBytes(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function main() {
  say("Loading MicroPython and the game...");
  const [mp, bundle, sheet] = await Promise.all([
    loadMicroPython({
      heapsize: HEAP_BYTES,
      stdout: (line) => console.log(line),      // the device's serial console
      stderr: (line) => console.error(line),
    }),
    fetchBytes("game.json").then((data) => JSON.parse(new TextDecoder().decode(data))),
    fetchBytes("fonts/mapello-5x8.bin"),
  ]);
  api.timing.loaded = Math.round(performance.now());
  font = sheet;
  mp.FS.mkdir("/game");
  for (const [path, body] of Object.entries(bundle.files)) writeFile(mp, path, body);
  let mine = {};
  try { mine = JSON.parse(stored(BOARDS_KEY) || "{}"); } catch (e) { /* not ours: none */ }
  for (const [file, body] of Object.entries(mine)) {
    if (/^[a-z0-9_-]+\.txt$/.test(file) && !(`boards/${file}` in bundle.files)) writeFile(mp, `boards/${file}`, body);
  }
  mp.runPython("import os, sys\nos.chdir('/game')\nsys.path.insert(0, '/game')");
  host = mp.pyimport("host");
  api.timing.imported = Math.round(performance.now());
  const sound = stored(SOUND_KEY);
  host.start(page, seed, sound === null ? -1 : Number(sound === "1"));
  paint();
  api.ready = true;
  if (!manual) loop();
}

main().catch((e) => fail("The page could not start the game", e));
