import { Button, Popconfirm, Space, Toast } from '@douyinfe/semi-ui-19';
import { RedemptionStatus, type RedemptionView } from '@gateway/contract';
import { useTranslation } from 'react-i18next';
import { useDeleteRedemptionMutation, useSetRedemptionStatusMutation } from '../../api/redemption-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';

interface Props {
  code: RedemptionView;
  onEdit(code: RedemptionView): void;
}

/**
 * Copy, enable/disable, edit and delete for one code. A used code can be neither enabled nor
 * edited (document 2, section 4); the buttons stay visible but disabled so the row explains itself.
 */
export function RedemptionRowActions({ code, onEdit }: Props) {
  const { t } = useTranslation();
  const setStatus = useSetRedemptionStatusMutation();
  const remove = useDeleteRedemptionMutation();
  const used = code.status === RedemptionStatus.Used;
  const lockedHint = used ? t('redemption.action.usedLocked') : undefined;
  const done = () => Toast.success(t('redemption.operationDone'));

  return (
    <Space spacing={4} wrap>
      <Button size="small" onClick={() => void copyWithFeedback(code.key, t('redemption.copied'))}>
        {t('redemption.action.copy')}
      </Button>
      {code.status === RedemptionStatus.Unused ? (
        <Button
          size="small"
          type="warning"
          loading={setStatus.isPending}
          onClick={() =>
            setStatus.mutate({ id: code.id, status: RedemptionStatus.Disabled }, { onSuccess: done })
          }
        >
          {t('redemption.action.disable')}
        </Button>
      ) : (
        <Button
          size="small"
          disabled={used}
          title={lockedHint}
          loading={setStatus.isPending}
          onClick={() =>
            setStatus.mutate({ id: code.id, status: RedemptionStatus.Unused }, { onSuccess: done })
          }
        >
          {t('redemption.action.enable')}
        </Button>
      )}
      <Button
        size="small"
        disabled={code.status !== RedemptionStatus.Unused}
        title={lockedHint}
        onClick={() => onEdit(code)}
      >
        {t('redemption.action.edit')}
      </Button>
      <Popconfirm
        title={t('redemption.action.deleteTitle')}
        content={t('redemption.action.deleteContent')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okType="danger"
        onConfirm={() => remove.mutate(code.id, { onSuccess: done })}
      >
        <span>
          <Button size="small" type="danger" loading={remove.isPending}>
            {t('redemption.action.delete')}
          </Button>
        </span>
      </Popconfirm>
    </Space>
  );
}
