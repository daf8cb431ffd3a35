import { encode } from 'fast-png';
import type { Plugin } from 'vite';

/**
 * The installed app's icons (D387), drawn here rather than kept as binary files: the favicon's
 * design (web/public/favicon.svg, a magnifier on a blue rounded square) rendered at the sizes the
 * web app manifest names. A maskable icon keeps its drawing inside the safe circle (80 %), on a
 * full-bleed background, so a launcher's mask never cuts it.
 */
const BLUE = [0x25, 0x63, 0xeb] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

export const APP_ICONS = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/maskable-512.png', size: 512, maskable: true },
] as const;

/** Distance from (px, py) to the segment (ax, ay)–(bx, by). */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Coverage of one pixel (0–1) by the shape `inside`, sampled 4×4 so the edges are smooth. */
function coverage(x: number, y: number, inside: (u: number, v: number) => boolean): number {
  let hits = 0;
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (inside(x + (i + 0.5) / 4, y + (j + 0.5) / 4)) hits++;
  return hits / 16;
}

/** One icon as PNG bytes, in the favicon's 32-unit coordinates scaled to `size`. */
export function appIconPng(size: number, maskable: boolean): Uint8Array {
  // A maskable icon draws the 32-unit design in the middle 80 % and fills the rest with the background.
  const scale = (maskable ? size * 0.8 : size) / 32;
  const offset = maskable ? size * 0.1 : 0;
  const unit = (p: number) => (p - offset) / scale;
  const background = (u: number, v: number) => {
    if (maskable) return true;
    const r = 8;
    const cx = Math.max(r, Math.min(32 - r, u));
    const cy = Math.max(r, Math.min(32 - r, v));
    return u >= 0 && v >= 0 && u <= 32 && v <= 32 && Math.hypot(u - cx, v - cy) <= r;
  };
  const glyph = (u: number, v: number) =>
    Math.abs(Math.hypot(u - 15, v - 15) - 7.5) <= 1.5 || segmentDistance(u, v, 18.5, 18.5, 24, 24) <= 1.5;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const bg = maskable ? 1 : coverage(x, y, (px, py) => background(unit(px), unit(py)));
      const fg = coverage(x, y, (px, py) => glyph(unit(px), unit(py)));
      const at = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) data[at + c] = Math.round(BLUE[c]! * (1 - fg) + WHITE[c]! * fg);
      data[at + 3] = Math.round(255 * Math.max(bg, fg));
    }
  }
  return encode({ width: size, height: size, data, channels: 4, depth: 8 });
}

/** Vite plugin: writes the icons into the build, beside the manifest that names them. */
export function appIcons(): Plugin {
  return {
    name: 'quizbank-app-icons',
    apply: 'build',
    generateBundle() {
      for (const icon of APP_ICONS) {
        this.emitFile({ type: 'asset', fileName: icon.file, source: appIconPng(icon.size, icon.maskable) });
      }
    },
  };
}
