import { IconGift, IconLink } from '@douyinfe/semi-icons';
import { Button, Input, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../api/site-queries';
import { useRedeemCodeMutation } from '../../api/topup-queries';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';

/** Redeem a code (the balance is read again on success) and the link to buy codes elsewhere. */
export function RedeemCodeCard() {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const { top_up_link: topUpLink } = useSiteStatus();
  const redeem = useRedeemCodeMutation();
  const [code, setCode] = useState('');
  const [added, setAdded] = useState<number | null>(null);

  const submit = () => {
    const key = code.trim();
    if (!key) {
      Toast.error(t('wallet.redeem.empty'));
      return;
    }
    setAdded(null);
    // Failures (used, disabled, unknown code) come back as the server's message in a toast.
    redeem.mutate(key, {
      onSuccess: (quota) => {
        Toast.success(t('wallet.redeem.success'));
        setAdded(quota);
        setCode('');
      },
    });
  };

  const openTopUpLink = () => {
    if (!topUpLink) {
      Toast.error(t('wallet.redeem.linkMissing'));
      return;
    }
    window.open(topUpLink, '_blank', 'noopener,noreferrer');
  };

  return (
    <section className="page-card wallet-card">
      <Typography.Title heading={5}>{t('wallet.redeem.title')}</Typography.Title>
      <div className="wallet-redeem-row">
        <Input
          value={code}
          onChange={setCode}
          onEnterPress={submit}
          placeholder={t('wallet.redeem.placeholder')}
          aria-label={t('wallet.redeem.placeholder')}
          showClear
        />
        <Button theme="solid" icon={<IconGift />} loading={redeem.isPending} onClick={submit}>
          {t('wallet.redeem.submit')}
        </Button>
        <Button icon={<IconLink />} onClick={openTopUpLink}>
          {t('wallet.redeem.getCode')}
        </Button>
      </div>
      {added !== null && (
        <Typography.Text type="success" className="wallet-redeem-result" data-testid="redeem-result">
          {t('wallet.redeem.added', { quota: formatQuota(added) })}
        </Typography.Text>
      )}
    </section>
  );
}
