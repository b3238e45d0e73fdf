import type { IdentityKind } from './accounts.js';

/** How each third-party identity is stored and named, with the console's messages. */
export const KINDS = {
  github: {
    column: 'github_id',
    prefix: 'github',
    fallbackName: 'GitHub User',
    alreadyBound: '该 GitHub 账户已被绑定',
  },
  oidc: {
    column: 'oidc_id',
    prefix: 'oidc',
    fallbackName: 'OIDC User',
    alreadyBound: '该 OIDC 账户已被绑定',
  },
  linuxdo: {
    column: 'linux_do_id',
    prefix: 'linuxdo',
    fallbackName: 'LinuxDO User',
    alreadyBound: '该 Linux DO 账户已被绑定',
  },
  wechat: {
    column: 'wechat_id',
    prefix: 'wechat',
    fallbackName: 'WeChat User',
    alreadyBound: '该微信账号已被绑定',
  },
  telegram: {
    column: 'telegram_id',
    prefix: 'telegram',
    fallbackName: 'Telegram User',
    alreadyBound: '该 Telegram 账户已被绑定',
  },
} satisfies Record<string, IdentityKind>;
