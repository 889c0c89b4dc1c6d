/** The model side: neutral types, providers by name, text mode and errors. */
export { createProvider, providers, type ProviderOptions, type WireName } from './provider';
export { ProviderError, type ProviderErrorKind } from './errors';
export { parseReply, toolPrompt, withTextMode, type ParsedReply } from './text-mode';
export type { Preset, AdapterName, ProviderName } from './presets';
export type * from './types';
