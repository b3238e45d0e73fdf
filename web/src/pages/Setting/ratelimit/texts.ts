/** The rate-limit tab's texts, merged into the `settingOperation` namespace as `rateLimit`. */
const zh = {
  title: '模型请求速率限制',
  save: '保存模型速率限制',
  enabled: '启用用户模型请求速率限制（可能会影响高并发性能）',
  duration: '限制周期',
  durationExtra: '频率限制的周期（分钟），不小于 0',
  minutes: '分钟',
  count: '用户每周期最多请求次数',
  countExtra: '包括失败请求的次数，0 代表不限制',
  successCount: '用户每周期最多请求完成次数',
  successCountExtra: '只包括请求成功的次数，至少为 1',
  times: '次',
};

const en: typeof zh = {
  title: 'Model request rate limit',
  save: 'Save rate limits',
  enabled: 'Limit model requests per user (may affect performance under high concurrency)',
  duration: 'Period',
  durationExtra: 'Length of the limiting period in minutes, at least 0',
  minutes: 'minutes',
  count: 'Most requests per user and period',
  countExtra: 'Failed requests count too; 0 means unlimited',
  successCount: 'Most completed requests per user and period',
  successCountExtra: 'Only successful requests count; at least 1',
  times: 'times',
};

export const settingRateLimitTexts = { zh, en };
