import { Button, Card, Descriptions, Modal, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { UpdateCheck } from '@gateway/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../../api/site-queries';
import { checkForUpdate } from '../../../api/system-info-queries';
import { RichContent } from '../../../components/RichContent';

/** Version and start time, and the check against the latest published release. */
export function SystemInfoCard() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const [checking, setChecking] = useState(false);
  const [release, setRelease] = useState<UpdateCheck | null>(null);

  const check = async () => {
    setChecking(true);
    try {
      const result = await checkForUpdate();
      if (result.update_available) setRelease(result);
      else Toast.success(t('settingSystem.other.info.upToDate', { version: result.current_version }));
    } catch {
      Toast.error(t('settingSystem.other.info.failed'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card className="setting-section" title={t('settingSystem.other.info.title')}>
      <div className="setting-info-row">
        <Descriptions
          row
          size="small"
          data={[
            { key: t('settingSystem.other.info.version'), value: status.version || '-' },
            {
              key: t('settingSystem.other.info.startTime'),
              value: status.start_time ? new Date(status.start_time * 1000).toLocaleString() : '-',
            },
          ]}
        />
        <Button loading={checking} onClick={() => void check()}>
          {t('settingSystem.other.info.check')}
        </Button>
      </div>
      <Modal
        visible={release !== null}
        title={release ? t('settingSystem.other.info.dialogTitle', { version: release.latest_version }) : ''}
        onCancel={() => setRelease(null)}
        onOk={() => setRelease(null)}
        hasCancel={false}
        okText={t('common.close')}
        width="min(640px, 94vw)"
      >
        {release && (
          <div data-testid="release-dialog">
            <Typography.Paragraph>
              {t('settingSystem.other.info.current', { version: release.current_version })}
            </Typography.Paragraph>
            <Typography.Paragraph strong>
              {t('settingSystem.other.info.latest', { version: release.latest_version })}
            </Typography.Paragraph>
            {release.release_notes.trim() ? (
              <RichContent content={release.release_notes} title={release.latest_version} />
            ) : (
              <Typography.Paragraph type="tertiary">
                {t('settingSystem.other.info.noNotes')}
              </Typography.Paragraph>
            )}
            {release.release_url && (
              <Typography.Text
                link={{ href: release.release_url, target: '_blank', rel: 'noopener noreferrer' }}
              >
                {t('settingSystem.other.info.openRelease')}
              </Typography.Text>
            )}
          </div>
        )}
      </Modal>
    </Card>
  );
}
