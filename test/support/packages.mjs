// The test-only packages that the bench and scripts outside test/ use, resolved from here: they are
// installed in test/node_modules (npm run deps), which a module under bench/ does not look in.
export { encode } from 'gpt-tokenizer/encoding/o200k_base';

/** Vite's build, loaded when asked for (import-cost only). */
export const viteBuild = async (config) => (await import('vite')).build(config);

/** Where a test-only package is installed (its folder), for the bench that loads its files. */
export const packageDir = (name) => new URL(`../node_modules/${name}/`, import.meta.url).pathname;

/** Source maps read (the bench's bundle rooms). */
export { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
