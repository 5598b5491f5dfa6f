// The page's glue: loads MicroPython's WebAssembly port, puts the device's
// code in its file system, runs host.py's loop step and paints what the
// App shows: the 10x10 matrix as LEDs, the 128x32 OLED with the device's
// own 5x8 font.  Keys and on-screen buttons are the six buttons.
//
// ?clock=manual: time moves only when window.mapello.advance(ms) says (the
// tests); ?seed=N: the seed of random boards and the computer.
import { loadMicroPython } from "./micropython.mjs";

const STEP_MS = 10;                  // the device loop's period (mapello/hardware/console.py)
const HEAP_BYTES = 2 * 1024 * 1024;
const SAVE_KEY = "mapello-handheld-nvm";
const BUTTONS = { UP: 0, DOWN: 1, LEFT: 2, RIGHT: 3, A: 4, B: 5 };
const KEYS = {
  ArrowUp: 0, ArrowDown: 1, ArrowLeft: 2, ArrowRight: 3,
  KeyZ: 4, KeyA: 4, Enter: 4, Space: 4,
  KeyX: 5, KeyB: 5, Backspace: 5,
};
const CELL = 40;                     // matrix canvas pixels per cell
const OLED_W = 128, OLED_H = 32, OLED_SCALE = 3;
const OLED_ON = [210, 232, 255];     // a white SSD1306's lit pixel, on screen
const FONT = { first: 32, count: 95, width: 5, height: 8, rowBytes: 60 };
const LINE_CHARS = 21;

const params = new URLSearchParams(location.search);
const manual = params.get("clock") === "manual";
const seed = params.has("seed") ? (Number(params.get("seed")) >>> 0) % 2147483647
  : crypto.getRandomValues(new Uint32Array(1))[0] % 2147483647;

const status = document.getElementById("status");
const matrix = document.getElementById("matrix");
const oled = document.getElementById("oled");
const spoken = document.getElementById("lines");

let host = null;
let font = null;
let now = 0;                          // the manual clock
let shown = -1;                       // the App version painted last
let lastState = null;
let stopped = false;
let thinkingSince = -1;
const held = new Set();

const api = {
  ready: false, manual, seed, firstFrameMs: null, error: null,
  timing: {},                        // when the port and the files were in, and host.py imported (ms)
  thinks: [],                        // how long each spell of thinking took (ms, real clock)
  longestThinkingStepMs: 0,          // the longest the page was held by one step while thinking
  state: () => lastState,
  advance,
  pixels,
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
};

// --- painting ----------------------------------------------------------------
function setupCanvas(canvas, width, height) {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.scale(ratio, ratio);
  return ctx;
}

const matrixCtx = setupCanvas(matrix, 10 * CELL, 10 * CELL);
const oledCtx = setupCanvas(oled, OLED_W * OLED_SCALE, OLED_H * OLED_SCALE);

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

function paintMatrix(leds) {
  const ctx = matrixCtx;
  ctx.fillStyle = "#0b0b0b";
  ctx.fillRect(0, 0, 10 * CELL, 10 * CELL);
  for (let cell = 0; cell < 100; cell++) {
    const x = (cell % 10) * CELL + CELL / 2, y = Math.floor(cell / 10) * CELL + CELL / 2;
    const r = leds[3 * cell], g = leds[3 * cell + 1], b = leds[3 * cell + 2];
    ctx.fillStyle = "#1c1c1c";        // the LED's housing, seen round an unlit one
    ctx.fillRect(x - CELL / 2 + 2, y - CELL / 2 + 2, CELL - 4, CELL - 4);
    ctx.fillStyle = `rgb(${r},${g},${b})`;
    ctx.beginPath();
    ctx.arc(x, y, CELL / 2 - 5, 0, 2 * Math.PI);
    ctx.fill();
  }
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
  shown = lastState.version;
  if (api.firstFrameMs === null) {
    api.firstFrameMs = Math.round(performance.now());
    say("");
  }
}

// What the canvases show, read back: each LED's centre, and each OLED pixel lit or not.
function pixels() {
  const ratio = window.devicePixelRatio || 1;
  const leds = [];
  const m = matrixCtx.getImageData(0, 0, matrix.width, matrix.height).data;
  for (let cell = 0; cell < 100; cell++) {
    const x = Math.floor(((cell % 10) * CELL + CELL / 2) * ratio);
    const y = Math.floor((Math.floor(cell / 10) * CELL + CELL / 2) * ratio);
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
  return { leds, oled: lit };
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

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || !(e.code in KEYS)) return;
  e.preventDefault();
  if (!e.repeat) send(KEYS[e.code], true);   // holding repeats as on the device (its Repeater)
});
document.addEventListener("keyup", (e) => {
  if (!(e.code in KEYS)) return;
  e.preventDefault();
  send(KEYS[e.code], false);
});
window.addEventListener("blur", () => {
  for (const id of [...held]) send(Number(id.slice(1)), false);
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
  for (const [path, text] of Object.entries(bundle.files)) writeFile(mp, path, text);
  mp.runPython("import os, sys\nos.chdir('/game')\nsys.path.insert(0, '/game')");
  host = mp.pyimport("host");
  api.timing.imported = Math.round(performance.now());
  host.start(page, seed);
  paint();
  api.ready = true;
  if (!manual) loop();
}

main().catch((e) => fail("The page could not start the game", e));
