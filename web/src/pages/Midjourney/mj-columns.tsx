import { Button, Progress, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { ColumnProps } from '@douyinfe/semi-ui-19/lib/es/table';
import { MJ_ACTIONS, type MidjourneyView } from '@gateway/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../Token/date-time';
import { codeText, percent, taskSeconds } from './mj-filters';

type TagColor = 'blue' | 'green' | 'orange' | 'red' | 'grey' | 'cyan' | 'purple' | 'light-blue';

const STATUS_COLORS: Record<string, TagColor> = {
  SUCCESS: 'green',
  NOT_START: 'grey',
  SUBMITTED: 'orange',
  IN_PROGRESS: 'blue',
  FAILURE: 'red',
  MODAL: 'cyan',
};

const CODE_COLORS: Record<number, TagColor> = { 1: 'green', 21: 'light-blue', 22: 'orange', 0: 'red' };

const KNOWN_ACTIONS: ReadonlySet<string> = new Set(MJ_ACTIONS);

interface ColumnDeps {
  t: TFunction;
  admin: boolean;
  onCopyChannel(task: MidjourneyView): void;
  onShowImage(task: MidjourneyView): void;
  onShowText(text: string): void;
}

/** The drawing log's columns (document 3, section 2.1); the channel column only for admins. */
export function mjColumns(deps: ColumnDeps): ColumnProps<MidjourneyView>[] {
  const { t, admin } = deps;
  // Long texts show their start; a click opens the whole text in a dialog.
  const longText = (text: string, testId: string) =>
    text ? (
      <Typography.Text
        className="log-clickable mj-long-text"
        data-testid={testId}
        ellipsis={{ rows: 1 } as never}
        onClick={() => deps.onShowText(text)}
        style={{ maxWidth: 200, display: 'inline-block' }}
      >
        {text}
      </Typography.Text>
    ) : (
      t('mj.none')
    );
  const columns: Array<ColumnProps<MidjourneyView> | null> = [
    {
      title: t('mj.column.submitTime'),
      dataIndex: 'submit_time',
      render: (ms: number) => <span className="log-time">{formatDateTime(new Date(ms))}</span>,
    },
    {
      title: t('mj.column.duration'),
      dataIndex: 'finish_time',
      render: (finish: number, task: MidjourneyView) => {
        const seconds = taskSeconds(task.submit_time, finish);
        if (seconds === null) return t('mj.none');
        return (
          <Tag color={seconds > 60 ? 'red' : 'green'} data-testid={`mj-duration-${task.id}`}>
            {t('mj.seconds', { value: seconds })}
          </Tag>
        );
      },
    },
    admin
      ? {
          title: t('mj.column.channel'),
          dataIndex: 'channel_id',
          render: (channel: number, task: MidjourneyView) => (
            <span className="log-clickable" onClick={() => deps.onCopyChannel(task)}>
              <Tag color="blue">{channel}</Tag>
            </span>
          ),
        }
      : null,
    {
      title: t('mj.column.type'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tag color="purple">{t(KNOWN_ACTIONS.has(action) ? `mj.action.${action}` : 'mj.action.unknown')}</Tag>
      ),
    },
    { title: t('mj.column.taskId'), dataIndex: 'mj_id', render: (id: string) => id || t('mj.none') },
    {
      title: t('mj.column.code'),
      dataIndex: 'code',
      render: (code: number) => <Tag color={CODE_COLORS[code] ?? 'grey'}>{t(codeText(code))}</Tag>,
    },
    {
      title: t('mj.column.status'),
      dataIndex: 'status',
      render: (status: string) => (
        <Tag color={STATUS_COLORS[status] ?? 'grey'}>
          {t(status in STATUS_COLORS ? `mj.status.${status}` : 'mj.status.unknown')}
        </Tag>
      ),
    },
    {
      title: t('mj.column.progress'),
      dataIndex: 'progress',
      render: (progress: string, task: MidjourneyView) => (
        <Progress
          percent={percent(progress)}
          stroke={task.status === 'FAILURE' ? 'var(--semi-color-warning)' : undefined}
          showInfo
          aria-label={t('mj.column.progress')}
          data-testid={`mj-progress-${task.id}`}
          style={{ minWidth: 100 }}
        />
      ),
    },
    {
      title: t('mj.column.image'),
      dataIndex: 'image_url',
      render: (url: string, task: MidjourneyView) =>
        url ? (
          <Button size="small" onClick={() => deps.onShowImage(task)}>
            {t('mj.viewImage')}
          </Button>
        ) : (
          t('mj.none')
        ),
    },
    {
      title: t('mj.column.prompt'),
      dataIndex: 'prompt',
      render: (text: string, task: MidjourneyView) => longText(text, `mj-prompt-${task.id}`),
    },
    {
      title: t('mj.column.promptEn'),
      dataIndex: 'prompt_en',
      render: (text: string, task: MidjourneyView) => longText(text, `mj-prompt-en-${task.id}`),
    },
    {
      title: t('mj.column.failReason'),
      dataIndex: 'fail_reason',
      render: (text: string, task: MidjourneyView) => longText(text, `mj-fail-${task.id}`),
    },
  ];
  return columns.filter((c): c is ColumnProps<MidjourneyView> => c !== null);
}
