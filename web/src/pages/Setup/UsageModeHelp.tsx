import { Modal, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';

/** The help dialog of the setup wizard: what each of the three usage modes means. */
export function UsageModeHelp({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const modes = [
    ['setup.modeExternal', 'setup.modeExternalHelp'],
    ['setup.modeSelf', 'setup.modeSelfHelp'],
    ['setup.modeDemo', 'setup.modeDemoHelp'],
  ] as const;
  return (
    <Modal
      title={t('setup.usageModeHelp')}
      visible={visible}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.ok')}
      hasCancel={false}
    >
      {modes.map(([title, text]) => (
        <div key={title} className="usage-mode-help">
          <Typography.Title heading={6}>{t(title)}</Typography.Title>
          <Typography.Paragraph>{t(text)}</Typography.Paragraph>
        </div>
      ))}
    </Modal>
  );
}
