import type { LLMHelper } from '../../src/helper';
import type { LLMHelperError } from '../../src/errors';

declare global {
  interface Window {
    LLMHelper: LLMHelper & { LLMHelperError: typeof LLMHelperError };
    clicked: string[];
    items: string[];
    render(): void;
    reset(): void;
    order(list: string): string[];
  }
}
