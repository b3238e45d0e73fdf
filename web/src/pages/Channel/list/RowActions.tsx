import { Button, Dropdown, Modal, Space, SplitButtonGroup, Tooltip } from '@douyinfe/semi-ui-19';
import { IconMore, IconTreeTriangleDown } from '@douyinfe/semi-icons';
import { ChannelStatus, type ChannelView } from '@gateway/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '../tag-rows';
import type { ChannelActions } from './use-channel-actions';

export interface RowDialogs {
  onEdit(channel: ChannelView): void;
  onCopy(channel: ChannelView): void;
  onTestModels(channel: ChannelView): void;
  onEditTag(tag: string): void;
}

interface ChannelProps {
  channel: ChannelView;
  actions: ChannelActions;
  dialogs: RowDialogs;
}

/**
 * Test (default model, or a chosen one in the dialog), enable/disable, edit, and a "more" menu
 * with copy and delete (confirmed): compact, since the column is fixed to the table's right edge.
 */
export function ChannelRowActions({ channel, actions, dialogs }: ChannelProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'test' | 'status' | null>(null);
  const enabled = channel.status === ChannelStatus.Enabled;

  const run = async (kind: 'test' | 'status', call: () => Promise<boolean>) => {
    setBusy(kind);
    try {
      await call();
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = () =>
    Modal.confirm({
      title: t('channels.confirm.deleteOne'),
      content: t('channels.confirm.irreversible'),
      okButtonProps: { type: 'danger' },
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => actions.remove(channel),
    });

  return (
    <Space spacing={4} className="channel-row-actions">
      <SplitButtonGroup aria-label={t('channels.actions.test')}>
        <Button
          size="small"
          theme="light"
          loading={busy === 'test'}
          onClick={() => void run('test', () => actions.test(channel))}
        >
          {t('channels.actions.test')}
        </Button>
        <Tooltip content={t('channels.actions.testModels')}>
          <span>
            <Button
              size="small"
              theme="light"
              icon={<IconTreeTriangleDown />}
              aria-label={t('channels.actions.testModels')}
              onClick={() => dialogs.onTestModels(channel)}
            />
          </span>
        </Tooltip>
      </SplitButtonGroup>
      <Button
        size="small"
        theme="light"
        type={enabled ? 'warning' : 'secondary'}
        loading={busy === 'status'}
        onClick={() => void run('status', () => actions.setEnabled(channel, !enabled))}
      >
        {enabled ? t('channels.actions.disable') : t('channels.actions.enable')}
      </Button>
      <Button size="small" theme="light" type="tertiary" onClick={() => dialogs.onEdit(channel)}>
        {t('channels.actions.edit')}
      </Button>
      <Dropdown
        trigger="click"
        position="bottomRight"
        menu={[
          { node: 'item', name: t('channels.actions.copy'), onClick: () => dialogs.onCopy(channel) },
          { node: 'item', name: t('channels.actions.delete'), type: 'danger', onClick: confirmDelete },
        ]}
      >
        <span>
          <Button
            size="small"
            theme="light"
            type="tertiary"
            icon={<IconMore />}
            aria-label={t('channels.actions.more')}
          />
        </span>
      </Dropdown>
    </Space>
  );
}

interface TagProps {
  row: TagRow;
  actions: ChannelActions;
  dialogs: RowDialogs;
}

/** A tag row: enable or disable every channel of the tag, or edit the tag. */
export function TagRowActions({ row, actions, dialogs }: TagProps) {
  const { t } = useTranslation();
  return (
    <Space spacing={4} className="channel-row-actions">
      <Button size="small" theme="light" onClick={() => void actions.setTagEnabled(row.tag, true)}>
        {t('channels.actions.enableAll')}
      </Button>
      <Button
        size="small"
        theme="light"
        type="warning"
        onClick={() => void actions.setTagEnabled(row.tag, false)}
      >
        {t('channels.actions.disableAll')}
      </Button>
      <Button size="small" theme="light" type="tertiary" onClick={() => dialogs.onEditTag(row.tag)}>
        {t('channels.actions.editTag')}
      </Button>
    </Space>
  );
}
