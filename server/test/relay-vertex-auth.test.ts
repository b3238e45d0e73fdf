import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addChannel, anthropicError, apiError, balances, channelUsedQuota } from '@gateway/test-support';
import { CLAUDE, CLAUDE_USAGE, GEMINI, GEMINI_USAGE, START, useVertex } from './support/vertex.js';

/**
 * Vertex AI channels (type 41): a service-account key exchanged for an OAuth token at the key's
 * token_uri (a fake Google that checks the JWT signature with the account's public key), the token
 * cached and renewed, refusals and Google's errors answered as gateway errors, the console test.
 * The models served through these channels: relay-vertex.test.ts.
 */
describe('Vertex AI channels', () => {
  const h = useVertex();

  it('fetches one token per account and reuses it until it expires, even for concurrent requests', async () => {
    await h.vertexChannel({ content: 'ok', usage: GEMINI_USAGE });
    const before = h.upstream.google.grants;
    const ask = () =>
      h.openai().chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'x' }] });
    await Promise.all([ask(), ask(), ask()]);
    await ask();
    expect(h.upstream.google.grants - before).toBe(1);
    const grants = h.upstream.requests.all().filter((r) => r.route === 'google.token');
    expect(grants).toHaveLength(1);
    expect(grants[0]!.rawBody.toString()).toContain(
      'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer',
    );
    expect(h.upstream.requests.all().filter((r) => r.route === 'vertex.google')).toHaveLength(4);
  });

  it('fetches a new token when the cached one is within five minutes of expiring', async () => {
    h.upstream.google.expiresIn = 120;
    try {
      await h.vertexChannel({ content: 'ok', usage: GEMINI_USAGE });
      const before = h.upstream.google.grants;
      const ask = () =>
        h.openai().chat.completions.create({ model: GEMINI, messages: [{ role: 'user', content: 'x' }] });
      await ask();
      await ask();
      expect(h.upstream.google.grants - before).toBe(2);
    } finally {
      h.upstream.google.expiresIn = 3599;
    }
  });

  it('answers a refused token grant as a gateway error, charging nothing, and disables the channel', async () => {
    const account = h.upstream.google.createServiceAccount('proj-1');
    // Another private key: the fake Google finds the JWT signature wrong.
    const forged = JSON.parse(account.key) as Record<string, string>;
    forged.private_key = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const id = await addChannel(h.gw, {
      type: 41,
      name: 'vertex-forged',
      key: JSON.stringify(forged),
      baseUrl: h.upstream.url,
      other: 'us-east5',
      models: [CLAUDE],
    });
    const err = await anthropicError(
      h.anthropic().messages.create({
        model: CLAUDE,
        max_tokens: 5,
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(err.status).toBe(502);
    expect(err.error).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    expect(err.message).toContain('获取 Vertex AI 访问令牌失败 (HTTP 400)');
    expect(JSON.stringify(err.error)).not.toContain('BEGIN PRIVATE KEY');
    expect(h.upstream.requests.all().map((r) => r.route)).toEqual(['google.token']);
    expect(await channelUsedQuota(h.gw, id)).toBe(0);
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START);
    // A key Google refuses is the channel's fault, as an upstream 401 would be.
    const status = async () =>
      (
        await h.gw.ctx.db
          .selectFrom('channels')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    await expect.poll(status).toBe(3);
  });

  it("reads Google's error shape on the Claude route (an API not enabled for the project)", async () => {
    const message = 'Vertex AI API has not been used in project proj-1 before or it is disabled.';
    await h.vertexChannel({
      error: { status: 403, body: { error: { code: 403, message, status: 'PERMISSION_DENIED' } } },
    });
    const err = await apiError(
      h.openai().chat.completions.create({ model: CLAUDE, messages: [{ role: 'user', content: 'x' }] }),
    );
    // The project's permissions are the channel's business: a gateway error, not "your key".
    expect(err.status).toBe(502);
    expect(err.error).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(err.message).toContain(message);
  });

  it('tests a Vertex channel from the console with a real call', async () => {
    const { id } = await h.vertexChannel({ content: 'ok', usage: CLAUDE_USAGE });
    const res = await h.root.get<unknown>(`/api/channel/test/${id}`);
    expect(res.body.success, res.body.message).toBe(true);
    expect(h.upstream.requests.last()!.route).toBe('vertex.anthropic');
  });
});
