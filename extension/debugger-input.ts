/**
 * Real input through chrome.debugger, for pages that ignore synthetic events: Input.dispatchMouseEvent
 * and Input.dispatchKeyEvent at what the content script asks for. Off by default; while attached, the
 * browser shows its banner that the extension is debugging the tab (closing it detaches).
 */
import type { InputRequest } from './protocol';

const MODIFIER_BITS: Record<string, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };
const BUTTON_BITS = { left: 1, right: 2, middle: 4 } as const;

export const isInputRequest = (m: unknown): m is InputRequest =>
  !!m && typeof m === 'object' && (m as InputRequest).llmHelper === 'input';

export class DebuggerInput {
  private attached: number | null = null;
  /** Called when the person (or the browser) ends the debugging session. */
  onDetach: () => void = () => undefined;

  private listening = false;

  async detach(): Promise<void> {
    const tabId = this.attached;
    this.attached = null;
    if (tabId !== null) await chrome.debugger.detach({ tabId }).catch(() => undefined);
  }

  /** Sends one request's events into the tab (attaching first); throws when the browser refuses. */
  async send(tabId: number, m: InputRequest): Promise<void> {
    if (this.attached !== tabId) {
      await this.detach();
      // chrome.debugger exists only once the person granted it (optional permission).
      if (!this.listening) {
        this.listening = true;
        chrome.debugger.onDetach.addListener((source) => {
          if (source.tabId !== this.attached) return;
          this.attached = null;
          this.onDetach();
        });
      }
      await chrome.debugger.attach({ tabId }, '1.3');
      this.attached = tabId;
    }
    const command = (method: string, params: object) =>
      chrome.debugger.sendCommand({ tabId }, method, params);
    const modifiers = m.modifiers.reduce((bits, name) => bits | (MODIFIER_BITS[name] ?? 0), 0);
    if (m.kind === 'click') {
      const { x, y } = m.at;
      await command('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, modifiers });
      for (let clickCount = 1; clickCount <= m.clickCount; clickCount++) {
        const press = { x, y, modifiers, button: m.button, clickCount };
        await command('Input.dispatchMouseEvent', {
          ...press,
          type: 'mousePressed',
          buttons: BUTTON_BITS[m.button],
        });
        await command('Input.dispatchMouseEvent', { ...press, type: 'mouseReleased', buttons: 0 });
      }
      return;
    }
    const { key, code, keyCode, text } = m.key;
    const typed = text && !(modifiers & ~MODIFIER_BITS.Shift!);
    const base = { key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode, modifiers };
    await command('Input.dispatchKeyEvent', {
      ...base,
      type: typed ? 'keyDown' : 'rawKeyDown',
      ...(typed ? { text, unmodifiedText: text } : {}),
    });
    await command('Input.dispatchKeyEvent', { ...base, type: 'keyUp' });
  }
}
