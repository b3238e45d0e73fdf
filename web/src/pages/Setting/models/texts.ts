/** The models tab's texts, merged into the `settingOperation` namespace as `models`. */
const zh = {
  global: {
    title: '全局设置',
    save: '保存全局设置',
    passThrough: '启用请求透传',
    passThroughExtra:
      '开启后，所有请求将直接透传给上游，不会进行任何处理（重定向和渠道适配也将失效），请谨慎开启',
    pingTitle: '连接保活设置',
    pingWarning:
      '警告：启用保活后，如果已经写入保活数据后渠道出错，系统无法重试，如果必须开启，推荐设置尽可能大的 Ping 间隔',
    pingEnabled: '启用 Ping 间隔',
    pingEnabledExtra: '开启后，将定期发送 ping 数据保持连接活跃',
    pingSeconds: 'Ping 间隔（秒）',
    pingSecondsExtra: '至少 1 秒',
  },
  gemini: {
    title: 'Gemini 设置',
    save: '保存 Gemini 设置',
    safety: 'Gemini 安全设置',
    safetyExtra: 'default 为默认设置，可单独设置每个分类的安全等级',
    version: 'Gemini 版本设置',
    versionExtra: 'default 为默认设置，可单独设置每个模型的版本',
    imagineModels: '支持的图像模型',
    imagineModelsExtra: '为一个 JSON 数组，例如：["gemini-2.0-flash-exp-image-generation"]',
    thinkingTitle: 'Gemini 思考适配设置',
    thinkingEnabled: '启用 Gemini 思考后缀适配',
    thinkingEnabledExtra: '适配 -thinking 和 -nothinking 后缀',
    budget: '思考预算占比',
    budgetExtra:
      '0.1-1 之间的小数；请求模型带 -thinking 后缀时 BudgetTokens = MaxTokens × 占比，超出 24576 的部分将被忽略',
  },
  claude: {
    title: 'Claude 设置',
    save: '保存 Claude 设置',
    headers: 'Claude 请求头覆盖',
    headersExtra:
      '为一个 JSON 对象，例如：{"claude-3-7-sonnet-20250219-thinking": {"anthropic-beta": ["output-128k-2025-02-19"]}}',
    maxTokens: '缺省 MaxTokens',
    maxTokensExtra:
      '为一个 JSON 对象，例如：{"default": 8192, "claude-3-haiku-20240307": 4096, "claude-3-opus-20240229": 4096}',
    thinkingTitle: 'Claude 思考适配设置',
    thinkingEnabled: '启用 Claude 思考适配（-thinking 后缀）',
    budget: '思考适配 BudgetTokens 百分比',
    budgetExtra: '0.1-1 之间的小数；BudgetTokens = MaxTokens × 百分比',
  },
};

const en: typeof zh = {
  global: {
    title: 'Global settings',
    save: 'Save global settings',
    passThrough: 'Pass requests through',
    passThroughExtra:
      'When on, every request goes to the upstream unchanged (model redirects and channel adaptations stop working too). Use with care',
    pingTitle: 'Keep-alive',
    pingWarning:
      'Warning: once keep-alive data was written, a channel error can no longer be retried. If you must turn it on, choose as long a ping interval as possible',
    pingEnabled: 'Enable the ping interval',
    pingEnabledExtra: 'When on, ping data is sent regularly to keep the connection alive',
    pingSeconds: 'Ping interval (seconds)',
    pingSecondsExtra: 'At least 1 second',
  },
  gemini: {
    title: 'Gemini settings',
    save: 'Save Gemini settings',
    safety: 'Gemini safety settings',
    safetyExtra: 'default applies to every category; each category can have its own level',
    version: 'Gemini API versions',
    versionExtra: 'default applies to every model; each model can have its own version',
    imagineModels: 'Image models',
    imagineModelsExtra: 'A JSON list, e.g. ["gemini-2.0-flash-exp-image-generation"]',
    thinkingTitle: 'Gemini thinking adaptation',
    thinkingEnabled: 'Adapt the Gemini thinking suffixes',
    thinkingEnabledExtra: 'Handles the -thinking and -nothinking model suffixes',
    budget: 'Thinking budget share',
    budgetExtra:
      'A decimal from 0.1 to 1; for models with the -thinking suffix BudgetTokens = MaxTokens × share, capped at 24576',
  },
  claude: {
    title: 'Claude settings',
    save: 'Save Claude settings',
    headers: 'Claude request header overrides',
    headersExtra:
      'A JSON object, e.g. {"claude-3-7-sonnet-20250219-thinking": {"anthropic-beta": ["output-128k-2025-02-19"]}}',
    maxTokens: 'Default MaxTokens',
    maxTokensExtra:
      'A JSON object, e.g. {"default": 8192, "claude-3-haiku-20240307": 4096, "claude-3-opus-20240229": 4096}',
    thinkingTitle: 'Claude thinking adaptation',
    thinkingEnabled: 'Adapt Claude thinking (-thinking suffix)',
    budget: 'Thinking BudgetTokens percentage',
    budgetExtra: 'A decimal from 0.1 to 1; BudgetTokens = MaxTokens × percentage',
  },
};

export const settingModelsTexts = { zh, en };
