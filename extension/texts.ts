/**
 * The side panel's own words (its bar, the site's access, the errors and refusals the extension makes),
 * in English and Chinese, in the language of the panel's settings. The panel's words are src/ui/texts.ts.
 */
import type { UiLanguage } from '../src/ui/texts';

const en = {
  tab: 'Tab',
  noTab: 'No tab',
  siteMode: 'On this site',
  modes: { act: 'Act', confirm: 'Act, confirm each action', read: 'Read only' },
  allow: 'Allow on this site',
  allowWhy: 'LLMHelper reads this site only with your permission: the browser asks you once.',
  more: 'More',
  realInput: 'Real input',
  realInputWhy:
    'Clicks and keys as real input, for pages that ignore script events. The browser shows "LLMHelper started debugging this browser" while it is on; closing that banner turns it off.',
  console: "Use LLMHelper from this site's console",
  consoleWhy:
    "Adds LLMHelper's page tools to this site's own scripts, for its developer console. Any script on the site can then use them; your key and the agent stay here.",
  allSites: 'Allow on all sites (for screenshots)',
  allSitesWhy:
    'The browser takes screenshots only of sites LLMHelper may read; this asks for all sites once.',
  bridge: 'Outside agent (bridge)',
  bridgeAddress: 'Bridge address',
  token: 'Pairing token',
  bridgeTools: 'Tools for the outside agent',
  presets: { read: 'Read only', standard: 'Standard', full: 'Full' },
  connect: 'Connect',
  rememberWarning:
    "Remembering keeps the key in this browser profile's extension storage, which web pages cannot read.",
  examples: (title: string) => [
    title ? `Summarise “${title}”` : 'Summarise this page',
    'What can I do on this page?',
    'Find the main form and tell me what it needs',
  ],
  readOnly: (origin: string) => `${origin} is read-only for LLMHelper (your setting for this site)`,
  confirmEach: (name: string, origin: string) =>
    `${name} on ${origin} (every action on this site is confirmed)`,
  browserPage: (url: string) =>
    `LLMHelper cannot work in this tab (${url || 'a browser page'}): the browser keeps extensions out of its own pages. Open a web page, or switch tabs.`,
  notAllowed: (origin: string) =>
    `LLMHelper may not read ${origin} yet: press "Allow on this site" above the task box, and the browser asks you once.`,
  noScreenshot:
    'No screenshot: the browser takes one only of a site LLMHelper may read. Press "Allow on all sites (for screenshots)" under ⋯, or open LLMHelper from its toolbar button on this tab.',
  newPage: 'a new page is loading; the task goes on there',
  errors: {
    auth: 'The model service refused the API key. Check the key in ⚙.',
    permission: 'The model service does not let this key use that model. Check the model and key in ⚙.',
    rate_limit: 'The model service is busy (too many requests). Try again in a minute.',
    quota: 'The model service says the account has no quota left. Check your plan with the service.',
    overloaded: 'The model service is overloaded. Try again in a minute.',
    bad_request: 'The model service refused the request. Check the model name and base URL in ⚙.',
    context_length: 'The conversation is too long for this model. Clear it (⟲) and try again.',
    server: 'The model service failed. Try again in a minute.',
    network: 'The model service at {url} could not be reached. Check the base URL in ⚙ and your connection.',
    timeout: 'The model service did not answer in time. Try again.',
    blocked: "The model service's safety filter refused this task.",
    bad_reply: 'The model service sent a reply LLMHelper cannot read. Check the model in ⚙.',
  } as Record<string, string>,
  badURL: (url: string) => `“${url}” is not a web address (http:// or https://).`,
};

const zh: typeof en = {
  tab: '标签页',
  noTab: '没有标签页',
  siteMode: '在此网站上',
  modes: { act: '执行操作', confirm: '执行，每步确认', read: '只读' },
  allow: '允许在此网站使用',
  allowWhy: 'LLMHelper 只有在你允许后才能读取此网站：浏览器会询问你一次。',
  more: '更多',
  realInput: '真实输入',
  realInputWhy:
    '以真实输入发送点击和按键，用于忽略脚本事件的页面。开启期间浏览器会显示“LLMHelper 已开始调试此浏览器”；关闭该提示即关闭此功能。',
  console: '在此网站的控制台中使用 LLMHelper',
  consoleWhy:
    '把 LLMHelper 的页面工具加入此网站自己的脚本环境，供开发者控制台使用。网站上的任何脚本都能使用它们；你的密钥和助手仍留在这里。',
  allSites: '允许在所有网站使用（用于截图）',
  allSitesWhy: '浏览器只为 LLMHelper 可读取的网站截图；这会请求一次所有网站的权限。',
  bridge: '外部助手（桥接）',
  bridgeAddress: '桥接地址',
  token: '配对令牌',
  bridgeTools: '外部助手可用的工具',
  presets: { read: '只读', standard: '标准', full: '全部' },
  connect: '连接',
  rememberWarning: '记住后，密钥保存在此浏览器配置的扩展存储中，网页无法读取。',
  examples: (title: string) => [
    title ? `总结“${title}”` : '总结这个页面',
    '我在这个页面上能做什么？',
    '找到主要的表单，告诉我需要填写什么',
  ],
  readOnly: (origin: string) => `${origin} 对 LLMHelper 只读（你对此网站的设置）`,
  confirmEach: (name: string, origin: string) => `${origin} 上的 ${name}（此网站的每个操作都需确认）`,
  browserPage: (url: string) =>
    `LLMHelper 无法在此标签页工作（${url || '浏览器页面'}）：浏览器不让扩展进入它自己的页面。请打开一个网页，或切换标签页。`,
  notAllowed: (origin: string) =>
    `LLMHelper 还不能读取 ${origin}：点任务框上方的“允许在此网站使用”，浏览器会询问你一次。`,
  noScreenshot:
    '无法截图：浏览器只为 LLMHelper 可读取的网站截图。请在 ⋯ 中点“允许在所有网站使用（用于截图）”，或在此标签页点工具栏按钮打开 LLMHelper。',
  newPage: '新页面正在加载；任务会在那里继续',
  errors: {
    auth: '模型服务拒绝了 API 密钥。请在 ⚙ 中检查密钥。',
    permission: '模型服务不允许此密钥使用该模型。请在 ⚙ 中检查模型和密钥。',
    rate_limit: '模型服务繁忙（请求过多）。请一分钟后再试。',
    quota: '模型服务表示账户额度已用完。请与服务商核对你的套餐。',
    overloaded: '模型服务过载。请一分钟后再试。',
    bad_request: '模型服务拒绝了请求。请在 ⚙ 中检查模型名称和基础 URL。',
    context_length: '对话对此模型来说太长了。请清空（⟲）后再试。',
    server: '模型服务出错。请一分钟后再试。',
    network: '无法连接位于 {url} 的模型服务。请在 ⚙ 中检查基础 URL 和网络连接。',
    timeout: '模型服务没有及时回答。请再试一次。',
    blocked: '模型服务的安全过滤拒绝了此任务。',
    bad_reply: '模型服务的回复 LLMHelper 无法读取。请在 ⚙ 中检查模型。',
  },
  badURL: (url: string) => `“${url}”不是网址（http:// 或 https://）。`,
};

export const WORDS: Record<UiLanguage, typeof en> = { en, zh };
export type Words = typeof en;
