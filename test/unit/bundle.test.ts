/** The built bundles evaluate no code: no eval, no Function constructor (runJS's opt-in path aside). */
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = join(process.cwd(), 'dist');
/** Every built script: the bundles, each module of the ESM build (dist/esm), the extension's scripts. */
const bundles = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => /\.c?js$/.test(f));

describe('bundles', () => {
  it('are all there (npm test builds them first)', () => {
    expect(bundles.filter((f) => !f.startsWith('esm')).sort()).toEqual([
      join('extension', 'background.js'),
      join('extension', 'content.js'),
      join('extension', 'page-api.js'),
      join('extension', 'sidepanel.js'),
      'llm-helper.cjs',
      'llm-helper.umd.cjs',
      'llm-helper.umd.js',
      'llm-helper.umd.min.js',
    ]);
    expect(bundles).toContain(join('esm', 'index.js'));
  });

  it.each(bundles)('%s has no eval or Function constructor', (file) => {
    const code = readFileSync(join(dist, file), 'utf8');
    expect(code).not.toMatch(/(^|[^.\w$])eval\(/);
    expect(code).not.toMatch(/new Function\(/);
    expect(code).not.toMatch(/=\s*Function\s*[;,]/); // an alias of the constructor, as zod's code generator had
  });

  // The goal is 60 KB gzipped (page-agent's IIFE is 63 KB). It is not met yet (README, "Performance and
  // size"), so this ceiling holds the line where the bundle is today, and comes down as it shrinks. It
  // went from 70 to 72 KiB on 2026-11-23 for what real widget libraries needed (~2.6 KB gzipped: stand-in
  // widgets, slots, typeahead suggestions, role-less dropdowns, grids, sliders and colours), and to 73 KiB
  // the same day for the next ones (~1.8 KB: Ant Design's drawn selects, radio groups, click-to-expand
  // menus, MUI, Element Plus, grids that render only the rows near the view, paged tables, Radix dialogs),
  // and to 74 KiB the next day (~0.9 KB: Headless UI's inert page behind its popups, Mantine's nameless
  // pager arrows and radio groups, PrimeVue's hidden combobox, values drawn beside empty select inputs),
  // and to 76 KiB later that day (~1.8 KB: selects, menus and toggles drawn without ARIA roles in Element
  // UI, View Design, Layui, Naive UI, Arco and TDesign, labels bound to nothing, links without href that
  // act as buttons), and to 77 KiB on 2026-11-24 (~1.4 KB: Select2's and Choices' drawn values, close
  // boxes and icons that show a pointer without a role, the popup a focused field left open, Arco's sort
  // arrows, and icons named by what their strokes draw), and to 78 KiB later that day (~0.5 KB: menus and
  // popups reported as they close, popups shown by a style change, snapshot lines that read alike told
  // apart by where each is, View Design's sort arrows), and to 79 KiB on the evening of 2026-11-24 (~0.7
  // KB: Fomantic UI's role-less dropdowns, buttons and modals, SweetAlert2's dialog, and Material Web's
  // controls: roles kept in ElementInternals, fields shown through slots, hosts without a box of their
  // own, shadow trees in page order), and to 80 KiB later that night (~0.5 KB: form items marked invalid
  // in Element Plus, Vuetify and Bootstrap 3, long blocks searched whole, SVG links and SVG documents,
  // waits for frames a background tab never draws), and to 81 KiB on 2026-11-25 (~1.1 KB, of which terser
  // options measured that day took back 0.3: API keys and tokens shown as page text redacted, the text an
  // action made appear reported, role names as find types, and what the models of late 2026 require back
  // with their calls: Gemini 3's thought signatures, DeepSeek's reasoning_content, Claude's signed thinking
  // blocks, and Ollama's parallel calls that all carry index 0), and to 82 KiB later that day (~0.7 KB:
  // OpenAI Responses' reasoning items sent back with their calls, and what Ext JS apps needed: layout
  // tables, every ID of aria-owns, off-page screen-reader text in names, typeahead completion in the field,
  // select typing to filter, submenu hints), and to 85 KiB on the evening of 2026-11-25 (~3.0 KB: what a
  // hostile page must not do as the person: panel controls that hear only trusted events, the resume and
  // reconnect prompts, saved runs and states checked for their shape and moved into a fresh delimiter,
  // cross-origin links and forms confirmed, replay through the same rules, absolute base URLs, every
  // instructing text flagged, and options read and checked so bad values give an LLMHelperError), and to
  // 92 KiB later that evening, the budget re-decided with issue #30 (~6.3 KB: zod/mini itself in place of
  // the hand-written zod-lite, so that other libraries read the schemas as zod's (the AI SDK through
  // Standard Schema); CSS selectors as types, text compared as a person reads it, labels that are labels,
  // closed tree folders named), and to 94 KiB the same night (~2.8 KB over the 92 KiB budget, to be
  // re-decided: text mode's other tool-call styles (1.0 KB), failed requests, page errors and the console
  // log and tool (1.8 KB)), and to 95 KiB on 2026-11-25 with issue #31 (~0.7 KB: settings that belong to
  // one instance, page methods that say they need a document, a DOM set up after the load read at call
  // time, find's note for a DOM without layout, WebMCP registered again, zod 3 schemas refused in words,
  // and the source map's comment), and to 97 KiB later that night with issue #32 (~1.6 KB: help() for
  // the console, each function's JavaScript signature and an example that runs, and panel labels and
  // examples given per language), and to 98 KiB on 2026-11-26 (~0.9 KB: issue #33's prompt caching and
  // former tool names (0.2), the page reports a held-out measure asked for, a long form's submit button
  // kept in the summary, a tree group drawn after its item, many new controls listed by ID (0.2: acted-on
  // elements already shown with their ID, 67% to 96% of them), and issue #35's conversation ceiling, the
  // folded record and the panel's folded transcript (0.6)), and to 99 KiB later that day (~0.35 KB, issue
  // #35 item 1: snapshot read lazily in page order across shadow trees and frames with a time budget,
  // 9.6 s to 27 ms at 470k elements; the census's one query per shadow root and tag collections for
  // elements; describe(table) halving a long table for the rows in view, 272 to 89 ms), and to 100 KiB the
  // next morning, 2026-11-26 (~0.6 KB: issue #35 item 4, a run that crossed page loads replays across
  // them with Agent.resumeReplay (0.42); find's text read in one textContent read, the click report's
  // scans in tasks of their own, main actions passing over off-screen shadow hosts, greyedOut reading
  // near siblings only (0.17)), and to 101 KiB later that morning (~1.2 KB, issue #38: a field the page
  // formats judged by what it holds, typing key by key, the list items a filter took away (0.57), and
  // sliders the page draws read and set with the keys (0.6); then a header's new order told from its
  // column's values (0.36) under it), and to 102 KiB the same morning (~0.45 KB, #38 item 1: a hidden
  // select whose widget is of no known kind chosen through the box drawn in its place, and read back),
  // and to 103 KiB the same day (~1.0 KB, issue #34, the browser extension, from the same src/: the agent,
  // the panel and the bridge working on a page they reach by messages (its calls awaited, a run that
  // outlives a page load, the person's rule for a site), pictures from tools in the four wire formats and
  // in execute()'s Anthropic and MCP results, the panel docked with its host's storage and bar, and real
  // input for clicks and keys (createLLMHelper({ input }))), and to 104 KiB later that morning (~0.75 KB,
  // issue #38: cells of grids and spreadsheets edited in place through the editor they open (0.6), a
  // calendar's role-less days found as buttons and the popup they open said as opened (0.15)), and to
  // 105 KiB on 2026-11-26 (~0.95 KB, issue #35: the element index, which keeps a document's links,
  // buttons, fields, headings, frames and elements with a role or name up to date from a MutationObserver
  // instead of finding them again on every call: summary() at 100,000 elements 56 → 22 ms), and to
  // 106 KiB on 2026-11-26 (~0.85 KB, issue #35: a call that reads the page walks an unbuilt index within
  // a budget and answers from the part walked, saying so, with the secret fields it did not reach found by
  // the browser's query: the first synchronous call at 470,000 elements 231-354 → 77-135 ms). The
  // product's ceiling was re-decided at 110 KiB on 2026-11-27 for what the issues since bought; #50 (true
  // reports: input as a person's, clicks through labels, what went away and appeared, hover-only
  // controls, refused submits, small pages listed whole) took it from about 107.9 to 111.1 KB; #51 (consent
  // no page script can take) and #52 (the panel's words in both languages, Save checking the base URL,
  // step counts that match) to 112.6 KB, with what only the extension's side panel uses left out of
  // the page builds (src/target.ts).
  const CEILING = 110 * 1024;
  it(`llm-helper.umd.min.js stays within ${CEILING} bytes gzipped`, () => {
    const gzipped = gzipSync(readFileSync(join(dist, 'llm-helper.umd.min.js')), { level: 9 }).length;
    expect(gzipped).toBeLessThanOrEqual(CEILING);
  });
});
