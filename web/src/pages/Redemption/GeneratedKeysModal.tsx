import { IconCopy, IconDownload } from '@douyinfe/semi-icons';
import { Button, Modal, Space, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { downloadTextFile, textFileName } from './download-text';

export interface GeneratedBatch {
  name: string;
  keys: string[];
}

/** Shows a freshly created batch once, to copy or save as a text file (one key per line). */
export function GeneratedKeysModal({ batch, onClose }: { batch: GeneratedBatch | null; onClose(): void }) {
  const { t } = useTranslation();
  const text = batch ? batch.keys.join('\n') : '';

  return (
    <Modal
      title={t('redemption.keys.title', { count: batch?.keys.length ?? 0 })}
      visible={batch !== null}
      onCancel={onClose}
      width={560}
      footer={
        <Space>
          <Button
            icon={<IconDownload />}
            onClick={() => downloadTextFile(text, textFileName(batch?.name ?? '', 'redemption-codes'))}
          >
            {t('redemption.keys.download')}
          </Button>
          <Button icon={<IconCopy />} onClick={() => void copyWithFeedback(text, t('redemption.copied'))}>
            {t('redemption.keys.copyAll')}
          </Button>
          <Button theme="solid" onClick={onClose}>
            {t('redemption.keys.close')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="tertiary">{t('redemption.keys.hint')}</Typography.Paragraph>
      <ol className="generated-keys" data-testid="generated-keys">
        {batch?.keys.map((key) => (
          <li key={key}>
            <code className="generated-key">{key}</code>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
