/**
 * The side panel's bar, laid out for a side panel 320 to 420 px wide: two lines that never wrap (the tab
 * and ⋯; what LLMHelper may do on the site, and Allow when it may not yet), the tab's name cut with an
 * ellipsis, a note under them when there is one, and what ⋯ opens below that, in the flow (never over the
 * transcript).
 */
export const BAR_CSS = `
.ext { display: flex; flex-direction: column; gap: 4px; padding: 6px 10px; font-size: 12px; }
.ext .line { display: flex; align-items: center; gap: 6px; min-width: 0; white-space: nowrap; }
.ext .tab { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; font-weight: 600; }
.ext .mode { display: flex; align-items: center; gap: 4px; flex: 0 0 auto; }
.ext .mode span { color: #4a5366; }
.ext select, .ext input, .ext button { font: inherit; max-width: 100%; }
.ext .mode select { max-width: 110px; }
.ext .line > button:not(.more) { flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.ext .more { flex: 0 0 auto; padding: 0 8px; }
.ext .note, .ext .why { color: #4a5366; font-size: 11px; white-space: normal; }
.ext .menu { display: flex; flex-direction: column; gap: 4px; border-top: 1px solid #e3e6ec; padding-top: 4px; }
.ext .menu[hidden], .ext [hidden] { display: none; }
.ext .menu .row { display: grid; grid-template-columns: 1fr 1fr; gap: 4px; margin-top: 4px; }
.ext .menu .row > * { min-width: 0; }
`;
