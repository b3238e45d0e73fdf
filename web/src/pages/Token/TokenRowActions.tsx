import { Button, Popconfirm, Space, Toast } from '@douyinfe/semi-ui-19';
import { TokenStatus, type TokenView } from '@gateway/contract';
import { useTranslation } from 'react-i18next';
import { useDeleteTokenMutation, useSetTokenStatusMutation } from '../../api/token-queries';
import { TokenChatMenu } from './TokenChatMenu';

/** Chat, enable/disable, edit and delete for one token. */
export function TokenRowActions({ token, onEdit }: { token: TokenView; onEdit(token: TokenView): void }) {
  const { t } = useTranslation();
  const setStatus = useSetTokenStatusMutation();
  const remove = useDeleteTokenMutation();
  // Only a disabled token is offered "enable": expired and exhausted ones need an edit first, and
  // the server says so if asked anyway.
  const enabling = token.status !== TokenStatus.Enabled;
  const next = enabling ? TokenStatus.Enabled : TokenStatus.Disabled;

  return (
    <Space spacing={4} wrap>
      <TokenChatMenu token={token} />
      <Button
        size="small"
        type={enabling ? 'secondary' : 'warning'}
        loading={setStatus.isPending}
        onClick={() =>
          setStatus.mutate(
            { id: token.id, status: next },
            { onSuccess: () => Toast.success(t('token.operationDone')) },
          )
        }
      >
        {enabling ? t('token.enable') : t('token.disable')}
      </Button>
      <Button size="small" type="tertiary" onClick={() => onEdit(token)}>
        {t('token.edit')}
      </Button>
      <Popconfirm
        title={t('token.deleteTitle')}
        content={t('token.deleteContent')}
        okType="danger"
        onConfirm={() => remove.mutate(token.id, { onSuccess: () => Toast.success(t('token.deleted')) })}
      >
        <span>
          <Button size="small" type="danger" loading={remove.isPending}>
            {t('token.delete')}
          </Button>
        </span>
      </Popconfirm>
    </Space>
  );
}
