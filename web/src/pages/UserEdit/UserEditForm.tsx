import { Button, Form } from '@douyinfe/semi-ui-19';
import type { UserView } from '@gateway/contract';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupsQuery } from '../../api/channel-queries';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { AddQuotaModal } from './AddQuotaModal';
import { toEditValues, type UserEditValues } from './user-edit-form';

export type UserEditFormApi = Parameters<
  NonNullable<ComponentProps<typeof Form<UserEditValues>>['getFormApi']>
>[0];

interface Props {
  user: UserView;
  /** An admin editing another user also sets group and quota. */
  asAdmin: boolean;
  getFormApi(api: UserEditFormApi): void;
  onSubmit(values: UserEditValues): void;
}

/** Accounts the user binds themselves; shown here, never edited. */
const BINDINGS = [
  ['github_id', 'users.edit.github'],
  ['oidc_id', 'users.edit.oidc'],
  ['wechat_id', 'users.edit.wechat'],
  ['email', 'users.edit.email'],
  ['telegram_id', 'users.edit.telegram'],
  ['linux_do_id', 'users.edit.linuxdo'],
] as const;

export function UserEditForm({ user, asAdmin, getFormApi, onSubmit }: Props) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const groups = useGroupsQuery();
  const [api, setApi] = useState<UserEditFormApi | null>(null);
  const [values, setValues] = useState<UserEditValues>(() => toEditValues(user));
  const [addingQuota, setAddingQuota] = useState(false);
  const quota = typeof values.quota === 'number' ? values.quota : user.quota;
  // The server's group list, plus the user's own group should it no longer be configured.
  const groupOptions = [...new Set([...(groups.data ?? []), user.group])].map((group) => ({
    label: group,
    value: group,
  }));

  return (
    <>
      <Form<UserEditValues>
        initValues={toEditValues(user)}
        getFormApi={(formApi) => {
          setApi(formApi);
          getFormApi(formApi);
        }}
        onValueChange={(next) => setValues(next)}
        onSubmit={onSubmit}
      >
        <Form.Input
          field="username"
          label={t('users.edit.username')}
          placeholder={t('users.edit.usernamePlaceholder')}
          autoComplete="off"
        />
        <Form.Input
          field="password"
          mode="password"
          label={t('users.edit.password')}
          placeholder={t('users.edit.passwordPlaceholder')}
          extraText={t('users.edit.passwordHint')}
          autoComplete="new-password"
        />
        {!asAdmin && values.password ? (
          <Form.Input
            field="original_password"
            mode="password"
            label={t('users.edit.originalPassword')}
            placeholder={t('users.edit.originalPasswordPlaceholder')}
            autoComplete="current-password"
          />
        ) : null}
        <Form.Input
          field="display_name"
          label={t('users.edit.displayName')}
          placeholder={t('users.edit.displayNamePlaceholder')}
          autoComplete="off"
        />
        {asAdmin && (
          <>
            <Form.Select
              field="group"
              label={t('users.edit.group')}
              placeholder={t('users.edit.groupPlaceholder')}
              optionList={groupOptions}
              style={{ width: '100%' }}
            />
            <div className="user-quota-row">
              <Form.InputNumber
                field="quota"
                label={t('users.edit.quota')}
                placeholder={t('users.edit.quotaPlaceholder')}
                extraText={t('users.edit.quotaWorth', { value: formatQuota(quota) })}
                precision={0}
                style={{ width: '100%' }}
              />
              <Button onClick={() => setAddingQuota(true)} style={{ marginBottom: 36 }}>
                {t('users.edit.addQuota')}
              </Button>
            </div>
          </>
        )}
        <Form.Section text={t('users.edit.bindings')}>
          {BINDINGS.map(([field, label]) => (
            <Form.Input
              key={field}
              field={`binding_${field}`}
              label={t(label)}
              initValue={user[field]}
              placeholder={t('users.edit.bindingPlaceholder')}
              disabled
            />
          ))}
        </Form.Section>
      </Form>
      {asAdmin && (
        <AddQuotaModal
          visible={addingQuota}
          current={quota}
          onClose={() => setAddingQuota(false)}
          onApply={(next) => api?.setValue('quota', next)}
        />
      )}
    </>
  );
}
