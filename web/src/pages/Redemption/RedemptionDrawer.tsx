import { Button, SideSheet, Space, Spin, Toast } from '@douyinfe/semi-ui-19';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCreateRedemptionsMutation,
  useRedemptionQuery,
  useUpdateRedemptionMutation,
} from '../../api/redemption-queries';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { RedemptionForm, type RedemptionFormApi } from './RedemptionForm';
import { REDEMPTION_FORM_DEFAULTS, toCreateRequest, type RedemptionFormValues } from './redemption-form';

export type DrawerTarget = { mode: 'create' } | { mode: 'edit'; id: number } | null;

interface Props {
  target: DrawerTarget;
  onClose(): void;
  /** A batch was created: its keys, to show once in the keys dialog. */
  onCreated(keys: string[], name: string): void;
}

/** Create (name, quota, count) or edit (name, quota) drawer of document 2, section 2.4. */
export function RedemptionDrawer({ target, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const formatQuota = useQuotaFormatter();
  const formApi = useRef<RedemptionFormApi | null>(null);
  const editId = target?.mode === 'edit' ? target.id : null;
  const existing = useRedemptionQuery(editId);
  const create = useCreateRedemptionsMutation();
  const update = useUpdateRedemptionMutation();

  const submit = (values: RedemptionFormValues) => {
    if (editId === null) {
      const request = toCreateRequest(values, formatQuota);
      create.mutate(request, {
        onSuccess: (keys) => {
          Toast.success(t('redemption.form.created'));
          onCreated(keys, request.name);
          onClose();
        },
      });
      return;
    }
    update.mutate(
      { id: editId, name: (values.name ?? '').trim(), quota: Number(values.quota) },
      {
        onSuccess: () => {
          Toast.success(t('redemption.form.updated'));
          onClose();
        },
      },
    );
  };

  const initialValues =
    editId === null
      ? REDEMPTION_FORM_DEFAULTS
      : existing.data && { name: existing.data.name, quota: existing.data.quota };

  return (
    <SideSheet
      title={t(editId === null ? 'redemption.form.createTitle' : 'redemption.form.editTitle')}
      visible={target !== null}
      onCancel={onClose}
      placement="right"
      width={isMobile ? '100%' : 520}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('redemption.form.cancel')}</Button>
          <Button
            theme="solid"
            loading={create.isPending || update.isPending}
            disabled={!initialValues}
            onClick={() => formApi.current?.submitForm()}
          >
            {t('redemption.form.submit')}
          </Button>
        </Space>
      }
    >
      {target && initialValues ? (
        <RedemptionForm
          // A new target starts a new form: no values leak from the previous code.
          key={editId ?? 'create'}
          mode={editId === null ? 'create' : 'edit'}
          initialValues={initialValues}
          getFormApi={(api) => (formApi.current = api)}
          onSubmit={submit}
        />
      ) : (
        // A code that cannot be loaded (deleted meanwhile) was already reported by a toast.
        target && !existing.isError && <Spin size="large" />
      )}
    </SideSheet>
  );
}
