/** A nameless control's handle from its icon: an svg title, an image's file name, class tokens, a pager's place. */
import { normalize } from '../dom/text';
import * as dom from '../dom/members';
import { iconShape } from './icon-shape';
import { PAGERS } from '../dom/types';
import { tagOf } from './role';

const GENERIC_TOKENS = new Set([
  'unselectable',
  'layui',
  'layer',
  'anticon',
  'ivu',
  'ios',
  'arco',
  'type',
  'medium',
  'slot',
  'base',
  'mantine',
  'chakra',
  'focus',
  'auto',
  'root',
  'btn',
  'button',
  'icon',
  'icons',
  'fa',
  'fas',
  'far',
  'fab',
  'fal',
  'bi',
  'glyphicon',
  'material',
  'symbols',
  'outlined',
  'rounded',
  'sharp',
  'svg',
  'img',
  'image',
  'small',
  'large',
  'lg',
  'sm',
  'xs',
  'md',
  'xl',
  'primary',
  'secondary',
  'default',
  'link',
  'action',
  'actions',
  'item',
  'ui',
  'mdi',
  'ico',
  'active',
  'disabled',
  'hidden',
  'show',
  'open',
  'clickable',
  'control',
  'wrapper',
  'inner',
  'outer',
]);

/** A nameless control's handle from its icon: an svg <title>, an image file name, or class tokens. */
export function iconName(el: Element): string {
  const svgTitle = dom.qs(el, 'svg title');
  const title = svgTitle && dom.text(svgTitle);
  if (title) return normalize(title);
  const img = tagOf(el) === 'IMG' ? el : dom.qs<HTMLImageElement>(el, 'img');
  if (img) {
    const alt = normalize(dom.attr(img, 'alt') ?? '') || normalize(dom.attr(img, 'title') ?? '');
    if (alt) return alt;
    const file = (dom.attr(img, 'src') ?? '').split(/[?#]/)[0]!.split('/').pop() ?? '';
    const stem = file
      .replace(/\.[a-z0-9]+$/i, '')
      .replace(/[-_.]+/g, ' ')
      .replace(/\bicon\b/gi, '')
      .trim();
    if (/[a-z]{3}/i.test(stem)) return normalize(stem);
  }
  // Icon components name their icon: Ant Design's <span role="img" aria-label="filter">, MUI's
  // <svg data-testid="DeleteIcon">.
  const labelled = dom.qs(el, '[role=img][aria-label],svg[aria-label]');
  const aria = labelled && normalize(dom.attr(labelled, 'aria-label') ?? '');
  if (aria) return aria;
  const testId = /^([A-Z]\w*?)(Outlined|Rounded|Sharp|TwoTone)?Icon$/.exec(
    dom.attr(dom.qs(el, 'svg[data-testid]') ?? el, 'data-testid') ?? '',
  );
  if (testId) return testId[1]!.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
  const paging = pagerRole(el);
  if (paging) return paging;
  // What its strokes draw, as a person reads it: a plus, a minus, a ×.
  const svg = tagOf(el) === 'SVG' ? el : dom.qs(el, 'svg');
  const shape = svg && iconShape(svg);
  if (shape) return shape;
  const classes = [el, ...[...dom.qsa(el, '[class]')].slice(0, 6)];
  for (const c of classes) {
    const cls = typeof c.className === 'string' ? c.className : (dom.attr(c, 'class') ?? '');
    for (const token of cls.split(/\s+/)) {
      const words = token
        .replace(/(?<=[a-z])(?=[A-Z])/g, '-')
        .split(/[-_]+/)
        .filter((w) => /^[a-z]{3,}$/i.test(w) && !GENERIC_TOKENS.has(w.toLowerCase()));
      if (words.length) return words.join(' ').toLowerCase();
    }
  }
  return '';
}

/**
 * A nameless arrow in a pager, by where it stands among the page numbers: the one just before them is
 * the previous page, the one just after the next page, the outer ones the first and last (Mantine's).
 */
export function pagerRole(el: Element): string {
  const up = dom.parentEl(el);
  const pager = up && dom.closest(up, PAGERS); // the arrow's own class may say pagination too
  if (!pager) return '';
  const controls = [...dom.qsa(pager, 'a,button,[role=button]')];
  const numbered = controls.filter((c) => /^\d+$/.test(normalize(dom.text(c) ?? '')));
  const i = controls.indexOf(el);
  const first = controls.indexOf(numbered[0]!);
  const last = controls.indexOf(numbered[numbered.length - 1]!);
  if (first < 0 || i < 0) return '';
  if (i < first) return i === first - 1 ? 'previous page' : 'first page';
  return i > last ? (i === last + 1 ? 'next page' : 'last page') : '';
}
