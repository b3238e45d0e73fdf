import { z } from 'zod';

export const setupRequest = z.object({
  username: z.string().trim().min(1, '请输入管理员用户名').max(12, '用户名长度不能超过12个字符'),
  password: z.string().min(8, '密码长度至少为8个字符').max(20, '密码长度不能超过20个字符'),
  confirmPassword: z.string(),
  SelfUseModeEnabled: z.boolean().default(false),
  DemoSiteEnabled: z.boolean().default(false),
});
export type SetupRequest = z.input<typeof setupRequest>;

/** When an administrator already exists, the wizard only sets the usage mode. */
export const setupModeRequest = setupRequest.pick({ SelfUseModeEnabled: true, DemoSiteEnabled: true });

export interface SetupStatus {
  status: boolean;
  root_init: boolean;
  database_type: 'sqlite' | 'mysql' | 'postgres' | '';
}
