/** Replaced with package.json's version by the build. */
export const VERSION: string = '__VERSION__';
