// Installs the panel on every demo page. Models on offer: the scripted model that `npm run demo` runs
// beside the page ("Scripted demo — not an AI"), a local Ollama if one answers on its default port, and
// in the panel's settings any real provider (the key stays in memory unless "remember" is ticked).
(async () => {
  const lang = new URLSearchParams(location.search).get('lang');
  const models = [];
  if (window.DEMO_MOCK_URL)
    models.push({
      // In the panel's language (chosen as the panel chooses it): a person must be able to read that no
      // model is answering.
      label: (lang ? lang === 'zh' : /^zh/i.test(document.documentElement.lang || navigator.language))
        ? '脚本演示 — 不是 AI'
        : 'Scripted demo — not an AI',
      make: () =>
        LLMHelper.provider('openai', {
          baseURL: window.DEMO_MOCK_URL + '/v1',
          model: 'scripted-model',
          apiKey: 'no-key-needed',
        }),
    });
  try {
    // Ollama answers pages only from origins in OLLAMA_ORIGINS (127.0.0.1 is among its defaults).
    const r = await fetch('http://127.0.0.1:11434/v1/models', { signal: AbortSignal.timeout(800) });
    const { data } = await r.json();
    for (const m of (data || []).slice(0, 5))
      models.push({ label: `Ollama: ${m.id}`, make: () => LLMHelper.provider('ollama', { model: m.id }) });
  } catch {
    // No Ollama here.
  }
  window.panel = LLMHelper.panel({ models, ...(lang === 'zh' || lang === 'en' ? { language: lang } : {}) });
})();
