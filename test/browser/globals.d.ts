import type { LLMHelper } from '../../src/helper';

declare global {
  interface Window {
    LLMHelper: LLMHelper;
    clicked: string[];
    items: string[];
    render(): void;
  }
}
