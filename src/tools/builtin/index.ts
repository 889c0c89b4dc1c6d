/** The built-in tools and the presets that choose among them. */
import type { AnyTool, Preset } from '../define';
import * as act from './act';
import * as read from './read';

export const BUILTIN_TOOLS: readonly AnyTool[] = [
  read.find,
  read.describe,
  read.extract,
  read.waitFor,
  read.pageConsole,
  act.click,
  act.hover,
  act.menu,
  act.type,
  act.select,
  act.check,
  act.press,
  act.scroll,
  act.upload,
  act.drag,
  act.navigate,
  act.runJS,
  read.done,
];

/** read: look, never change; standard: plus actions, no runJS, no other sites; full: everything. */
export function presetTools(preset: Preset): AnyTool[] {
  if (preset === 'read') return BUILTIN_TOOLS.filter((t) => t.risk === 'read');
  if (preset === 'standard') return BUILTIN_TOOLS.filter((t) => t.name !== 'runJS');
  return [...BUILTIN_TOOLS];
}
