import { Button, Form, SideSheet, Space, Toast } from '@douyinfe/semi-ui-19';
import { useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUserMutation } from '../../api/user-admin-queries';
import { useIsMobile } from '../../app/layout/useIsMobile';

interface NewUserValues {
  username?: string;
  display_name?: string;
  password?: string;
}

type FormApi = Parameters<NonNullable<ComponentProps<typeof Form<NewUserValues>>['getFormApi']>>[0];

/** Username, display name and password of a new user (document 1, section 5: both required). */
export function AddUserDrawer({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const create = useCreateUserMutation();
  const formApi = useRef<FormApi | null>(null);

  const submit = (values: NewUserValues) => {
    const username = (values.username ?? '').trim();
    const password = values.password ?? '';
    if (!username || !password) {
      Toast.error(t('users.create.required'));
      return;
    }
    create.mutate(
      { username, password, display_name: (values.display_name ?? '').trim() || undefined },
      {
        onSuccess: () => {
          Toast.success(t('users.create.created'));
          formApi.current?.reset();
          onClose();
        },
      },
    );
  };

  return (
    <SideSheet
      title={t('users.create.title')}
      visible={visible}
      onCancel={onClose}
      placement="right"
      width={isMobile ? '100%' : 520}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('users.edit.cancel')}</Button>
          <Button theme="solid" loading={create.isPending} onClick={() => formApi.current?.submitForm()}>
            {t('users.edit.submit')}
          </Button>
        </Space>
      }
    >
      <Form<NewUserValues> getFormApi={(api) => (formApi.current = api)} onSubmit={submit}>
        <Form.Input
          field="username"
          label={t('users.create.username')}
          placeholder={t('users.create.usernamePlaceholder')}
          autoComplete="off"
        />
        <Form.Input
          field="display_name"
          label={t('users.create.displayName')}
          placeholder={t('users.create.displayNamePlaceholder')}
          autoComplete="off"
        />
        <Form.Input
          field="password"
          mode="password"
          label={t('users.create.password')}
          placeholder={t('users.create.passwordPlaceholder')}
          autoComplete="new-password"
        />
      </Form>
    </SideSheet>
  );
}
