/** Argument fields shared by several tools: one definition each, so every tool describes them alike. */
import * as z from 'zod/mini';
import { TYPE_SELECTORS } from '../../page/types';

export const elementId = z
  .int()
  .check(z.minimum(1))
  .check(z.describe('Element ID from find, findNear, snapshot or describe.'));
export const pattern = z
  .string()
  .check(
    z.describe(
      'Text or regular expression (case-insensitive) matched against what a person sees: text, labels, placeholders, titles, alt text.',
    ),
  );
export const elementType = z
  .string()
  .check(z.minLength(1))
  .check(
    z.describe(
      `Only elements of this kind (${Object.keys(TYPE_SELECTORS).join(', ')}), an ARIA role, or a CSS selector (exactly the elements it matches).`,
    ),
  );
export const limit = z
  .int()
  .check(z.minimum(1))
  .check(z.maximum(50))
  .check(z.describe('Most matches to return (default 10).'));
export const visibility = z
  .enum(['visible', 'viewport', 'all'])
  .check(
    z.describe(
      "'visible' (default): shown elements; 'viewport': only those on screen now; 'all': hidden ones too.",
    ),
  );
export const within = elementId.check(z.describe('Search only inside this element (an ID).'));
