// npm run bookmarklet [-- --url https://your.host/llm-helper.umd.min.js]: writes dist/bookmarklets.html,
// (without --url, for the demo server's copy at http://127.0.0.1:5173)
// a page to drag two bookmarklets from. The loader adds the script tag (with the panel) from the URL you
// choose; the inline one carries the whole bundle (no server needed) when it fits in a bookmark. No API
// key ever goes into a bookmarklet: the person types it into the panel, which keeps it in memory.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The bookmarklets for a bundle served at `url`: the loader, the inline one when it fits, and a page to drag them from. */
export function bookmarklets(url, bundle) {
  const blocked =
    "LLMHelper could not load here: this page's Content-Security-Policy blocks scripts from other places. " +
    'The inline bookmarklet works where the page allows inline scripts; otherwise ask the site owner to add the script tag.';
  const missing = `LLMHelper could not load: nothing was found at ${url}. Is that server running, and is the file there?`;
  const trusted =
    'LLMHelper could not load here. This page takes script URLs only through its own Trusted Types policies: ' +
    'use the inline bookmarklet, or ask the site owner to add the script tag.';
  // The loader: one script tag with data-panel (the panel opens when it loads); a clear message when it
  // does not load, which says whether the page's CSP refused it (a securitypolicyviolation event names
  // the URL first) or nothing answered at the URL. A page that enforces Trusted Types (Google's apps) refuses a plain string as a
  // script's src: the URL goes through a policy of our own where the page lets one be made.
  const loader = `(()=>{if(window.__llmHelper){window.__llmHelper.panel();return}const s=document.createElement('script');let u=${JSON.stringify(url)};try{u=trustedTypes.createPolicy('llm-helper-loader',{createScriptURL:x=>x}).createScriptURL(u)}catch(e){}try{s.src=u}catch(e){alert(${JSON.stringify(trusted)});return}s.dataset.panel='';let csp=0;const v=e=>{if(String(e.blockedURI).indexOf(${JSON.stringify(new URL(url).origin)})===0)csp=1};document.addEventListener('securitypolicyviolation',v);s.onload=()=>document.removeEventListener('securitypolicyviolation',v);s.onerror=()=>setTimeout(()=>alert(csp?${JSON.stringify(blocked)}:${JSON.stringify(missing)}));document.documentElement.appendChild(s)})()`;
  const inline = `(()=>{if(!window.__llmHelper){${bundle}\n}(window.__llmHelper||window.LLMHelper).panel()})()`;
  const href = (code) => `javascript:${encodeURIComponent(code)}`;
  // Chrome and Edge keep bookmarks of a few MB; Firefox and Safari about 64 KB. Offered where it fits in
  // Chrome's, and the page says which browsers take it.
  const INLINE_LIMIT = 2_000_000;
  const inlineHref = href(inline);
  const fits = inlineHref.length <= INLINE_LIMIT;
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>LLMHelper bookmarklets</title>
  <style>body{font:15px/1.5 system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 20px}a.bm{display:inline-block;padding:6px 14px;border-radius:6px;background:#2857e0;color:#fff;text-decoration:none;margin:6px 0}</style></head>
  <body><h1>LLMHelper bookmarklets</h1>
  <p>Drag one to your bookmarks bar, open any page, click it: the LLMHelper panel opens there. Put your API key into the
  panel's settings; it stays in memory unless you tick "remember". No key is ever part of a bookmarklet.</p>
  <p><a class="bm" href="${loader.length ? href(loader).replace(/"/g, '&quot;') : ''}">LLMHelper (loader)</a><br>
  Loads <code>${url.replace(/</g, '&lt;')}</code>: small, and works in every browser, where that URL answers and the page's
  Content-Security-Policy allows scripts from it (if not, it says which of the two failed).</p>
  ${fits ? `<p><a class="bm" href="${inlineHref.replace(/"/g, '&quot;')}">LLMHelper (inline)</a><br>Carries the whole SDK, ${Math.round(inlineHref.length / 1024)} KB: Chrome and Edge keep a bookmark this large, Firefox and Safari do not (they keep about 64 KB; use the loader there). It needs no server, but a page whose Content-Security-Policy forbids inline script refuses it without a word; use the loader there.</p>` : `<p>The inline bookmarklet would be ${Math.round(inlineHref.length / 1024)} KB, more than any browser keeps in a bookmark; use the loader.</p>`}
  </body></html>
  `;
  return { page, loaderHref: href(loader), inlineHref, fits };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--url');
  // Without --url: the copy the demo serves (npm run demo), so the loader works on this machine at once.
  const url = i > 0 ? process.argv[i + 1] : 'http://127.0.0.1:5173/dist/llm-helper.umd.min.js';
  if (i < 0)
    console.log(
      `No --url given: the loader loads ${url}, the demo server's copy (npm run demo). For your own server: npm run bookmarklet -- --url https://your.host/llm-helper.umd.min.js`,
    );
  if (!/^https?:\/\//.test(url))
    throw new Error(`--url must be an http(s) URL of llm-helper.umd.min.js; got ${url}`);
  const { page, loaderHref, inlineHref, fits } = bookmarklets(
    url,
    await readFile(`${root}dist/llm-helper.umd.min.js`, 'utf8'),
  );
  await writeFile(`${root}dist/bookmarklets.html`, page);
  await writeFile(`${root}dist/bookmarklet-loader.txt`, `${loaderHref}\n`);
  console.log(
    `dist/bookmarklets.html: loader ${loaderHref.length} characters${fits ? `, inline ${inlineHref.length}` : ''}; loads ${url}`,
  );
}
