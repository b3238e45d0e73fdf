import { Input, Modal, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagChannels } from '../../../api/channel-actions';
import { useRefreshChannels } from '../../../api/channel-queries';

interface Props {
  ids: number[];
  visible: boolean;
  onClose(): void;
  onTagged(): void;
}

/** Gives the selected channels one tag (spec 2 §5: a tag is required). */
export function BatchTagModal({ ids, visible, onClose, onTagged }: Props) {
  const { t } = useTranslation();
  const refresh = useRefreshChannels();
  const [tag, setTag] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const name = tag.trim();
    if (!name) {
      Toast.warning(t('channels.messages.tagRequired'));
      return;
    }
    setSaving(true);
    try {
      const count = await tagChannels(ids, name);
      Toast.success(t('channels.messages.tagged', { count }));
      setTag('');
      onTagged();
      onClose();
      await refresh();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('channels.batchTag.title')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
    >
      <label className="channel-field-label" htmlFor="batch-tag-input">
        {t('channels.batchTag.label')}
      </label>
      <Input
        id="batch-tag-input"
        value={tag}
        placeholder={t('channels.batchTag.placeholder')}
        onChange={setTag}
        onEnterPress={() => void submit()}
      />
      <Typography.Text type="tertiary" size="small">
        {t('channels.batchTag.hint', { count: ids.length })}
      </Typography.Text>
    </Modal>
  );
}
