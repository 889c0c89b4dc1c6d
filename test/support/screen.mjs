/* global Buffer */
// The X display as pixels, for tests of browser UI that has no DOM to read (the toolbar): one xwd
// capture of the root window (Debian's x11-apps), read here. XWD: a header of big-endian 32-bit fields,
// the window's name, its colours, then the pixels (24-bit visuals keep 32 bits a pixel).
import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';

/**
 * The screen of `display`: its size and a pixel reader.
 * @param {string} display
 * @returns {{ width: number, height: number, rgb(x: number, y: number): [number, number, number], png(): Buffer }}
 */
export function captureScreen(display) {
  const buf = execFileSync('xwd', ['-root', '-silent', '-display', display], { maxBuffer: 64 * 1024 * 1024 });
  const field = (i) => buf.readUInt32BE(i * 4);
  const headerSize = field(0);
  const [width, height] = [field(4), field(5)];
  const byteOrder = field(7); // 0: LSB first
  const bitsPerPixel = field(11);
  const bytesPerLine = field(12);
  const [redMask, greenMask, blueMask] = [field(14), field(15), field(16)];
  const colors = field(19);
  if (bitsPerPixel !== 32) throw new Error(`xwd: ${bitsPerPixel} bits a pixel; this reader takes 32`);
  const start = headerSize + colors * 12;
  const shift = (mask) => 31 - Math.clz32(mask & -mask);
  const rgb = (x, y) => {
    const at = start + y * bytesPerLine + x * 4;
    const v = byteOrder === 0 ? buf.readUInt32LE(at) : buf.readUInt32BE(at);
    return [
      (v & redMask) >>> shift(redMask),
      (v & greenMask) >>> shift(greenMask),
      (v & blueMask) >>> shift(blueMask),
    ];
  };
  const png = () => {
    const rows = [];
    for (let y = 0; y < height; y++) {
      const row = Buffer.alloc(1 + width * 3);
      for (let x = 0; x < width; x++) row.set(rgb(x, y), 1 + x * 3);
      rows.push(row);
    }
    const chunk = (type, data) => {
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      out.write(type, 4, 'ascii');
      data.copy(out, 8);
      let c = 0xffffffff;
      for (const b of out.subarray(4, 8 + data.length)) {
        c ^= b;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      }
      out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
      return out;
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8;
    header[9] = 2;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.concat(rows))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };
  return { width, height, rgb, png };
}

/**
 * The centre of the pixels within `tolerance` of `color` inside `area` of the screen (a toolbar
 * button's icon, the side panel's Send button), or null when fewer than 20 match.
 * @param {{ rgb(x: number, y: number): number[], width: number, height: number }} screen
 * @param {number[]} color
 * @param {{ left?: number, top?: number, right?: number, bottom?: number }} [area]
 */
export function findColor(screen, color, area = {}, tolerance = 24) {
  const { left = 0, top = 0, right = screen.width, bottom = screen.height } = area;
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = top; y < Math.min(bottom, screen.height); y++)
    for (let x = left; x < Math.min(right, screen.width); x++) {
      const p = screen.rgb(x, y);
      if (Math.abs(p[0] - color[0]) + Math.abs(p[1] - color[1]) + Math.abs(p[2] - color[2]) <= tolerance) {
        sx += x;
        sy += y;
        n++;
      }
    }
  return n >= 20 ? { x: Math.round(sx / n), y: Math.round(sy / n), pixels: n } : null;
}
