// Installs the panel on every demo page. Models on offer: the scripted model that `npm run demo` runs
// beside the page ("Scripted demo — not an AI"), and in the panel's settings any real provider, a local
// Ollama among them (the key stays in memory unless "remember" is ticked). Nothing is fetched at load.
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
  // The tasks the scripted demo knows (demo/scenario.json); any model may be given them.
  const examples = [
    'Download all invoices from 2024',
    'Delete Report-2023-03-003',
    'How many invoices are from 2024?',
    'Show the documents of a customer',
  ];
  window.panel = LLMHelper.panel({
    models,
    examples,
    ...(lang === 'zh' || lang === 'en' ? { language: lang } : {}),
  });
})();
