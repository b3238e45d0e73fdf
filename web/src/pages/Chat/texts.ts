/** Texts of the chat-link pages and the chat entries of the token list (namespace `chat`). */
const zh = {
  title: '聊天',
  loading: '正在加载，请稍候...',
  configInvalid: '聊天链接配置错误，请联系管理员',
  notConfigured: '请联系管理员配置聊天链接',
  noEnabledToken: '当前没有可用的启用令牌，请确认是否有令牌处于启用状态！',
  loadFailed: '读取令牌失败，请刷新页面重试',
  openingApp: '正在打开 {{name}}……',
  openManually: '如果没有自动打开，请点击这里',
  frameTitle: '聊天：{{name}}',
  linkCopied: '浏览器阻止了新窗口，聊天链接已复制到剪贴板',
  menu: '聊天',
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const en: Shape<typeof zh> = {
  title: 'Chat',
  loading: 'Loading, please wait...',
  configInvalid: 'The chat link is misconfigured, please contact the administrator',
  notConfigured: 'Please ask the administrator to configure chat links',
  noEnabledToken: 'There is no enabled token; please make sure at least one token is enabled!',
  loadFailed: 'Could not read your tokens; please reload the page',
  openingApp: 'Opening {{name}}…',
  openManually: 'If nothing opens, click here',
  frameTitle: 'Chat: {{name}}',
  linkCopied: 'The browser blocked the new window; the chat link was copied to the clipboard',
  menu: 'Chat',
};

export const chatTexts = { zh, en };
