import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, setupAndLoginRoot, startGateway, type RunningGateway } from '@gateway/test-support';

describe('options API', () => {
  let gw: RunningGateway;
  let root: ApiClient;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
  });
  afterAll(async () => {
    await gw.stop();
  });

  const get = async (key: string) =>
    (await root.get<Array<{ key: string; value: string }>>('/api/option/')).body.data!.find(
      (o) => o.key === key,
    )?.value;

  it('lists every declared option but never the secrets', async () => {
    const list = (await root.get<Array<{ key: string; value: string }>>('/api/option/')).body.data!;
    const keys = list.map((o) => o.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'QuotaPerUnit',
        'ModelRatio',
        'GitHubClientId',
        'oidc.client_id',
        'TurnstileSiteKey',
      ]),
    );
    for (const secret of [
      'GitHubClientSecret',
      'SMTPToken',
      'EpayKey',
      'TurnstileSecretKey',
      'oidc.client_secret',
      'TelegramBotToken',
    ]) {
      expect(keys).not.toContain(secret);
    }
    await root.put('/api/option/', { key: 'EpayKey', value: 'super-secret' });
    expect(JSON.stringify((await root.get('/api/option/')).body)).not.toContain('super-secret');
  });

  it('saves a valid value and applies it at once', async () => {
    expect((await root.put('/api/option/', { key: 'SystemName', value: 'My Gateway' })).body.success).toBe(
      true,
    );
    expect((await root.get<{ system_name: string }>('/api/status')).body.data?.system_name).toBe(
      'My Gateway',
    );
    expect((await root.put('/api/option/', { key: 'QuotaPerUnit', value: 1000 })).body.success).toBe(true);
    expect(await get('QuotaPerUnit')).toBe('1000');
  });

  it('refuses invalid values and keeps the old one', async () => {
    const before = await get('ModelRatio');
    const badJson = await root.put('/api/option/', { key: 'ModelRatio', value: '{"gpt-4o": 1,' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toBe('不是合法的 JSON 字符串');
    expect(await get('ModelRatio')).toBe(before);

    const negative = await root.put('/api/option/', { key: 'GroupRatio', value: '{"default": -1}' });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('group ratio must be not less than 0: default');

    const notNumber = await root.put('/api/option/', { key: 'RetryTimes', value: 'three' });
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.message).toContain('RetryTimes must be an integer');

    const notBool = await root.put('/api/option/', { key: 'RegisterEnabled', value: 'yes' });
    expect(notBool.status).toBe(400);

    const unknown = await root.put('/api/option/', { key: 'NoSuchOption', value: '1' });
    expect(unknown.status).toBe(400);
  });

  it('refuses to enable a sign-in method before its client id is set', async () => {
    const res = await root.put('/api/option/', { key: 'GitHubOAuthEnabled', value: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
    );
    expect(await get('GitHubOAuthEnabled')).toBe('false');
    await root.put('/api/option/', { key: 'GitHubClientId', value: 'abc' });
    expect((await root.put('/api/option/', { key: 'GitHubOAuthEnabled', value: 'true' })).body.success).toBe(
      true,
    );
  });

  it('trims trailing slashes from addresses', async () => {
    await root.put('/api/option/', { key: 'ServerAddress', value: 'https://gw.example.com/' });
    expect(await get('ServerAddress')).toBe('https://gw.example.com');
    const bad = await root.put('/api/option/', { key: 'ServerAddress', value: 'ftp://x' });
    expect(bad.status).toBe(400);
  });

  it('is root-only', async () => {
    const anon = new ApiClient(gw.url);
    expect((await anon.get('/api/option/')).status).toBe(401);
  });
});
