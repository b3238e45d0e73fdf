import { Button, Divider, Form, SideSheet, Space, Toast } from '@douyinfe/semi-ui-19';
import { TOKEN_BATCH_MAX, type TokenView } from '@gateway/contract';
import { useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateTokensMutation, useUpdateTokenMutation } from '../../api/token-queries';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { TokenExpiryField } from './TokenExpiryField';
import { TokenLimitFields } from './TokenLimitFields';
import { TokenCountField, TokenQuotaFields } from './TokenQuotaFields';
import {
  DEFAULT_TOKEN_FORM,
  formValuesOf,
  toCreateRequest,
  toUpdateRequest,
  type TokenFormProblem,
  type TokenFormValues,
} from './token-form';

type FormApi = Parameters<NonNullable<ComponentProps<typeof Form<TokenFormValues>>['getFormApi']>>[0];

interface Props {
  visible: boolean;
  /** The token to edit; null creates new ones. */
  token: TokenView | null;
  onClose(): void;
}

/** Number inputs give '' when cleared; the checks need NaN then, not 0. */
const asNumber = (value: unknown) =>
  typeof value === 'number' ? value : value === '' || value == null ? NaN : Number(value);

/** The create/edit drawer of the token page (document 2, sections 2.3, 5 and 9). */
export function TokenEditDrawer({ visible, token, onClose }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const formApi = useRef<FormApi | null>(null);
  const create = useCreateTokensMutation();
  const update = useUpdateTokenMutation();
  const editing = token !== null;

  const problemText = (problem: TokenFormProblem) => {
    switch (problem.field) {
      case 'name':
        return t('token.drawer.nameRequired');
      case 'expired_time':
        return t('token.drawer.expiryInvalid');
      case 'remain_quota':
        return t('token.drawer.quotaInvalid');
      case 'model_limits':
        return t('token.drawer.modelLimitsRequired');
      case 'count':
        return problem.reason === 'tooMany'
          ? t('token.drawer.countTooMany', { max: TOKEN_BATCH_MAX })
          : t('token.drawer.countInvalid');
    }
  };

  const submit = () => {
    const api = formApi.current;
    if (!api) return;
    const raw = api.getValues();
    const values: TokenFormValues = {
      ...DEFAULT_TOKEN_FORM,
      ...raw,
      name: raw.name ?? '',
      expired_time: raw.expired_time ?? '',
      allow_ips: raw.allow_ips ?? '',
      group: raw.group ?? '',
      model_limits: raw.model_limits ?? [],
      remain_quota: asNumber(raw.remain_quota),
      count: asNumber(raw.count),
    };
    const fail = (problem: TokenFormProblem) => {
      const message = problemText(problem);
      api.setError(problem.field, message);
      // The spec words the expiry mistake as a message, not only a field hint.
      if (problem.field === 'expired_time') Toast.error(message);
    };
    const done = (message: string) => () => {
      Toast.success(message);
      onClose();
    };
    if (token) {
      const checked = toUpdateRequest(token.id, values);
      if (!checked.ok) return fail(checked.problem);
      update.mutate(checked.request, { onSuccess: done(t('token.drawer.updated')) });
    } else {
      const checked = toCreateRequest(values);
      if (!checked.ok) return fail(checked.problem);
      create.mutate(checked.request, { onSuccess: done(t('token.drawer.created')) });
    }
  };

  return (
    <SideSheet
      title={editing ? t('token.drawer.editTitle') : t('token.drawer.createTitle')}
      visible={visible}
      onCancel={onClose}
      width={isMobile ? '100%' : 600}
      footer={
        <Space className="token-drawer-footer">
          <Button onClick={onClose}>{t('token.drawer.cancel')}</Button>
          <Button theme="solid" onClick={submit} loading={create.isPending || update.isPending}>
            {t('token.drawer.submit')}
          </Button>
        </Space>
      }
    >
      {visible && (
        <Form<TokenFormValues>
          // A fresh form per token, so one token's values never leak into the next.
          key={token?.id ?? 'new'}
          getFormApi={(api) => (formApi.current = api)}
          initValues={token ? formValuesOf(token) : DEFAULT_TOKEN_FORM}
          onSubmit={submit}
        >
          <Divider align="left">{t('token.drawer.basics')}</Divider>
          <Form.Input
            field="name"
            label={t('token.drawer.name')}
            placeholder={t('token.drawer.namePlaceholder')}
            maxLength={30}
            showClear
          />
          <TokenExpiryField />
          <Divider align="left">{t('token.drawer.quotaSection')}</Divider>
          <TokenQuotaFields />
          {!editing && <TokenCountField />}
          <Divider align="left">{t('token.drawer.limitsSection')}</Divider>
          <TokenLimitFields />
        </Form>
      )}
    </SideSheet>
  );
}
