import { Form, Modal, Toast } from '@douyinfe/semi-ui-19';
import { updateSelfRequest } from '@gateway/contract';
import { useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '../../api/self-queries';
import { zodFieldErrors } from '../../forms/zod-field-errors';

interface PasswordValues {
  original_password: string;
  password: string;
  password2: string;
}

type FormApi = Parameters<NonNullable<ComponentProps<typeof Form<PasswordValues>>['getFormApi']>>[0];

/**
 * Document 1, section 5: the two fields must match; the length rule is the shared schema's. The
 * current password is required by the server, so a stolen session cannot take the account over.
 */
export function ChangePasswordModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePasswordMutation();
  const formApi = useRef<FormApi | null>(null);

  const validate = (values: PasswordValues) => {
    const errors = zodFieldErrors(updateSelfRequest.pick({ password: true }), {
      password: values.password ?? '',
    });
    if (!values.original_password) errors.original_password = t('users.account.originalPasswordRequired');
    if (!values.password) errors.password = t('personal.newPasswordPlaceholder');
    if (!errors.password && values.password !== values.password2)
      errors.password2 = t('personal.passwordMismatch');
    return Object.keys(errors).length ? errors : '';
  };

  const submit = (values: PasswordValues) =>
    change.mutate(
      { password: values.password, original_password: values.original_password },
      {
        onSuccess: () => {
          Toast.success(t('personal.passwordChanged'));
          onClose();
        },
      },
    );

  return (
    <Modal
      title={t('personal.changePassword')}
      visible={visible}
      onCancel={onClose}
      onOk={() => formApi.current?.submitForm()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      afterClose={() => formApi.current?.reset()}
    >
      <Form<PasswordValues>
        getFormApi={(api) => (formApi.current = api)}
        validateFields={validate}
        onSubmit={submit}
      >
        <Form.Input
          field="original_password"
          mode="password"
          label={t('users.account.originalPassword')}
          placeholder={t('users.account.originalPasswordPlaceholder')}
          autoComplete="current-password"
        />
        <Form.Input
          field="password"
          mode="password"
          label={t('personal.newPassword')}
          placeholder={t('personal.newPasswordPlaceholder')}
          autoComplete="new-password"
        />
        <Form.Input
          field="password2"
          mode="password"
          label={t('personal.confirmNewPassword')}
          placeholder={t('personal.confirmNewPasswordPlaceholder')}
          autoComplete="new-password"
        />
      </Form>
    </Modal>
  );
}
