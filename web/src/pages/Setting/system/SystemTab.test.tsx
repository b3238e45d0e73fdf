import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fake-server';
import { inSection, puts, renderSettingsTab, section } from './system-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts and dialogs live outside the rendered tree; one test's must not satisfy the next.
  Toast.destroyAll();
  Modal.destroyAll();
});

const switchOf = (card: HTMLElement, id: string) => card.querySelector(`#${id}`) as HTMLElement;
// Semi names the dialog's buttons "cancel"/"confirm" for assistive tech, whatever their text.
const modalButton = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('.semi-modal-footer button')].find(
    (b) => b.textContent === text,
  )!;
const save = (card: HTMLElement, name: string) =>
  userEvent.click(inSection(card).getByRole('button', { name }));

describe('system settings tab', { timeout: 20_000 }, () => {
  it('sends only the changed keys, switches first, secrets only when typed', async () => {
    const { server } = renderSettingsTab('system', { SMTPServer: 'old.example.com', SMTPAccount: 'me' });
    const card = await section('配置 SMTP');
    const smtp = inSection(card);
    const host = await smtp.findByLabelText('SMTP 服务器地址');
    await userEvent.clear(host);
    await userEvent.type(host, 'smtp.example.com');
    await userEvent.click(switchOf(card, 'SMTPSSLEnabled'));
    expect(smtp.getByLabelText('SMTP 访问凭证').getAttribute('placeholder')).toBe(
      '敏感信息不会发送到前端显示',
    );
    await userEvent.type(smtp.getByLabelText('SMTP 访问凭证'), 'mail-pass');
    await save(card, '保存 SMTP 设置');
    await screen.findByText('保存成功');
    const sent = puts(server);
    expect(sent[0]).toEqual({ key: 'SMTPSSLEnabled', value: 'true' });
    expect(sent.slice(1)).toEqual(
      expect.arrayContaining([
        { key: 'SMTPServer', value: 'smtp.example.com' },
        { key: 'SMTPToken', value: 'mail-pass' },
      ]),
    );
    expect(sent).toHaveLength(3);
    // The typed secret is cleared once saved, so saving again sends nothing.
    await waitFor(() => expect((smtp.getByLabelText('SMTP 访问凭证') as HTMLInputElement).value).toBe(''));
  });

  it('trims trailing slashes, leaves an empty secret alone and warns when nothing changed', async () => {
    const { server } = renderSettingsTab('system');
    const card = await section('代理设置');
    await save(card, '更新 Worker 设置');
    expect(await screen.findByText('你似乎并没有修改什么')).toBeTruthy();
    await userEvent.type(inSection(card).getByLabelText('Worker 地址'), 'https://worker.example.com/');
    await save(card, '更新 Worker 设置');
    await waitFor(() =>
      expect(puts(server)).toEqual([{ key: 'WorkerUrl', value: 'https://worker.example.com' }]),
    );
  });

  it('asks before turning password sign-in off and restores the switch on cancel', async () => {
    const { server } = renderSettingsTab('system');
    const card = await section('配置登录注册');
    const box = switchOf(card, 'PasswordLoginEnabled');
    expect(box.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(box);
    expect(await screen.findByText('确定要取消密码登录吗？')).toBeTruthy();
    await userEvent.click(modalButton('取消'));
    await waitFor(() =>
      expect(switchOf(card, 'PasswordLoginEnabled').getAttribute('aria-checked')).toBe('true'),
    );
    await save(card, '保存登录注册设置');
    expect(await screen.findByText('你似乎并没有修改什么')).toBeTruthy();

    await userEvent.click(switchOf(card, 'PasswordLoginEnabled'));
    await waitFor(() => expect(document.querySelector('.semi-modal-footer')).not.toBeNull());
    await userEvent.click(modalButton('确定'));
    await userEvent.click(switchOf(card, 'RegisterEnabled'));
    await save(card, '保存登录注册设置');
    await waitFor(() =>
      expect(puts(server)).toEqual([
        { key: 'PasswordLoginEnabled', value: 'false' },
        { key: 'RegisterEnabled', value: 'false' },
      ]),
    );
  });

  it('turns on private webhook addresses from the outbound section', async () => {
    const { server } = renderSettingsTab('system');
    const card = await section('出站请求');
    expect(inSection(card).getByText('链路本地地址与云元数据地址始终禁止访问')).toBeTruthy();
    const box = switchOf(card, 'AllowPrivateWebhookAddresses');
    expect(box.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(box);
    await save(card, '保存出站请求设置');
    await waitFor(() =>
      expect(puts(server)).toEqual([{ key: 'AllowPrivateWebhookAddresses', value: 'true' }]),
    );
  });

  it('edits the email domain whitelist as tags, refusing bad and duplicate domains', async () => {
    const { server } = renderSettingsTab('system', { EmailDomainWhitelist: 'gmail.com,qq.com' });
    const card = await section('配置邮箱域名白名单');
    const ui = inSection(card);
    const input = ui.getByLabelText('输入要添加的邮箱域名，例如 gmail.com');
    await userEvent.type(input, 'not a domain');
    await userEvent.click(ui.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('邮箱域名格式不正确')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'gmail.com');
    await userEvent.click(ui.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('该域名已存在于白名单中')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'example.org{Enter}');
    expect(await ui.findByText('example.org')).toBeTruthy();
    const qq = ui.getByText('qq.com').closest('.semi-tag') as HTMLElement;
    await userEvent.click(qq.querySelector('.semi-tag-close') as HTMLElement);
    await save(card, '保存邮箱域名白名单设置');
    await waitFor(() =>
      expect(puts(server)).toEqual([{ key: 'EmailDomainWhitelist', value: 'gmail.com,example.org' }]),
    );
  });

  it('fills the OIDC endpoints from the discovery document, and says so when that fails', async () => {
    const { server } = renderSettingsTab('system', { ServerAddress: 'https://gw.example.com' });
    const card = await section('配置 OIDC');
    const ui = inSection(card);
    expect(ui.getByText('回调地址：https://gw.example.com/oauth/oidc')).toBeTruthy();
    const wellKnown = ui.getByLabelText('Well-Known URL');
    await userEvent.type(wellKnown, 'id.example.com');
    await userEvent.click(ui.getByRole('button', { name: '获取配置' }));
    expect(await screen.findByText('Well-Known URL 必须以 http:// 或 https:// 开头')).toBeTruthy();

    server.reply('GET', '/api/option/oidc_discovery', (_init, url) =>
      url.searchParams.get('url') === 'https://id.example.com/.well-known/openid-configuration'
        ? ok({
            authorization_endpoint: 'https://id.example.com/auth',
            token_endpoint: 'https://id.example.com/token',
            userinfo_endpoint: 'https://id.example.com/me',
          })
        : fail(502, '获取 OIDC 配置失败：ECONNREFUSED'),
    );
    await userEvent.clear(wellKnown);
    await userEvent.type(wellKnown, 'https://id.example.com/.well-known/openid-configuration');
    await userEvent.click(ui.getByRole('button', { name: '获取配置' }));
    expect(await screen.findByText('获取 OIDC 配置成功！')).toBeTruthy();
    expect((ui.getByLabelText('Authorization Endpoint') as HTMLInputElement).value).toBe(
      'https://id.example.com/auth',
    );
    expect((ui.getByLabelText('Token Endpoint') as HTMLInputElement).value).toBe(
      'https://id.example.com/token',
    );
    expect((ui.getByLabelText('User Info Endpoint') as HTMLInputElement).value).toBe(
      'https://id.example.com/me',
    );

    await userEvent.clear(wellKnown);
    await userEvent.type(wellKnown, 'https://down.example.com/.well-known/openid-configuration');
    await userEvent.click(ui.getByRole('button', { name: '获取配置' }));
    expect(
      await screen.findByText('获取 OIDC 配置失败，请检查网络状况和 Well-Known URL 是否正确'),
    ).toBeTruthy();
    // The server's detail stays out of the toast; the endpoints found before are kept.
    expect(screen.queryByText(/ECONNREFUSED/)).toBeNull();
    await save(card, '保存 OIDC 设置');
    await waitFor(() => expect(puts(server)).toHaveLength(4));
    expect(puts(server)).toEqual(
      expect.arrayContaining([
        { key: 'oidc.well_known', value: 'https://down.example.com/.well-known/openid-configuration' },
        { key: 'oidc.authorization_endpoint', value: 'https://id.example.com/auth' },
      ]),
    );
  });

  it('needs a saved server address and JSON group ratios before updating payment', async () => {
    const first = renderSettingsTab('system');
    const card = await section('支付设置');
    await userEvent.type(inSection(card).getByLabelText('易支付商户 ID'), '1001');
    await save(card, '更新支付设置');
    expect(await screen.findByText('请先填写服务器地址')).toBeTruthy();
    expect(puts(first.server)).toEqual([]);
    first.unmount();

    const { server } = renderSettingsTab('system', { ServerAddress: 'https://gw.example.com' });
    const payment = await section('支付设置');
    const ratios = inSection(payment).getByLabelText('充值分组倍率');
    await userEvent.clear(ratios);
    await userEvent.type(ratios, '{{"vip": 2');
    await userEvent.tab();
    expect(await inSection(payment).findByText('不是合法的 JSON 字符串')).toBeTruthy();
    await save(payment, '更新支付设置');
    expect(puts(server)).toEqual([]);
    await userEvent.type(ratios, '}');
    await save(payment, '更新支付设置');
    await waitFor(() => expect(puts(server)).toEqual([{ key: 'TopupGroupRatio', value: '{"vip": 2}' }]));
  });

  it('shows the OAuth callback addresses and sends a typed client secret', async () => {
    const { server } = renderSettingsTab('system', { ServerAddress: 'https://gw.example.com' });
    const card = await section('配置 GitHub OAuth App');
    expect(inSection(card).getByText('回调地址：https://gw.example.com/oauth/github')).toBeTruthy();
    expect(
      inSection(await section('配置 Linux DO OAuth')).getByText(
        '回调地址：https://gw.example.com/oauth/linuxdo',
      ),
    ).toBeTruthy();
    await userEvent.type(inSection(card).getByLabelText('GitHub Client ID'), 'gh-id');
    await userEvent.type(inSection(card).getByLabelText('GitHub Client Secret'), 'gh-secret');
    await save(card, '保存 GitHub OAuth 设置');
    await waitFor(() =>
      expect(puts(server)).toEqual(
        expect.arrayContaining([
          { key: 'GitHubClientId', value: 'gh-id' },
          { key: 'GitHubClientSecret', value: 'gh-secret' },
        ]),
      ),
    );
  });
});
