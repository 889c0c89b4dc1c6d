import type { Installed } from '../../src/global';

declare global {
  interface Window {
    LLMHelper: Installed;
    clicked: string[];
    items: string[];
    render(): void;
    reset(): void;
    order(list: string): string[];
  }
}
