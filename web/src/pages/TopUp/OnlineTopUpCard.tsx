import { IconCreditCard } from '@douyinfe/semi-icons';
import { Banner, Button, InputNumber, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { PaymentMethod } from '@gateway/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/http-client';
import { useSiteStatus } from '../../api/site-queries';
import { usePayMutation, useTopUpPriceQuery } from '../../api/topup-queries';
import { translateServerMessage } from '../../i18n/server-messages';
import { submitEpayForm } from './epay-form';
import { minimumTopUp, raiseAmount } from './top-up-amount';
import { useDebouncedValue } from './useDebouncedValue';

/** The price preview waits for typing to pause this long before asking the server. */
const PRICE_DEBOUNCE_MS = 400;

const PAYMENT_BUTTONS: Array<{ method: PaymentMethod; label: string }> = [
  { method: 'zfb', label: 'wallet.online.alipay' },
  { method: 'wx', label: 'wallet.online.wechat' },
];

type Tone = 'warning' | 'tertiary' | 'danger' | 'success';

/** The server's words when it answered, "请求失败" when it could not be reached. */
function serverWords(error: unknown): string | null {
  return error instanceof ApiRequestError && error.serverMessage
    ? translateServerMessage(error.serverMessage)
    : null;
}

/** Online top-up through Epay: amount, live price, Alipay or WeChat (document 2, section 2.5). */
export function OnlineTopUpCard() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const enabled = status.enable_online_topup;
  const minimum = minimumTopUp(status);
  const [amount, setAmount] = useState<number | ''>(minimum);
  const settledAmount = useDebouncedValue(amount, PRICE_DEBOUNCE_MS);
  const price = useTopUpPriceQuery(
    Number(settledAmount),
    enabled && settledAmount !== '' && settledAmount >= minimum,
  );
  const pay = usePayMutation();

  const startPayment = (method: PaymentMethod) => {
    if (!enabled) {
      Toast.error(t('wallet.online.disabled'));
      return;
    }
    if (amount === '' || amount < minimum) {
      Toast.error(t('wallet.online.belowMin', { min: minimum }));
      return;
    }
    pay.mutate(
      { amount, method },
      {
        onSuccess: (purchase) => {
          Toast.info(t('wallet.online.redirecting'));
          submitEpayForm(purchase);
        },
        onError: (error) => Toast.error(serverWords(error) ?? t('wallet.online.requestFailed')),
      },
    );
  };

  const preview: { tone: Tone; text: string } | null = (() => {
    if (!enabled || amount === '') return null;
    if (amount < minimum) return { tone: 'warning', text: t('wallet.online.belowMin', { min: minimum }) };
    if (amount !== settledAmount || price.isFetching) {
      return { tone: 'tertiary', text: t('wallet.online.calculating') };
    }
    if (price.error) {
      const words = serverWords(price.error);
      return {
        tone: 'danger',
        text: words ? t('wallet.online.amountError', { message: words }) : t('wallet.online.requestFailed'),
      };
    }
    return price.data ? { tone: 'success', text: t('wallet.online.payable', { money: price.data }) } : null;
  })();

  return (
    <section className="page-card wallet-card">
      <Typography.Title heading={5}>{t('wallet.online.title')}</Typography.Title>
      {!enabled && (
        <Banner type="warning" fullMode={false} closeIcon={null} description={t('wallet.online.disabled')} />
      )}
      <div className="wallet-amount-row">
        <InputNumber
          value={amount}
          onChange={(value) => setAmount(raiseAmount(value))}
          onBlur={() => setAmount((current) => (current === '' ? 1 : current))}
          prefix={status.display_in_currency ? '$' : undefined}
          aria-label={t('wallet.online.amount')}
          placeholder={t('wallet.online.amount')}
          disabled={!enabled}
          className="wallet-amount-input"
        />
        <Typography.Text type="tertiary">
          {t(
            status.display_in_currency ? 'wallet.online.amountCurrencyHint' : 'wallet.online.amountQuotaHint',
            {
              min: minimum,
            },
          )}
        </Typography.Text>
      </div>
      <div className="wallet-price" data-testid="topup-price" aria-live="polite">
        {preview && <Typography.Text type={preview.tone}>{preview.text}</Typography.Text>}
      </div>
      <div className="wallet-pay-buttons">
        {PAYMENT_BUTTONS.map(({ method, label }) => (
          <Button
            key={method}
            theme="solid"
            icon={<IconCreditCard />}
            disabled={!enabled}
            loading={pay.isPending && pay.variables?.method === method}
            onClick={() => startPayment(method)}
          >
            {t(label)}
          </Button>
        ))}
      </div>
    </section>
  );
}
