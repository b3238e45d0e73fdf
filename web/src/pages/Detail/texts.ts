/** Texts of the data dashboard (/detail), under the `dashboard` namespace. */
const zh = {
  title: '数据看板',
  timeRange: '时间范围',
  startTime: '开始时间',
  endTime: '结束时间',
  granularity: '时间粒度',
  hour: '小时',
  day: '天',
  week: '周',
  username: '用户名称',
  query: '查询',
  totalQuota: '消耗额度',
  totalCalls: '调用次数',
  totalTokens: 'Token 用量',
  quotaOverTime: '模型消耗分布',
  callsOverTime: '模型调用次数',
  modelShare: '模型消耗占比',
  noData: '所选时间范围内没有数据',
  hint: '数据每隔几分钟汇总一次，最近的调用可能稍后才会出现。',
};

const en: typeof zh = {
  title: 'Dashboard',
  timeRange: 'Time range',
  startTime: 'Start time',
  endTime: 'End time',
  granularity: 'Granularity',
  hour: 'Hour',
  day: 'Day',
  week: 'Week',
  username: 'Username',
  query: 'Query',
  totalQuota: 'Quota spent',
  totalCalls: 'Calls',
  totalTokens: 'Tokens used',
  quotaOverTime: 'Spend by model',
  callsOverTime: 'Calls by model',
  modelShare: 'Share of spend by model',
  noData: 'No data in the selected time range',
  hint: 'Usage is summarised every few minutes; the latest calls may appear a little later.',
};

export const dashboardTexts = { zh, en };
