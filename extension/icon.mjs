/* global Buffer */
// The extension's icon, drawn at build time at each size the browser asks for (16, 32, 48, 128): a
// violet rounded square with a white pointer arrow. Written as PNG with node:zlib; no image in git.
import { deflateSync } from 'node:zlib';

/** The icon's colour: the headed toolbar test finds the button on the screen by it. */
export const ICON_RGB = [0x5b, 0x3d, 0xf5];
export const ICON_SIZES = [16, 32, 48, 128];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

/** Whether a point (in units of the icon's side, 0..1) is inside the pointer arrow. */
function inArrow(x, y) {
  // The arrow: a tip at top left, its sides to the bottom and the right, and a tail down and to the right.
  const poly = [
    [0.3, 0.2],
    [0.3, 0.76],
    [0.44, 0.63],
    [0.54, 0.84],
    [0.63, 0.8],
    [0.53, 0.59],
    [0.72, 0.59],
  ];
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a point is inside the rounded square. */
function inSquare(x, y) {
  const r = 0.22;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The icon at `size` pixels square, as PNG bytes (4×4 samples a pixel, for smooth edges). */
export function iconPNG(size) {
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let square = 0;
      let arrow = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const x = (px + (sx + 0.5) / 4) / size;
          const y = (py + (sy + 0.5) / 4) / size;
          if (inSquare(x, y)) {
            square++;
            if (inArrow(x, y)) arrow++;
          }
        }
      const a = square / 16;
      const w = square ? arrow / square : 0;
      const o = 1 + px * 4;
      for (let c = 0; c < 3; c++) row[o + c] = Math.round(ICON_RGB[c] * (1 - w) + 255 * w);
      row[o + 3] = Math.round(a * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
