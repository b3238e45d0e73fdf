import { Progress, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { TaskView } from '@gateway/contract';
import type { ColumnProps } from '@douyinfe/semi-ui-19/lib/es/table';
import type { TFunction } from 'i18next';
import { formatUnixTime } from '../Token/date-time';

type TagColor = 'green' | 'grey' | 'blue' | 'orange' | 'red' | 'cyan' | 'white';

const STATUS_COLORS: Record<string, TagColor> = {
  SUCCESS: 'green',
  NOT_START: 'grey',
  SUBMITTED: 'orange',
  IN_PROGRESS: 'blue',
  FAILURE: 'red',
  QUEUED: 'orange',
  UNKNOWN: 'white',
};

/** Percent from "45%" or "45"; null when the progress is not a number (shown as text). */
export function progressPercent(progress: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(progress);
  return match ? Math.min(100, Number(match[1])) : null;
}

/** Seconds between submission and the end, or null while the task runs. */
export function taskDuration(task: Pick<TaskView, 'submit_time' | 'finish_time'>): number | null {
  return task.submit_time > 0 && task.finish_time > 0 ? task.finish_time - task.submit_time : null;
}

interface ColumnDeps {
  t: TFunction;
  admin: boolean;
  onCopyChannel(task: TaskView): void;
  onOpenTask(task: TaskView): void;
  onOpenReason(task: TaskView): void;
}

/** The task log's columns (document 3, section 2.2); the channel exists only for admins. */
export function taskColumns({ t, admin, onCopyChannel, onOpenTask, onOpenReason }: ColumnDeps) {
  const time = (seconds: number) => (seconds > 0 ? formatUnixTime(seconds) : '-');
  const columns: Array<ColumnProps<TaskView> & { key: string }> = [
    { key: 'submit', title: t('task.column.submitTime'), dataIndex: 'submit_time', render: time },
    { key: 'finish', title: t('task.column.finishTime'), dataIndex: 'finish_time', render: time },
    {
      key: 'progress',
      title: t('task.column.progress'),
      dataIndex: 'progress',
      render: (progress: string, task: TaskView) => {
        const percent = progressPercent(progress);
        if (percent === null) return <span>{progress || '-'}</span>;
        return (
          <Progress
            type="circle"
            width={52}
            strokeWidth={6}
            percent={percent}
            showInfo
            format={(value) => `${value}%`}
            aria-label={`${t('task.column.progress')} ${task.task_id}`}
            stroke={task.status === 'FAILURE' ? 'var(--semi-color-warning)' : undefined}
          />
        );
      },
    },
    {
      key: 'duration',
      title: t('task.column.duration'),
      dataIndex: 'finish_time',
      render: (_: number, task: TaskView) => {
        const seconds = taskDuration(task);
        if (seconds === null) return '-';
        return (
          <Tag color={seconds > 60 ? 'red' : 'green'} data-testid={`task-duration-${task.id}`}>
            {t('task.seconds', { count: seconds })}
          </Tag>
        );
      },
    },
    {
      key: 'channel',
      title: t('task.column.channel'),
      dataIndex: 'channel_id',
      render: (channel: number, task: TaskView) =>
        channel ? (
          <span className="log-clickable" onClick={() => onCopyChannel(task)}>
            <Tag color="blue">{channel}</Tag>
          </span>
        ) : null,
    },
    {
      key: 'platform',
      title: t('task.column.platform'),
      dataIndex: 'platform',
      render: (platform: string) => (
        <Tag color="cyan">{t(`task.platform.${platform}`, { defaultValue: platform })}</Tag>
      ),
    },
    {
      key: 'type',
      title: t('task.column.type'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tag color="white">
          {action === 'MUSIC' || action === 'LYRICS' ? t(`task.action.${action}`) : t('task.action.unknown')}
        </Tag>
      ),
    },
    {
      key: 'taskId',
      title: t('task.column.taskId'),
      dataIndex: 'task_id',
      render: (taskId: string, task: TaskView) => (
        <Typography.Text link onClick={() => onOpenTask(task)}>
          {taskId}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('task.column.status'),
      dataIndex: 'status',
      render: (status: string) => (
        <Tag color={STATUS_COLORS[status] ?? 'white'}>
          {status
            ? t(`task.status.${status in STATUS_COLORS ? status : 'UNKNOWN'}`)
            : t('task.status.submitting')}
        </Tag>
      ),
    },
    {
      key: 'failReason',
      title: t('task.column.failReason'),
      dataIndex: 'fail_reason',
      render: (reason: string, task: TaskView) =>
        reason ? (
          <Typography.Text className="task-reason" link onClick={() => onOpenReason(task)}>
            {reason}
          </Typography.Text>
        ) : null,
    },
  ];
  return admin ? columns : columns.filter((c) => c.key !== 'channel');
}
