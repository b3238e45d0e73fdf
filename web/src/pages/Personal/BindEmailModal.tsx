import { Button, Input, Modal, Toast } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendVerificationCodeMutation } from '../../api/auth-queries';
import { useEmailBindMutation } from '../../api/oauth-queries';
import { useHumanCheck } from '../Login/useHumanCheck';
import { useResendCountdown } from '../Register/useResendCountdown';

/** Binding an email address: a code is mailed to it, and the code proves the address. */
export function BindEmailModal({
  visible,
  onClose,
  onBound,
}: {
  visible: boolean;
  onClose: () => void;
  onBound: () => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const send = useSendVerificationCodeMutation();
  const bind = useEmailBindMutation();
  const countdown = useResendCountdown();
  // The verification mail asks for the human check when the site has it on.
  const humanCheck = useHumanCheck();

  const sendCode = () => {
    if (!email.trim()) {
      Toast.error(t('oauth.emailRequired'));
      return;
    }
    const turnstile = humanCheck.take();
    if (turnstile === null) return;
    send.mutate(
      { email: email.trim(), turnstile },
      {
        onSuccess: () => {
          Toast.success(t('oauth.codeSent'));
          countdown.start();
        },
      },
    );
  };
  const submit = () => {
    const missing = !email.trim() ? 'oauth.emailRequired' : !code.trim() ? 'oauth.codeRequired' : '';
    if (missing) {
      Toast.error(t(missing));
      return;
    }
    bind.mutate(
      { email: email.trim(), code: code.trim() },
      {
        onSuccess: () => {
          Toast.success(t('oauth.emailBound'));
          onBound();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title={t('oauth.bindEmail')}
      visible={visible}
      onCancel={onClose}
      onOk={submit}
      okText={t('oauth.bind')}
      confirmLoading={bind.isPending}
      centered
      width="min(460px, 94vw)"
    >
      <div className="inline-field" style={{ marginBottom: 12 }}>
        <Input
          value={email}
          onChange={setEmail}
          type="email"
          placeholder={t('oauth.emailPlaceholder')}
          aria-label={t('oauth.email')}
        />
        <Button onClick={sendCode} loading={send.isPending} disabled={countdown.left > 0}>
          {countdown.left > 0 ? t('oauth.resendIn', { seconds: countdown.left }) : t('oauth.getCode')}
        </Button>
      </div>
      <Input
        value={code}
        onChange={setCode}
        placeholder={t('oauth.codeRequired')}
        aria-label={t('oauth.wechatCode')}
      />
      {humanCheck.widget}
    </Modal>
  );
}
