/**
 * Argument fields shared by several tools: one definition each, so every tool describes them alike.
 * Descriptions are short: what IDs and patterns are is said once, in TOOL_RULES (index.ts).
 */
import * as z from 'zod/mini';

export const elementId = z.int().check(z.minimum(1));
export const pattern = z.string();
export const elementType = z
  .string()
  .check(z.minLength(1))
  .check(z.describe('button, link, input, select, checkbox, row…, a role or CSS selector'));
export const limit = z.int().check(z.minimum(1)).check(z.maximum(50));
export const visibility = z.enum(['visible', 'viewport', 'all']);
export const within = elementId;
