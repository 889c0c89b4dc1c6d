/** The panel's styles, adopted into its shadow root (works under style-src 'self'; nothing leaks). */
export const PANEL_CSS = `
/* What the panel hides stays hidden, whatever display a rule gives its kind (a label is a grid). */
[hidden] { display: none !important; }
/* Important, so a page's own !important rules for every element lose (inside a shadow root they do);
   where it sits (left/top/right/bottom) is set inline, as important, by the panel. */
:host { all: initial; display: block !important; position: fixed !important; z-index: 2147483646 !important;
  visibility: visible !important; opacity: 1 !important; transform: none !important; filter: none !important;
  width: auto !important; height: auto !important; min-width: 0 !important; min-height: 0 !important;
  max-width: none !important; max-height: none !important; margin: 0 !important; padding: 0 !important;
  border: 0 !important; clip-path: none !important; pointer-events: auto !important; }
* { box-sizing: border-box; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2330; }
.panel { width: min(380px, calc(100vw - 24px)); max-height: min(620px, calc(100vh - 24px)); display: flex; flex-direction: column;
  background: #fff; border: 1px solid #c9cfda; border-radius: 10px; box-shadow: 0 8px 28px rgba(20,30,50,.22); overflow: hidden; }
.docked { width: 100vw; height: 100vh; max-height: none; border: 0; border-radius: 0; box-shadow: none; }
.docked .head { cursor: default; }
.head { display: flex; align-items: center; gap: 6px; padding: 8px 10px; background: #1d2330; cursor: move; user-select: none; }
.head b { color: #fff; flex: 1; font-weight: 600; }
.head .model { color: #cfd6e4; font-size: 11px; max-width: 170px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.head button { background: transparent; border: 0; color: #fff; cursor: pointer; padding: 2px 6px; border-radius: 4px; }
.head button:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible { outline: 2px solid #2857e0; outline-offset: 1px; }
.body { flex: 1; overflow: auto; padding: 10px; display: flex; flex-direction: column; gap: 8px; min-height: 120px; }
.collapsed .body, .collapsed .foot, .collapsed .status { display: none; }
.msg { padding: 6px 8px; border-radius: 8px; white-space: pre-wrap; word-break: break-word; }
.user { background: #e8eefc; align-self: flex-end; max-width: 90%; }
.model-text { background: #f3f4f7; }
.answer { background: #e6f4ea; }
.error { background: #fdecea; }
.flagged { background: #fff4e5; font-size: 12px; }
.folded { color: #4a5366; font-size: 12px; text-align: center; }
details { border: 1px solid #e3e6ec; border-radius: 6px; padding: 4px 8px; }
details summary { cursor: pointer; font-size: 12px; overflow-wrap: anywhere; }
details pre { margin: 4px 0 0; white-space: pre-wrap; word-break: break-word; font: 12px/1.35 ui-monospace, monospace; max-height: 160px; overflow: auto; }
.bad summary { color: #a12a1a; }
.status { padding: 4px 10px; font-size: 12px; color: #4a5366; border-top: 1px solid #eceff3; min-height: 24px; }
.status.busy::before { content: ""; display: inline-block; width: 8px; height: 8px; margin-right: 6px; border-radius: 50%; background: #2857e0; animation: pulse 1s infinite; }
@keyframes pulse { 50% { opacity: .25; } }
.foot { display: flex; gap: 6px; padding: 8px 10px; border-top: 1px solid #eceff3; }
textarea { flex: 1; resize: none; height: 38px; padding: 6px 8px; border: 1px solid #b9c1cf; border-radius: 6px; }
button { cursor: pointer; padding: 6px 12px; border: 1px solid #b9c1cf; border-radius: 6px; background: #fff; }
button.primary { background: #2857e0; border-color: #2857e0; color: #fff; }
button.danger { background: #c62828; border-color: #c62828; color: #fff; }
.card { border: 1px solid #c9cfda; border-radius: 8px; padding: 10px; background: #fffbea; display: flex; flex-direction: column; gap: 8px; }
.card .row { display: flex; gap: 6px; justify-content: flex-end; flex-wrap: wrap; }
.settings { display: grid; gap: 6px; }
.settings label { display: grid; gap: 2px; font-size: 12px; color: #4a5366; }
.settings input, .settings select { padding: 5px 6px; border: 1px solid #b9c1cf; border-radius: 6px; }
.settings .check { display: flex; gap: 6px; align-items: center; }
.settings details.more > summary { cursor: pointer; font-size: 12px; color: #4a5366; padding: 2px 0; }
.settings details.more > label { margin-top: 6px; }
.warn { font-size: 11px; color: #8a5a00; }
.ok { font-size: 11px; color: #1b6e2e; }
.examples { display: flex; flex-wrap: wrap; gap: 6px; }
.examples button { font-size: 12px; padding: 4px 8px; border-radius: 12px; text-align: left; max-width: 100%; white-space: normal; overflow-wrap: anywhere; }
.saved-tasks { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.saved-tasks .label, .saved-task .label { width: 100%; font-size: 12px; font-weight: 600; color: #2b3344; }
.saved-tasks button { font-size: 12px; padding: 4px 8px; border-radius: 12px; text-align: left; border-color: #2857e0; }
.saved-task ol { margin: 0; padding-left: 18px; font-size: 12px; }
.saved-task label { display: grid; gap: 2px; font-size: 12px; color: #4a5366; }
.saved-task input, .save-task input { padding: 5px 6px; border: 1px solid #b9c1cf; border-radius: 6px; }
.save-task { display: flex; gap: 6px; align-items: end; flex-wrap: wrap; font-size: 12px; }
.save-task label { display: grid; gap: 2px; flex: 1; min-width: 140px; }
.msg.cost { font-size: 11px; color: #4a5366; }
.replayed summary { color: #1b6e2e; }
.highlight { position: fixed; pointer-events: none; border: 2px solid #2857e0; border-radius: 4px; background: rgba(40,87,224,.08); display: none; z-index: 2147483645; }
`;
