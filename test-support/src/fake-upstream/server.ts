/**
 * The fake upstream server: records every request, picks a scenario from the API key, applies
 * the scenario's generic behaviour (delay, dropped connection, failures) and hands the request
 * to the matching protocol-family route.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { aiproxyLibraryRoutes } from './aiproxy-library/routes.js';
import { anthropicRoutes } from './anthropic/routes.js';
import { BaiduAccounts } from './baidu/accounts.js';
import { baiduRoutes } from './baidu/routes.js';
import { AwsKeys } from './bedrock/keys.js';
import { bedrockRoutes } from './bedrock/routes.js';
import { dashScopeRoutes } from './dashscope/routes.js';
import { cohereRoutes } from './cohere/routes.js';
import { difyRoutes } from './dify/routes.js';
import { geminiRoutes } from './gemini/routes.js';
import { TencentKeys } from './hunyuan/keys.js';
import { hunyuanRoutes } from './hunyuan/routes.js';
import { multipartBoundary, parseMultipart } from './multipart.js';
import { openAIFamily } from './openai/family.js';
import { realtimeRoute, serveRealtime } from './openai/realtime.js';
import { openAIRoutes } from './openai/routes.js';
import { palmRoutes } from './palm/routes.js';
import { Reply } from './reply.js';
import { RequestLog } from './requests.js';
import { matchRoute, type Route } from './router.js';
import { ScenarioBook, extractKey } from './scenarios.js';
import { SparkApps } from './spark/apps.js';
import { isSparkPath, serveSpark } from './spark/upgrade.js';
import { GoogleAccounts } from './vertex/accounts.js';
import { vertexRoutes } from './vertex/routes.js';
import type { FakeUpstreamOptions, RecordedRequest, ScenarioSpec, UploadedFile } from './types.js';
import { ZhipuKeys } from './zhipu/keys.js';
import { zhipuRoutes } from './zhipu/routes.js';

/** Protocol families in match order; the cloud ones check credentials this server issued. */
function routes(aws: AwsKeys, google: GoogleAccounts, cn: ChineseClouds): readonly Route[] {
  return [
    ...anthropicRoutes,
    ...geminiRoutes,
    ...bedrockRoutes(aws),
    ...vertexRoutes(google),
    ...cohereRoutes,
    ...difyRoutes,
    ...baiduRoutes(cn.baidu),
    ...zhipuRoutes(cn.zhipu),
    ...hunyuanRoutes(cn.hunyuan),
    ...openAIRoutes,
    ...dashScopeRoutes(),
    ...palmRoutes,
    ...aiproxyLibraryRoutes,
  ];
}

/** Credentials of the Chinese clouds' native APIs, issued by the fake so it can check them. */
export interface ChineseClouds {
  /** Baidu ERNIE applications (`baidu.create()`), tokens issued, `grants`, `expiresIn`. */
  baidu: BaiduAccounts;
  /** Zhipu v3 keys (`zhipu.create()`): every call's JWT is verified with the secret. */
  zhipu: ZhipuKeys;
  /** Tencent Cloud keys (`hunyuan.create()`): every call's TC3 signature is recomputed. */
  hunyuan: TencentKeys;
}

