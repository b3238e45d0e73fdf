import type { AdminUpdateUserRequest, UserView } from '@gateway/contract';

/** Values of the edit-user form. */
export interface UserEditValues {
  username?: string;
  display_name?: string;
  password?: string;
  original_password?: string;
  group?: string;
  quota?: number;
}

export const toEditValues = (user: UserView): UserEditValues => ({
  username: user.username,
  display_name: user.display_name,
  password: '',
  original_password: '',
  group: user.group,
  quota: user.quota,
});

/**
 * The admin update. The quota goes only when the admin changed it: the server applies it as a
 * delta from the value it holds, and resending an unchanged but stale number would wipe out the
 * charges made since the drawer was opened.
 */
export function toAdminUpdate(user: UserView, values: UserEditValues): AdminUpdateUserRequest {
  const request: AdminUpdateUserRequest = {
    id: user.id,
    username: (values.username ?? '').trim(),
    display_name: (values.display_name ?? '').trim(),
  };
  if (values.group) request.group = values.group;
  if (values.password) request.password = values.password;
  if (typeof values.quota === 'number' && values.quota !== user.quota) request.quota = values.quota;
  return request;
}

/** The personal edit: no group or quota; a new password needs the current one. */
export function toSelfUpdate(values: UserEditValues) {
  return {
    username: (values.username ?? '').trim(),
    display_name: (values.display_name ?? '').trim(),
    ...(values.password
      ? { password: values.password, original_password: values.original_password ?? '' }
      : {}),
  };
}
