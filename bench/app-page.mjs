// What the generated app pages share (bench/generate-app.mjs, bench/generate-shapes.mjs) and how the
// benches open them: cards that each attach an open shadow root as the page loads, frames loaded, and
// the count of every element (documents, shadow roots, frames).

/** The script that defines x-card (a shadow root of a few elements) and adds `count` of them to #cards. */
export const cardsScript = (count, detail = 'detail') => `<script>
customElements.define('x-card', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    this.attachShadow({ mode: 'open' }).innerHTML =
      '<div><b>Card ' + this.dataset.n + '</b> <button>Open</button> <span>${detail}</span></div>';
  }
});
const html = [];
for (let i = 0; i < ${count}; i++) html.push('<x-card data-n="' + i + '"></x-card>');
document.getElementById('cards').insertAdjacentHTML('beforeend', html.join(''));
</script>`;

/** A page of `html` at 1280×800, its frames loaded; window.__elements() counts every element it has. */
export async function openAppPage(browser, html) {
  // browser: a Browser, or a BrowserContext (a renderer of its own for the page).
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(html);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('iframe')].every((f) => f.contentDocument?.readyState === 'complete'),
  );
  await page.evaluate(() => {
    window.__elements = () => {
      let n = document.querySelectorAll('*').length;
      for (const f of document.querySelectorAll('iframe'))
        n += f.contentDocument.querySelectorAll('*').length;
      for (const c of document.querySelectorAll('x-card')) n += c.shadowRoot.querySelectorAll('*').length;
      return n;
    };
  });
  return page;
}