export interface FakeUpstream {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`; OpenAI SDKs take `${url}/v1`. */
  readonly url: string;
  /** Everything received so far. */
  readonly requests: RequestLog;
  /** Behaviour for requests made with `key` (replaces an earlier registration and its counters). */
  scenario(key: string, spec: ScenarioSpec): void;
  /** One spec per request, in order; the last one keeps serving once reached. */
  scenarioSequence(key: string, specs: ScenarioSpec[]): void;
  /** Behaviour for keys without a registration. */
  setDefaultScenario(spec: ScenarioSpec): void;
  /** Forgets registered scenarios and recorded requests (the default scenario stays). */
  reset(): void;
  /** AWS keys the fake Bedrock accepts (`aws.create(region)` gives a channel key). */
  readonly aws: AwsKeys;
  /** The fake Google: service accounts (`google.createServiceAccount()`), issued tokens, grant count. */
  readonly google: GoogleAccounts;
  /** Xunfei apps the fake Spark WebSocket accepts (`spark.create()` gives a channel key). */
  readonly spark: SparkApps;
  /** Baidu, Zhipu and Tencent credentials (see `ChineseClouds`). */
  readonly cn: ChineseClouds;
  /** Stops listening and cuts open connections, including hanging streams. */
  close(): Promise<void>;
}

interface ParsedBody {
  body: unknown;
  files: UploadedFile[];
  invalidJson: boolean;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseBody(contentType: string | undefined, raw: Buffer): ParsedBody {
  const boundary = multipartBoundary(contentType);
  if (boundary) {
    const form = parseMultipart(raw, boundary);
    return { body: form.fields, files: form.files, invalidJson: false };
  }
  // Without a content type we still try JSON: a gateway that forgets the header should not get
  // a confusing failure here, and the header is visible in the recorded request anyway.
  const jsonish = !contentType || /json/i.test(contentType);
  if (raw.length === 0 || !jsonish) return { body: undefined, files: [], invalidJson: false };
  try {
    return { body: JSON.parse(raw.toString('utf8')) as unknown, files: [], invalidJson: false };
  } catch {
    return { body: undefined, files: [], invalidJson: true };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const requests = new RequestLog();
  const scenarios = new ScenarioBook(options.defaultScenario);
  let baseUrl = '';
  const aws = new AwsKeys();
  const google = new GoogleAccounts(() => baseUrl);
  const spark = new SparkApps();
  const cn: ChineseClouds = {
    baidu: new BaiduAccounts(),
    zhipu: new ZhipuKeys(),
    hunyuan: new TencentKeys(),
  };
  const ROUTES = routes(aws, google, cn);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-upstream');
    const query = Object.fromEntries(url.searchParams);
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch {
      return; // The client gave up while uploading; there is no one to answer.
    }
    const parsed = parseBody(req.headers['content-type'], raw);
    const method = req.method ?? 'GET';
    const key = extractKey(req.headers, query);
    const match = matchRoute(ROUTES, method, url.pathname);
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query,
      headers: req.headers,
      key,
      body: parsed.body,
      rawBody: raw,
      files: parsed.files,
      route: match?.route.name,
      params: match?.params ?? {},
      time: Date.now(),
      clientAborted: false,
    };

    if (!match) {
      requests.add(record);
      const reply = new Reply(res, {}, openAIFamily, record);
      const message = `Invalid URL (${method} ${url.pathname})`;
      return reply.error({ status: 404, message, type: 'invalid_request_error', code: null });
    }

    const { spec, fail, registered } = scenarios.resolve(key);
    record.scenario = spec.name;
    requests.add(record);
    const family = match.route.family;
    const reply = new Reply(res, spec, family, record);

    if (!(await reply.sleep(spec.delayMs))) return;
    if (spec.dropConnection) return reply.destroy();
    if (!key && options.requireKey) return reply.error(family.missingKey());
    if (!registered && key.startsWith('invalid')) return reply.error(family.invalidKey(key));
    if (fail) return reply.error(spec.error ?? family.defaultFailure());

    await match.route.handle({
      request: record,
      body: isObject(parsed.body) ? parsed.body : {},
      invalidJson: parsed.invalidJson,
      params: match.params,
      spec,
      reply,
      baseUrl,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the fake must surface as a loud 500, never as a silently hanging test.
      const message = `fake upstream crashed: ${error instanceof Error ? error.stack : String(error)}`;
      console.error(message);
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message, type: 'fake_upstream_error', param: null, code: null } }));
    });
  });

  // WebSocket upgrades (OpenAI Realtime) leave the HTTP server's connection tracking: kept here.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://fake-upstream');
    if (isSparkPath(url.pathname))
      return void serveSpark(req, socket, head, { apps: spark, scenarios, requests });
    const query = Object.fromEntries(url.searchParams);
    const key = extractKey(req.headers, query);
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      headers: req.headers,
      key,
      body: undefined,
      rawBody: Buffer.alloc(0),
      files: [],
      route: realtimeRoute(url.pathname),
      params: {},
      time: Date.now(),
      clientAborted: false,
    };
    const { spec, fail, registered } = scenarios.resolve(key);
    record.scenario = spec.name;
    requests.add(record);
    const refusal =
      record.route === undefined
        ? { status: 404, message: `Invalid URL (GET ${url.pathname})` }
        : !registered && key.startsWith('invalid')
          ? openAIFamily.invalidKey(key)
          : fail
            ? (spec.error ?? openAIFamily.defaultFailure())
            : null;
    serveRealtime(req, socket, head, record, spec, refusal);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    aws,
    google,
    spark,
    cn,
    scenario: (key, spec) => scenarios.set(key, spec),
    scenarioSequence: (key, specs) => scenarios.sequence(key, specs),
    setDefaultScenario: (spec) => scenarios.setDefault(spec),
    reset() {
      scenarios.reset();
      requests.clear();
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging streams and idle keep-alive sockets would otherwise hold close() forever.
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      });
    },
  };
}
