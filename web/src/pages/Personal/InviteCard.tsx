import { IconCopy, IconExport } from '@douyinfe/semi-icons';
import { Button, Input, Typography } from '@douyinfe/semi-ui-19';
import type { UserView } from '@gateway/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAffCodeQuery } from '../../api/self-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { AffTransferModal } from './AffTransferModal';

/**
 * The invite link on the address the visitor reached the console by: the server's own address
 * falls back to localhost when the admin never set one, which invitees could not open.
 */
export function inviteLink(origin: string, affCode: string) {
  return `${origin.replace(/\/+$/, '')}/register?aff=${encodeURIComponent(affCode)}`;
}

/** What inviting earned so far, and the link to share. */
export function InviteCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const { data: affCode } = useAffCodeQuery();
  const link = affCode ? inviteLink(window.location.origin, affCode) : '';
  const [transferOpen, setTransferOpen] = useState(false);

  return (
    <section className="page-card">
      <Typography.Title heading={5}>{t('personal.inviteTitle')}</Typography.Title>
      <div className="stat-grid">
        <div className="stat-item">
          <Typography.Text type="tertiary">{t('personal.affCount')}</Typography.Text>
          <div className="stat-value">{user.aff_count}</div>
        </div>
        <div className="stat-item">
          <Typography.Text type="tertiary">{t('personal.affQuota')}</Typography.Text>
          <div className="stat-value">{formatQuota(user.aff_quota)}</div>
        </div>
        <div className="stat-item">
          <Typography.Text type="tertiary">{t('personal.affHistoryQuota')}</Typography.Text>
          <div className="stat-value">{formatQuota(user.aff_history_quota)}</div>
        </div>
      </div>
      <div className="inline-field">
        <Input
          readonly
          value={link}
          prefix={t('personal.inviteLink')}
          aria-label={t('personal.inviteLink')}
        />
        <Button
          icon={<IconCopy />}
          disabled={!link}
          onClick={() => void copyWithFeedback(link, t('personal.inviteCopied'))}
        >
          {t('personal.copyInviteLink')}
        </Button>
      </div>
      <Button
        icon={<IconExport />}
        style={{ marginTop: 12 }}
        disabled={user.aff_quota <= 0}
        onClick={() => setTransferOpen(true)}
      >
        {t('personalSettings.transfer.open')}
      </Button>
      <AffTransferModal
        visible={transferOpen}
        affQuota={user.aff_quota}
        onClose={() => setTransferOpen(false)}
      />
    </section>
  );
}
