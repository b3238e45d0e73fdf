import { Button, Modal, Popconfirm, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import { IconPlus, IconRefresh } from '@douyinfe/semi-icons';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteChannels,
  deleteDisabledChannels,
  fixAbilities,
  testAllChannels,
  updateAllBalances,
} from '../../../api/channel-actions';
import { useRefreshChannels } from '../../../api/channel-queries';

interface Props {
  selectedIds: number[];
  onAdd(): void;
  onBatchTag(): void;
  onDeleted(): void;
  /** The column settings button (owned by the page, which keeps the choice). */
  columnSettings: ReactNode;
}

type Busy = 'deleteDisabled' | 'testAll' | 'balances' | 'fix' | 'batchDelete' | null;

/** Add, batch tag and delete, maintenance calls and refresh (spec 2 §2.2). */
export function ChannelToolbar({ selectedIds, onAdd, onBatchTag, onDeleted, columnSettings }: Props) {
  const { t } = useTranslation();
  const refresh = useRefreshChannels();
  const [busy, setBusy] = useState<Busy>(null);

  /** Runs a maintenance call; failures were already toasted by the API client. */
  const run = async (kind: Busy, call: () => Promise<void>) => {
    setBusy(kind);
    try {
      await call();
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const confirmProps = { okText: t('common.ok'), cancelText: t('common.cancel') };

  const batchTag = () => {
    if (selectedIds.length === 0) Toast.warning(t('channels.messages.selectToTag'));
    else onBatchTag();
  };

  const batchDelete = () => {
    if (selectedIds.length === 0) {
      Toast.warning(t('channels.messages.selectToDelete'));
      return;
    }
    const ids = [...selectedIds];
    Modal.confirm({
      title: t('channels.confirm.deleteSelected', { count: ids.length }),
      content: t('channels.confirm.irreversible'),
      okButtonProps: { type: 'danger' },
      ...confirmProps,
      onOk: () =>
        run('batchDelete', async () => {
          const count = await deleteChannels(ids);
          Toast.success(t('channels.messages.deletedMany', { count }));
          onDeleted();
        }),
    });
  };

  const updateBalances = () =>
    run('balances', async () => {
      const result = await updateAllBalances();
      Toast.success(t('channels.messages.balancesUpdated', { count: result.updated }));
      if (result.failed.length) {
        const names = result.failed.map((f) => `${f.name} (${f.message})`).join('; ');
        Toast.warning({
          content: t('channels.messages.balancesFailed', { count: result.failed.length, names }),
          duration: 6,
        });
      }
      if (result.disabled.length) {
        Toast.warning(t('channels.messages.balancesDisabled', { count: result.disabled.length }));
      }
    });

  const fix = () =>
    run('fix', async () => {
      const result = await fixAbilities();
      Modal.info({
        title: t('channels.messages.fixTitle'),
        content: t('channels.messages.fixDone', {
          channels: result.channels,
          abilities: result.abilities,
          orphans: result.orphans_removed,
        }),
        okText: t('common.ok'),
        hasCancel: false,
      });
    });

  return (
    <div className="channel-toolbar">
      <Space wrap>
        <Button theme="solid" icon={<IconPlus />} onClick={onAdd}>
          {t('channels.toolbar.add')}
        </Button>
        <Button onClick={batchTag}>{t('channels.toolbar.batchTag')}</Button>
        <Button type="danger" loading={busy === 'batchDelete'} onClick={batchDelete}>
          {t('channels.toolbar.batchDelete')}
        </Button>
        <Popconfirm
          title={t('channels.confirm.deleteDisabled')}
          content={t('channels.confirm.irreversible')}
          okType="danger"
          {...confirmProps}
          onConfirm={() =>
            run('deleteDisabled', async () => {
              const count = await deleteDisabledChannels();
              Toast.success(t('channels.messages.deletedDisabled', { count }));
            })
          }
        >
          <span>
            <Button type="danger" loading={busy === 'deleteDisabled'}>
              {t('channels.toolbar.deleteDisabled')}
            </Button>
          </span>
        </Popconfirm>
        <Popconfirm
          title={t('channels.confirm.testAll')}
          content={t('channels.confirm.testAllContent')}
          {...confirmProps}
          onConfirm={() =>
            run('testAll', async () => {
              await testAllChannels();
              Toast.info(t('channels.messages.testAllStarted'));
            })
          }
        >
          <span>
            <Button loading={busy === 'testAll'}>{t('channels.toolbar.testAll')}</Button>
          </span>
        </Popconfirm>
        <Popconfirm title={t('channels.confirm.updateBalances')} {...confirmProps} onConfirm={updateBalances}>
          <span>
            <Button loading={busy === 'balances'}>{t('channels.toolbar.updateBalances')}</Button>
          </span>
        </Popconfirm>
        <Popconfirm
          title={t('channels.confirm.fix')}
          content={t('channels.confirm.fixContent')}
          {...confirmProps}
          onConfirm={fix}
        >
          <span>
            <Button loading={busy === 'fix'}>{t('channels.toolbar.fix')}</Button>
          </span>
        </Popconfirm>
      </Space>
      <Space wrap>
        {selectedIds.length > 0 && (
          <Typography.Text type="tertiary">
            {t('channels.toolbar.selected', { count: selectedIds.length })}
          </Typography.Text>
        )}
        <Button icon={<IconRefresh />} onClick={() => void refresh()}>
          {t('channels.toolbar.refresh')}
        </Button>
        {columnSettings}
      </Space>
    </div>
  );
}
