/**
 * Which build this is: 'extension' for the extension's side panel, 'page' for the script-tag and
 * bundler builds (rollup.config.mjs writes it in). The page builds leave out what only the side panel
 * uses (a docked panel, its own words and storage), so the bytes never reach other people's pages;
 * unbuilt (vitest), it is the page's.
 */
const TARGET: string = '__TARGET__';
export const EXTENSION = TARGET === 'extension';
