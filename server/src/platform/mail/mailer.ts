import nodemailer from 'nodemailer';
import type { OptionStore } from '../../modules/options/store.js';

export class MailNotConfiguredError extends Error {
  constructor() {
    super('SMTP 服务器未配置');
  }
}

/**
 * Sends mail over the SMTP server configured in the options (SMTPServer, SMTPPort, SMTPAccount,
 * SMTPToken, SMTPFrom, SMTPSSLEnabled). Port 465 or SMTPSSLEnabled means implicit TLS; otherwise
 * STARTTLS is used when the server offers it.
 */
export async function sendMail(
  options: OptionStore,
  to: string,
  subject: string,
  html: string,
): Promise<void> {
  const host = options.str('SMTPServer').trim();
  const account = options.str('SMTPAccount').trim();
  if (!host || !account) throw new MailNotConfiguredError();
  const port = options.num('SMTPPort');
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: port === 465 || options.bool('SMTPSSLEnabled'),
    auth: { user: account, pass: options.str('SMTPToken') },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const from = options.str('SMTPFrom').trim() || account;
  try {
    await transport.sendMail({
      from: { name: options.str('SystemName'), address: from },
      to: to
        .split(';')
        .map((a) => a.trim())
        .filter(Boolean),
      subject,
      html,
    });
  } finally {
    transport.close();
  }
}
