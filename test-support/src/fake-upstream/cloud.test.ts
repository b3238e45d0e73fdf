/** The cloud fakes check credentials for real: SigV4 signatures and JWT-grant access tokens. */
import { generateKeyPairSync } from 'node:crypto';
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

describe('the fake Bedrock', () => {
  const PATH = '/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke';
  const BODY = JSON.stringify({
    anthropic_version: 'bedrock-2023-05-31',
    max_tokens: 5,
    messages: [{ role: 'user', content: 'hi' }],
  });

  async function signed(secret: string, accessKeyId: string, body = BODY) {
    const url = new URL(upstream.url + PATH);
    const signer = new SignatureV4({
      service: 'bedrock',
      region: 'us-east-1',
      credentials: { accessKeyId, secretAccessKey: secret },
      sha256: Hash.bind(null, 'sha256'),
    });
    const req = await signer.sign(
      new HttpRequest({
        method: 'POST',
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        headers: { host: url.host, 'content-type': 'application/json' },
        body: BODY,
      }),
    );
    const { host: _host, ...headers } = req.headers;
    return fetch(url, { method: 'POST', headers, body });
  }

  it('answers a correctly signed InvokeModel with an Anthropic message', async () => {
    const aws = upstream.aws.create();
    upstream.scenario(aws.accessKeyId, { content: 'signed ok' });
    const res = await signed(aws.secretAccessKey, aws.accessKeyId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      type: 'message',
      content: [{ type: 'text', text: 'signed ok' }],
    });
  });

  it('refuses a wrong secret, a changed body and an unknown key as AWS does', async () => {
    const aws = upstream.aws.create();
    const wrong = await signed('not-the-secret', aws.accessKeyId);
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('x-amzn-errortype')).toMatch(/^InvalidSignatureException:/);
    expect(await wrong.json()).toEqual({ message: expect.stringContaining('signature we calculated') });
    const tampered = await signed(aws.secretAccessKey, aws.accessKeyId, BODY.replace('hi', 'ho'));
    expect(tampered.status).toBe(403);
    const unknown = await signed('s', 'AKIAUNKNOWN');
    expect(unknown.headers.get('x-amzn-errortype')).toMatch(/^UnrecognizedClientException:/);
  });
});

describe('the fake Google token endpoint and Vertex AI', () => {
  const assertion = async (pem: string, email: string, aud = 'https://oauth2.googleapis.com/token') =>
    new SignJWT({ scope: 'https://www.googleapis.com/auth/cloud-platform' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(email)
      .setAudience(aud)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importPKCS8(pem, 'RS256'));
  const grant = (jwt: string) =>
    fetch(`${upstream.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: jwt,
      }),
    });
  const generate = (token: string, project: string) =>
    fetch(
      `${upstream.url}/v1/projects/${project}/locations/us-east5/publishers/google/models/gemini-x:generateContent`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      },
    );

  it("issues a token for an assertion signed with the account's key, which the publisher routes accept", async () => {
    const sa = upstream.google.createServiceAccount('proj-a');
    const key = JSON.parse(sa.key) as { private_key: string; token_uri: string };
    expect(key.token_uri).toBe(`${upstream.url}/token`);
    const before = upstream.google.grants;
    const res = await grant(await assertion(key.private_key, sa.email));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(upstream.google.grants).toBe(before + 1);
    expect((await generate(body.access_token, 'proj-a')).status).toBe(200);
    expect((await generate(body.access_token, 'proj-b')).status).toBe(403);
    expect((await generate('ya29.fake.999.nobody', 'proj-a')).status).toBe(401);
  });

  it('refuses an assertion signed with another key or for another audience', async () => {
    const sa = upstream.google.createServiceAccount();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const forged = await grant(await assertion(other, sa.email));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid JWT Signature.',
    });
    const key = JSON.parse(sa.key) as { private_key: string };
    expect((await grant(await assertion(key.private_key, sa.email, 'https://elsewhere'))).status).toBe(400);
  });
});
