import { Banner, ImagePreview, Modal, Table, Typography } from '@douyinfe/semi-ui-19';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type MidjourneyView } from '@gateway/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../api/site-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { usePersistentNumber } from '../../components/table/persistent-columns';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { MjFilters } from './MjFilters';
import { mjColumns } from './mj-columns';
import { defaultMjFilters, toMjQuery } from './mj-filters';
import { useMjTasksQuery } from './midjourney-queries';

export const MJ_PAGE_SIZE_KEY = 'mj-page-size';

/** /midjourney: the drawing-task log (document 3, section 2.1); admins see every user's tasks. */
export function MidjourneyPage() {
  const { t } = useTranslation();
  const admin = isAdmin(useStoredUser());
  const status = useSiteStatus();
  const [draft, setDraft] = useState(() => defaultMjFilters());
  const [query, setQuery] = useState(() => toMjQuery(draft, admin));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePersistentNumber(MJ_PAGE_SIZE_KEY, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS);
  const [image, setImage] = useState<string | null>(null);
  const [longText, setLongText] = useState<string | null>(null);
  const tasks = useMjTasksQuery(admin, query, page, pageSize);

  const columns = useMemo(
    () =>
      mjColumns({
        t,
        admin,
        onCopyChannel: (task) =>
          void copyWithFeedback(String(task.channel_id), t('mj.channelCopied', { id: task.channel_id })),
        onShowImage: (task) => setImage(task.image_url),
        onShowText: setLongText,
      }),
    [t, admin],
  );

  return (
    <section className="page-card log-page">
      <div className="page-heading log-heading">
        <Typography.Title heading={4}>{t('mj.title')}</Typography.Title>
      </div>
      {admin && !status.mj_notify_enabled && (
        <Banner
          type="info"
          closeIcon={null}
          description={t('mj.notifyBanner')}
          style={{ marginBottom: 16 }}
        />
      )}
      <MjFilters
        values={draft}
        admin={admin}
        loading={tasks.isFetching}
        onChange={setDraft}
        onQuery={() => {
          setPage(1);
          setQuery(toMjQuery(draft, admin));
        }}
      />
      <Table<MidjourneyView>
        rowKey="id"
        columns={columns}
        dataSource={tasks.data?.items ?? []}
        loading={tasks.isPending}
        empty={t('mj.empty')}
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
      {image !== null && (
        // Mounted only while open: the viewer watches visibility, which costs nothing when closed.
        <ImagePreview
          src={image}
          visible
          onVisibleChange={(visible) => {
            if (!visible) setImage(null);
          }}
        />
      )}
      <Modal
        title={t('mj.detail')}
        visible={longText !== null}
        onCancel={() => setLongText(null)}
        footer={null}
        closeOnEsc
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {longText}
        </Typography.Paragraph>
      </Modal>
    </section>
  );
}
