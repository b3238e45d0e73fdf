import { Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { OnlineTopUpCard } from './OnlineTopUpCard';
import { RedeemCodeCard } from './RedeemCodeCard';
import { TopUpOrders } from './TopUpOrders';
import { WalletBalance } from './WalletBalance';
import './wallet.css';

/** /topup, "my wallet": balance, redeem a code, online top-up, top-up link (document 2, 2.5). */
export function TopUpPage() {
  const { t } = useTranslation();
  return (
    <div className="wallet-page">
      <section className="page-card wallet-card">
        <div className="page-heading">
          <Typography.Title heading={4}>{t('wallet.title')}</Typography.Title>
        </div>
        <WalletBalance />
      </section>
      <RedeemCodeCard />
      <OnlineTopUpCard />
      <TopUpOrders />
    </div>
  );
}
