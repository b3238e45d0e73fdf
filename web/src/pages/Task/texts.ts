/** Texts of the creative-task log page (namespace `task`). */
const zh = {
  filter: {
    channel: '渠道 ID',
    taskId: '任务 ID',
    startTime: '起始时间',
    endTime: '结束时间',
    query: '查询',
  },
  column: {
    submitTime: '提交时间',
    finishTime: '结束时间',
    progress: '进度',
    duration: '花费时间',
    channel: '渠道',
    platform: '平台',
    type: '类型',
    taskId: '任务ID',
    status: '任务状态',
    failReason: '失败原因',
  },
  status: {
    SUCCESS: '成功',
    NOT_START: '未启动',
    SUBMITTED: '队列中',
    IN_PROGRESS: '执行中',
    FAILURE: '失败',
    QUEUED: '排队中',
    UNKNOWN: '未知',
    submitting: '提交中',
  },
  action: {
    MUSIC: '生成音乐',
    LYRICS: '生成歌词',
    unknown: '未知',
  },
  platform: {
    suno: 'Suno',
  },
  seconds: '{{count}} 秒',
  channelCopied: '已复制渠道 ID：{{id}}',
  detailTitle: '任务详情',
  failReasonTitle: '失败原因',
  empty: '暂无任务',
};

const en: typeof zh = {
  filter: {
    channel: 'Channel ID',
    taskId: 'Task ID',
    startTime: 'Start time',
    endTime: 'End time',
    query: 'Query',
  },
  column: {
    submitTime: 'Submitted',
    finishTime: 'Finished',
    progress: 'Progress',
    duration: 'Duration',
    channel: 'Channel',
    platform: 'Platform',
    type: 'Type',
    taskId: 'Task ID',
    status: 'Status',
    failReason: 'Failure reason',
  },
  status: {
    SUCCESS: 'Succeeded',
    NOT_START: 'Not started',
    SUBMITTED: 'Queued',
    IN_PROGRESS: 'In progress',
    FAILURE: 'Failed',
    QUEUED: 'Waiting',
    UNKNOWN: 'Unknown',
    submitting: 'Submitting',
  },
  action: {
    MUSIC: 'Generate music',
    LYRICS: 'Generate lyrics',
    unknown: 'Unknown',
  },
  platform: {
    suno: 'Suno',
  },
  seconds: '{{count}} s',
  channelCopied: 'Channel ID {{id}} copied',
  detailTitle: 'Task details',
  failReasonTitle: 'Failure reason',
  empty: 'No tasks yet',
};

export const taskTexts = { zh, en };
