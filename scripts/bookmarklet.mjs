// npm run bookmarklet [-- --url https://your.host/llm-helper.umd.min.js]: writes dist/bookmarklets.html,
// a page to drag two bookmarklets from. The loader adds the script tag (with the panel) from the URL you
// choose; the inline one carries the whole bundle (no server needed) when it fits in a bookmark. No API
// key ever goes into a bookmarklet: the person types it into the panel, which keeps it in memory.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The bookmarklets for a bundle served at `url`: the loader, the inline one when it fits, and a page to drag them from. */
export function bookmarklets(url, bundle) {
  const explain =
    "LLMHelper could not load here. The page's Content-Security-Policy probably blocks scripts from other places: " +
    'use the inline bookmarklet, or ask the site owner to add the script tag.';
  const trusted =
    'LLMHelper could not load here. This page takes script URLs only through its own Trusted Types policies: ' +
    'use the inline bookmarklet, or ask the site owner to add the script tag.';
  // The loader: one script tag with data-panel (the panel opens when it loads); a clear message when the
  // page refuses it. A page that enforces Trusted Types (Google's apps) refuses a plain string as a
  // script's src: the URL goes through a policy of our own where the page lets one be made.
  const loader = `(()=>{if(window.__llmHelper){window.__llmHelper.panel();return}const s=document.createElement('script');let u=${JSON.stringify(url)};try{u=trustedTypes.createPolicy('llm-helper-loader',{createScriptURL:x=>x}).createScriptURL(u)}catch(e){}try{s.src=u}catch(e){alert(${JSON.stringify(trusted)});return}s.dataset.panel='';s.onerror=()=>alert(${JSON.stringify(explain)});document.documentElement.appendChild(s)})()`;
  const inline = `(()=>{if(!window.__llmHelper){${bundle}\n}(window.__llmHelper||window.LLMHelper).panel()})()`;
  const href = (code) => `javascript:${encodeURIComponent(code)}`;
  // Chrome keeps bookmarks of a few MB; Firefox and Safari about 64 KB. Offer the inline one when it fits there.
  const INLINE_LIMIT = 2_000_000;
  const inlineHref = href(inline);
  const fits = inlineHref.length <= INLINE_LIMIT;
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LLMHelper bookmarklets</title>
  <style>body{font:15px/1.5 system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 20px}a.bm{display:inline-block;padding:6px 14px;border-radius:6px;background:#2857e0;color:#fff;text-decoration:none;margin:6px 0}</style></head>
  <body><h1>LLMHelper bookmarklets</h1>
  <p>Drag one to your bookmarks bar, open any page, click it: the LLMHelper panel opens there. Put your API key into the
  panel's settings; it stays in memory unless you tick "remember". No key is ever part of a bookmarklet.</p>
  <p><a class="bm" href="${loader.length ? href(loader).replace(/"/g, '&quot;') : ''}">LLMHelper (loader)</a><br>
  Loads <code>${url.replace(/</g, '&lt;')}</code>. Small; needs that URL to be reachable and allowed by the page's Content-Security-Policy.</p>
  ${fits ? `<p><a class="bm" href="${inlineHref.replace(/"/g, '&quot;')}">LLMHelper (inline)</a><br>Carries the whole SDK (${Math.round(inlineHref.length / 1024)} KB); works offline and where only the page's own scripts may load, but not where the CSP forbids inline script (then the browser refuses it silently; use the loader or the script tag).</p>` : `<p>The inline bookmarklet would be ${Math.round(inlineHref.length / 1024)} KB, more than bookmarks hold; use the loader.</p>`}
  </body></html>
  `;
  return { page, loaderHref: href(loader), inlineHref, fits };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--url');
  const url = i > 0 ? process.argv[i + 1] : 'https://unpkg.com/llm-helper/dist/llm-helper.umd.min.js';
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
