/**
 * What an svg icon drawn only with straight strokes shows, for icon buttons with no name, title or telling
 * class (Naive UI's input-number buttons, Feather's and Lucide's icons): a plus, a minus or a ×. Read from
 * the markup (lines, and paths of straight segments), so it needs no layout.
 */
import * as dom from '../dom/members';

/** [x1, y1, x2, y2] */
type Segment = number[];

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/** Adds a path's straight segments to `out`; false when it curves, arcs or closes a shape. */
function pathSegments(d: string, out: Segment[]): boolean {
  if (/[^MLHVmlhv\d\s.,eE+-]/.test(d)) return false;
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([MLHVmlhv])([^MLHVmlhv]*)/g)) {
    const n = (args!.match(NUMBER) ?? []).map(Number);
    const rel = cmd! > 'Z';
    const c = cmd!.toUpperCase();
    for (let i = 0; i < n.length && out.length <= 4;) {
      const [px, py] = [x, y];
      if (c === 'H') x = n[i++]! + (rel ? x : 0);
      else if (c === 'V') y = n[i++]! + (rel ? y : 0);
      else if (i + 1 < n.length) {
        x = n[i++]! + (rel ? x : 0);
        y = n[i++]! + (rel ? y : 0);
      } else break;
      // A moveto's first pair moves; the pairs after it draw lines.
      if (c !== 'M' || i > 2) out.push([px, py, x, y]);
    }
  }
  return out.length <= 4;
}

/** 'plus', 'minus' or 'close' for an icon that draws one of them with straight strokes, else ''. */
export function iconShape(svg: Element): string {
  const segs: Segment[] = [];
  for (const s of dom.qsa(svg, '*')) {
    const tag = dom.tag(s).toLowerCase();
    const a = (name: string) => dom.attr(s, name) ?? '';
    if (tag === 'line') segs.push(['x1', 'y1', 'x2', 'y2'].map((n) => Number(a(n))));
    // Not drawn: the transparent square some sets put first (Tabler's).
    else if (tag === 'path' && a('stroke') === 'none' && a('fill') === 'none') continue;
    else if (tag === 'path' ? !pathSegments(a('d'), segs) : !/^(g|title|desc)$/.test(tag)) return '';
  }
  if (!segs.length || segs.length > 4) return '';
  const xs = segs.flatMap((s) => [s[0]!, s[2]!]);
  const ys = segs.flatMap((s) => [s[1]!, s[3]!]);
  const [l, r, t, b] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const tol = Math.max(r - l, b - t) * 0.15;
  if (!(tol > 0)) return '';
  const near = (p: number, q: number) => Math.abs(p - q) <= tol;
  const at = (x: number, y: number) =>
    segs.some((s) => (near(s[0]!, x) && near(s[1]!, y)) || (near(s[2]!, x) && near(s[3]!, y)));
  const flat = (s: Segment) => near(s[1]!, s[3]!);
  const upright = (s: Segment) => near(s[0]!, s[2]!);
  if (segs.length === 1) return flat(segs[0]!) ? 'minus' : '';
  if (!near(r - l, b - t)) return '';
  const [mx, my] = [(l + r) / 2, (t + b) / 2];
  // A plus reaches the middle of each side; a × reaches each corner.
  if (segs.every((s) => flat(s) || upright(s)))
    return at(mx, t) && at(mx, b) && at(l, my) && at(r, my) ? 'plus' : '';
  return segs.every((s) => !flat(s) && !upright(s)) && at(l, t) && at(r, t) && at(l, b) && at(r, b)
    ? 'close'
    : '';
}
