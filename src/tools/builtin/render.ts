/** Concise text for a model from the page tools' structured results. */
import type { Match, Matches } from '../../page/find/types';
import { stringify } from '../../json';
import { truncate } from '../../page/dom/text';
import type { ToolOutput } from '../define';

export function matchLine(m: Match): string {
  const extra: string[] = [];
  if (m.type && m.type !== 'text') extra.push(m.type);
  if (m.value !== undefined) extra.push(`value "${m.value}"`);
  if (m.checked) extra.push('checked');
  if (m.selected) extra.push('selected');
  if (m.disabled) extra.push('disabled');
  if (m.expanded !== undefined) extra.push(m.expanded ? 'expanded' : 'collapsed');
  if (m.opens) extra.push(m.opens);
  if (m.onHover) extra.push('shown on hover');
  else if (m.hidden) extra.push(`hidden: ${m.hidden}`);
  else if (m.offscreen) extra.push('off-screen');
  let line = `[${m.id}] ${m.role ?? m.tag} "${m.text}"`;
  if (m.href) line += ` → ${m.href}`;
  if (extra.length) line += ` (${extra.join(', ')})`;
  if (m.row) line += ` in row "${m.row}"`;
  else if (m.in) line += ` in ${m.in}`;
  if (m.relation) line += ` — ${m.relation}`;
  return line;
}

export function matchesOutput(matches: Matches, what: string): ToolOutput {
  const lines = matches.map(matchLine);
  if (!lines.length)
    lines.push(
      `Nothing visible matches ${what}. Try a shorter or different pattern, type 'any', or visible: 'all'.`,
    );
  if (matches.note) lines.push(`Note: ${matches.note}`);
  if (matches.unreachable?.length) lines.push(`Not searched: ${matches.unreachable.join('; ')}`);
  return { ok: true, text: lines.join('\n'), data: { matches: [...matches], note: matches.note } };
}

export const jsonText = (value: unknown): string =>
  truncate(typeof value === 'string' ? value : (stringify(value) ?? String(value)), 2000);
