// Installs the panel on every demo page. Models on offer: the scripted model that `npm run demo` runs
// beside the page ("Scripted demo — not an AI"), and in the panel's settings any real provider, a local
// Ollama among them (the key stays in memory unless "remember" is ticked). Nothing is fetched at load.
(async () => {
  const lang = new URLSearchParams(location.search).get('lang');
  const models = [];
  if (window.DEMO_MOCK_URL)
    models.push({
      // In the panel's language, also after Language in ⚙ changes it: a person must be able to read
      // that no model is answering.
      label: { en: 'Scripted demo — not an AI', zh: '脚本演示 — 不是 AI' },
      make: () =>
        LLMHelper.provider('openai', {
          baseURL: window.DEMO_MOCK_URL + '/v1',
          model: 'scripted-model',
          apiKey: 'no-key-needed',
        }),
      // It charges nothing: each run's row says so, beside the tokens a real model would have been sent.
      price: { input: 0, output: 0, cachedInput: 0 },
    });
  // The tasks the scripted demo knows (demo/scenario.json); any model may be given them.
  const examples = [
    { en: 'Download all invoices from 2024', zh: '下载 2024 年的所有发票' },
    { en: 'Delete Report-2023-03-003', zh: '删除 Report-2023-03-003' },
    { en: 'How many invoices are from 2024?', zh: '2024 年有多少张发票？' },
    { en: 'Show the documents of a customer', zh: '显示某个客户的文档' },
  ];
  window.panel = LLMHelper.panel({
    models,
    examples,
    ...(lang === 'zh' || lang === 'en' ? { language: lang } : {}),
  });
})();
