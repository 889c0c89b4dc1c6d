/**
 * Every failure a caller can hit is an LLMHelperError whose message is a sentence a model or a person
 * can act on: what was asked, what was found instead, what to try next.
 */
export type ErrorCode = 'unknown_id' | 'stale_id' | 'bad_argument' | 'not_found' | 'unsupported' | 'provider';

export class LLMHelperError extends Error {
  declare readonly name: 'LLMHelperError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

// On the prototype, and defined rather than assigned: a page that froze Error.prototype (SES lockdown,
// hardened JavaScript) makes `this.name = …` throw, since the inherited `name` is then read-only.
Object.defineProperty(LLMHelperError.prototype, 'name', {
  value: 'LLMHelperError',
  writable: true,
  configurable: true,
});

export const fail = (code: ErrorCode, message: string): never => {
  throw new LLMHelperError(code, message);
};
