import type { UserView } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  putOptions,
  registerAndLogin,
  setupAndLoginRoot,
  startFakeOAuth,
  startGateway,
  type FakeOAuth,
  type RunningGateway,
} from '@gateway/test-support';
import { startFakeOidc, type FakeOidc } from '../../test-support/src/fake-oidc.js';
import { startForgingOidc } from '../../test-support/src/fake-oidc-forger.js';
import { authorizeLink, callback, oauthRoundTrip, type AuthorizeTarget } from './support/oauth-flow.js';
import { manage } from './support/user-admin.js';

/** GitHub, LinuxDO and OIDC sign-in and binding against real local identity providers. */
describe('OAuth sign-in and binding', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let github: FakeOAuth;
  let linuxdo: FakeOAuth;
  let oidc: FakeOidc;
  let gh: AuthorizeTarget;
  let ld: AuthorizeTarget;
  let od: AuthorizeTarget;

  beforeAll(async () => {
    github = await startFakeOAuth({ flavour: 'github', clientId: 'gh-client', clientSecret: 'gh-secret' });
    linuxdo = await startFakeOAuth({ flavour: 'linuxdo', clientId: 'ld-client', clientSecret: 'ld-secret' });
    gw = await startGateway({ env: { ...github.env, ...linuxdo.env } });
    oidc = await startFakeOidc({
      clientId: 'oidc-client',
      clientSecret: 'oidc-secret',
      redirectUris: [`${gw.url}/oauth/oidc`],
    });
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      GitHubClientId: 'gh-client',
      GitHubClientSecret: 'gh-secret',
      GitHubOAuthEnabled: 'true',
      LinuxDOClientId: 'ld-client',
      LinuxDOClientSecret: 'ld-secret',
      LinuxDOOAuthEnabled: 'true',
      'oidc.client_id': 'oidc-client',
      'oidc.client_secret': 'oidc-secret',
      'oidc.well_known': oidc.wellKnown,
      'oidc.authorization_endpoint': oidc.authorizationEndpoint,
      'oidc.enabled': 'true',
      QuotaForNewUser: '1000',
      QuotaForInvitee: '300',
      QuotaForInviter: '500',
    });
    gh = {
      provider: 'github',
      authorizeUrl: github.authorizeUrl,
      clientId: 'gh-client',
      authorize: github.authorize,
    };
    ld = {
      provider: 'linuxdo',
      authorizeUrl: linuxdo.authorizeUrl,
      clientId: 'ld-client',
      authorize: linuxdo.authorize,
    };
    od = {
      provider: 'oidc',
      authorizeUrl: oidc.authorizationEndpoint,
      clientId: 'oidc-client',
      authorize: oidc.authorize,
    };
  });
  afterAll(async () => {
    await gw?.stop();
    await Promise.all([github?.close(), linuxdo?.close(), oidc?.close()]);
  });

  const self = async (client: ApiClient) => (await client.get<UserView>('/api/user/self')).body.data!;

  it('tells the console where the GitHub and LinuxDO authorise pages are', async () => {
    const status = (await new ApiClient(gw.url).get<Record<string, unknown>>('/api/status')).body.data!;
    expect(status.github_authorize_url).toBe(github.authorizeUrl);
    expect(status.linuxdo_authorize_url).toBe(linuxdo.authorizeUrl);
  });

  it('creates a GitHub user with the new-user quota and the invite rewards, once', async () => {
    const inviter = await registerAndLogin(gw.url, 'inviter');
    const affCode = (await inviter.get<string>('/api/user/aff')).body.data!;
    github.signInAs({ login: 'octocat', id: 1, name: 'The Octocat', email: 'octo@example.com' });
    const browser = new ApiClient(gw.url);
    const res = await oauthRoundTrip(browser, gh, affCode);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const me = await self(browser);
    expect(me).toMatchObject({
      github_id: 'octocat',
      display_name: 'The Octocat',
      email: 'octo@example.com',
      quota: 1300,
      inviter_id: inviter.userId,
    });
    expect(await self(inviter)).toMatchObject({
      aff_count: 1,
      aff_quota: 500,
      aff_history_quota: 500,
      quota: 1000,
    });

    // The same GitHub account later signs in to that account; nothing is granted again.
    const later = new ApiClient(gw.url);
    const again = await oauthRoundTrip(later, gh, affCode);
    expect(again.body.data?.id).toBe(me.id);
    expect((await self(later)).quota).toBe(1300);
    expect(await self(inviter)).toMatchObject({ aff_count: 1, aff_quota: 500 });
    // GitHub got the client credentials in its JSON token request.
    expect(JSON.parse(github.tokenRequests.at(-1)!.body)).toMatchObject({
      client_id: 'gh-client',
      client_secret: 'gh-secret',
    });
  });

  it('refuses a replayed, forged, missing or foreign state', async () => {
    github.signInAs({ login: 'stateful', id: 2 });
    const browser = new ApiClient(gw.url);
    const back = await github.authorize(await authorizeLink(browser, gh));
    const first = await callback(browser, 'github', back);
    expect(first.body.success).toBe(true);
    const replay = await callback(browser, 'github', back);
    expect([replay.status, replay.body.message]).toEqual([403, 'state is empty or not same']);

    const other = new ApiClient(gw.url);
    await authorizeLink(other, gh);
    const forged = new URL(back);
    forged.searchParams.set('code', github.issueCode({ login: 'stateful', id: 2 }));
    forged.searchParams.set('state', 'f'.repeat(32));
    expect((await callback(other, 'github', forged)).status).toBe(403);
    forged.searchParams.delete('state');
    expect((await callback(other, 'github', forged)).status).toBe(403);

    // A state issued to another browser does not work in this one.
    const stranger = new ApiClient(gw.url);
    const theirs = await github.authorize(await authorizeLink(stranger, gh));
    expect((await callback(new ApiClient(gw.url), 'github', theirs)).status).toBe(403);
  });

  it('binds GitHub to the signed-in user and refuses an account bound elsewhere', async () => {
    const alice = await registerAndLogin(gw.url, 'alice');
    github.signInAs({ login: 'alice-gh', id: 3 });
    const bound = await oauthRoundTrip(alice, gh);
    expect([bound.status, bound.body.success, bound.body.message]).toEqual([200, true, 'bind']);
    expect((await self(alice)).github_id).toBe('alice-gh');

    const bob = await registerAndLogin(gw.url, 'bob');
    const taken = await oauthRoundTrip(bob, gh);
    expect([taken.status, taken.body.message]).toEqual([409, '该 GitHub 账户已被绑定']);
    expect((await self(bob)).github_id).toBe('');

    // Signing in with it now reaches alice.
    const browser = new ApiClient(gw.url);
    expect((await oauthRoundTrip(browser, gh)).body.data?.username).toBe('alice');
  });

  it('refuses a banned user, a disabled method and new users when registration is closed', async () => {
    const carol = await registerAndLogin(gw.url, 'carol');
    github.signInAs({ login: 'carol-gh', id: 4 });
    await oauthRoundTrip(carol, gh);
    expect((await manage(root, carol.userId, 'disable')).body.success).toBe(true);
    const banned = await oauthRoundTrip(new ApiClient(gw.url), gh);
    expect([banned.status, banned.body.message]).toEqual([403, '用户已被封禁']);

    await putOptions(root, { RegisterEnabled: 'false' });
    github.signInAs({ login: 'newcomer', id: 5 });
    const closed = await oauthRoundTrip(new ApiClient(gw.url), gh);
    expect([closed.status, closed.body.message]).toEqual([403, '管理员关闭了新用户注册']);
    await putOptions(root, { RegisterEnabled: 'true' });

    await putOptions(root, { GitHubOAuthEnabled: 'false' });
    const disabled = await oauthRoundTrip(new ApiClient(gw.url), gh);
    expect([disabled.status, disabled.body.message]).toEqual([403, '管理员未开启通过 GitHub 登录以及注册']);
    await putOptions(root, { GitHubOAuthEnabled: 'true' });
  });

  it('signs in with LinuxDO, sending the client credentials by HTTP Basic', async () => {
    linuxdo.signInAs({ id: 4242, username: 'penguin', name: 'Tux' });
    const browser = new ApiClient(gw.url);
    const res = await oauthRoundTrip(browser, ld);
    expect(res.body.success).toBe(true);
    expect(await self(browser)).toMatchObject({
      linux_do_id: '4242',
      username: 'penguin',
      display_name: 'Tux',
      quota: 1000,
    });
    const request = linuxdo.tokenRequests.at(-1)!;
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from('ld-client:ld-secret').toString('base64')}`,
    );
    expect(new URLSearchParams(request.body).get('redirect_uri')).toBe(`${gw.url}/oauth/linuxdo`);

    const wrongCode = await callback(
      browser,
      'linuxdo',
      new URL(`${gw.url}/oauth/linuxdo?error=access_denied&error_description=denied`),
    );
    expect([wrongCode.status, wrongCode.body.message]).toEqual([400, 'denied']);
  });

  it('signs in with OIDC through the full authorization-code flow and checks the ID token', async () => {
    oidc.signInAs({ sub: 'sub-0001', email: 'dora@example.com', name: 'Dora', preferred_username: 'dora' });
    const browser = new ApiClient(gw.url);
    const res = await oauthRoundTrip(browser, od);
    expect(res.body.success).toBe(true);
    expect(await self(browser)).toMatchObject({
      oidc_id: 'sub-0001',
      username: 'dora',
      display_name: 'Dora',
      email: 'dora@example.com',
      quota: 1000,
    });
    const again = await oauthRoundTrip(new ApiClient(gw.url), od);
    expect(again.body.data?.id).toBe(res.body.data?.id);

    // A code the provider never issued is refused by the provider, and so by us.
    const stranger = new ApiClient(gw.url);
    const back = await oidc.authorize(await authorizeLink(stranger, od));
    back.searchParams.set('code', 'not-a-real-code');
    const forged = await callback(stranger, 'oidc', back);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^OIDC 获取 Token 失败/);
  });

  it('binds an OIDC subject to a signed-in user', async () => {
    const erin = await registerAndLogin(gw.url, 'erin');
    oidc.signInAs({ sub: 'sub-erin', email: 'erin@example.com' });
    const res = await oauthRoundTrip(erin, od);
    expect(res.body.message).toBe('bind');
    expect((await self(erin)).oidc_id).toBe('sub-erin');
    const frank = await registerAndLogin(gw.url, 'frank');
    const taken = await oauthRoundTrip(frank, od);
    expect([taken.status, taken.body.message]).toEqual([409, '该 OIDC 账户已被绑定']);
  });

  it('refuses ID tokens signed with an unpublished key, for another client or from another issuer', async () => {
    const forger = await startForgingOidc('oidc-client', 'forged-subject');
    try {
      await putOptions(root, {
        'oidc.well_known': forger.wellKnown,
        'oidc.authorization_endpoint': forger.authorizationEndpoint,
      });
      const target: AuthorizeTarget = {
        provider: 'oidc',
        authorizeUrl: forger.authorizationEndpoint,
        clientId: 'oidc-client',
        authorize: forger.authorize,
      };
      for (const forgery of ['unpublished-key', 'other-audience', 'other-issuer'] as const) {
        forger.forgery = forgery;
        const res = await oauthRoundTrip(new ApiClient(gw.url), target);
        expect([res.status, res.body.message.startsWith('OIDC 身份令牌校验失败')], forgery).toEqual([
          400,
          true,
        ]);
      }
      const forged = await gw.ctx.db
        .selectFrom('users')
        .select('id')
        .where('oidc_id', '=', 'forged-subject')
        .executeTakeFirst();
      expect(forged).toBeUndefined();
    } finally {
      await putOptions(root, {
        'oidc.well_known': oidc.wellKnown,
        'oidc.authorization_endpoint': oidc.authorizationEndpoint,
      });
      await forger.close();
    }
  });
});
