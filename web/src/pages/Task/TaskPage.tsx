import { Modal, Table, Typography } from '@douyinfe/semi-ui-19';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type TaskView } from '@gateway/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { usePersistentNumber } from '../../components/table/persistent-columns';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { TaskFilters } from './TaskFilters';
import { taskColumns } from './task-columns';
import { defaultTaskFilters, toTaskQuery } from './task-filters';
import { useTasksQuery } from './task-queries';
import './task.css';

export const TASK_PAGE_SIZE_KEY = 'task-page-size';

type Dialog = { kind: 'task'; task: TaskView } | { kind: 'reason'; task: TaskView } | null;

/** /task: the creative-task (Suno) log, every user's for admins (document 3, section 2.2). */
export function TaskPage() {
  const { t } = useTranslation();
  const admin = isAdmin(useStoredUser());
  const [draft, setDraft] = useState(() => defaultTaskFilters());
  const [query, setQuery] = useState(() => toTaskQuery(draft, admin));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePersistentNumber(
    TASK_PAGE_SIZE_KEY,
    DEFAULT_PAGE_SIZE,
    PAGE_SIZE_OPTIONS,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const tasks = useTasksQuery(admin, query, page, pageSize);

  const columns = useMemo(
    () =>
      taskColumns({
        t,
        admin,
        onCopyChannel: (task) =>
          void copyWithFeedback(String(task.channel_id), t('task.channelCopied', { id: task.channel_id })),
        onOpenTask: (task) => setDialog({ kind: 'task', task }),
        onOpenReason: (task) => setDialog({ kind: 'reason', task }),
      }),
    [t, admin],
  );

  return (
    <section className="page-card task-page">
      <div className="page-heading">
        <Typography.Title heading={4}>{t('sidebar.taskLog')}</Typography.Title>
      </div>
      <TaskFilters
        values={draft}
        admin={admin}
        loading={tasks.isFetching}
        onChange={setDraft}
        onQuery={() => {
          setPage(1);
          setQuery(toTaskQuery(draft, admin));
        }}
      />
      <Table<TaskView>
        rowKey="id"
        columns={columns}
        dataSource={tasks.data?.items ?? []}
        loading={tasks.isPending}
        empty={t('task.empty')}
        scroll={{ x: 'max-content' }}
        pagination={{
          currentPage: page,
          pageSize,
          total: tasks.data?.total ?? 0,
          pageSizeOpts: [...PAGE_SIZE_OPTIONS],
          showSizeChanger: true,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }}
      />
      <Modal
        title={dialog?.kind === 'reason' ? t('task.failReasonTitle') : t('task.detailTitle')}
        visible={dialog !== null}
        onCancel={() => setDialog(null)}
        footer={null}
      >
        <pre className="task-json" data-testid="task-dialog-text">
          {dialog?.kind === 'reason'
            ? dialog.task.fail_reason
            : dialog
              ? JSON.stringify(dialog.task, null, 2)
              : ''}
        </pre>
      </Modal>
    </section>
  );
}
