/** Argument fields shared by several tools: one definition each, so every tool describes them alike. */
import { z } from 'zod';
import { TYPE_SELECTORS } from '../../page/types';

export const elementId = z
  .number()
  .int()
  .min(1)
  .describe('Element ID from find, findNear, snapshot or describe.');
export const pattern = z
  .string()
  .describe(
    'Text or regular expression (case-insensitive) matched against what a person sees: text, labels, placeholders, titles, alt text.',
  );
export const elementType = z
  .enum(Object.keys(TYPE_SELECTORS) as [keyof typeof TYPE_SELECTORS, ...(keyof typeof TYPE_SELECTORS)[]])
  .describe('Only elements of this kind.');
export const limit = z.number().int().min(1).max(50).describe('Most matches to return (default 10).');
export const visibility = z
  .enum(['visible', 'viewport', 'all'])
  .describe(
    "'visible' (default): shown elements; 'viewport': only those on screen now; 'all': hidden ones too.",
  );
export const within = elementId.describe('Search only inside this element (an ID).');
