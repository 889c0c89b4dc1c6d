/** A string as a regular expression that matches exactly it (find's literal patterns, an API key in a message). */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
