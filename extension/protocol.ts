/**
 * The messages between the side panel and the content script: the side panel calls one of the page
 * helper's methods by name, and the content script answers with the value or the error's message, and
 * which page answered (a new page load gets a new content script with its own element IDs).
 */
export const PAGE_METHODS = [
  'summary',
  'console',
  'tools',
  'execute',
  'extract',
  'describe',
  'url',
  'marks',
  'unmark',
] as const;

export type PageMethod = (typeof PAGE_METHODS)[number];

export interface PageCall {
  llmHelper: 'call';
  method: PageMethod;
  args: unknown[];
}

export type PageReply =
  { ok: true; value: unknown; page: string } | { ok: false; error: string; page: string };

export const isPageCall = (m: unknown): m is PageCall =>
  !!m &&
  typeof m === 'object' &&
  (m as PageCall).llmHelper === 'call' &&
  (PAGE_METHODS as readonly string[]).includes((m as PageCall).method) &&
  Array.isArray((m as PageCall).args);

/**
 * The content script asks the side panel for real input (chrome.debugger), when the person turned it
 * on: a press at a point of the viewport, or a key. The answer is whether it was sent.
 */
export type InputRequest =
  | {
      llmHelper: 'input';
      kind: 'click';
      at: { x: number; y: number };
      button: 'left' | 'middle' | 'right';
      clickCount: number;
      modifiers: string[];
    }
  | {
      llmHelper: 'input';
      kind: 'key';
      key: { key: string; code: string; keyCode: number; text: string };
      modifiers: string[];
    };
