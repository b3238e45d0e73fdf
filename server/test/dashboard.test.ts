import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, type QuotaDataRow } from '@gateway/contract';
import {
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';
import { aggregateQuotaData } from '../src/modules/dashboard/aggregate.js';
import { quotaDataTask } from '../src/modules/dashboard/job.js';

const H = 3600;
/** A fixed hour boundary well in the past, so "now" never splits the test's hours. */
const T0 = 1_700_000_000 - (1_700_000_000 % H);

describe('dashboard aggregates (quota_data, /api/data)', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;

  const log = async (
    user: ApiClient,
    username: string,
    model: string,
    at: number,
    quota: number,
    tokens: [number, number],
    type: number = LogType.Consume,
  ) => {
    await gw.ctx.logDb
      .insertInto('logs')
      .values({
        user_id: user.userId!,
        username,
        created_at: at,
        type,
        content: '',
        model_name: model,
        quota,
        prompt_tokens: tokens[0],
        completion_tokens: tokens[1],
        token_name: '',
        token_id: 0,
        use_time: 1,
        is_stream: 0,
        channel_id: 0,
        group: 'default',
        other: '',
        request_id: '',
      })
      .execute();
  };
  const rowsOf = (res: { body: { data?: QuotaDataRow[] } }) =>
    res.body.data!.map((r) => [r.username, r.model_name, r.created_at - T0, r.count, r.token_used, r.quota]);

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    alice = await registerAndLogin(gw.url, 'alice');
    bob = await registerAndLogin(gw.url, 'bob');
    await log(alice, 'alice', 'gpt-4o', T0 + 10, 100, [10, 5]);
    await log(alice, 'alice', 'gpt-4o', T0 + 3599, 200, [20, 5]);
    await log(alice, 'alice', 'claude', T0 + 60, 7, [1, 1]);
    await log(bob, 'bob', 'gpt-4o', T0 + H + 1, 1000, [100, 50]);
    await log(alice, 'alice', '', T0 + 20, 500_000, [0, 0], LogType.Topup);
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('sums consumption per user, model and hour, and leaves other log types out', async () => {
    expect(await aggregateQuotaData(gw.ctx.logDb)).toBe(3);
    const mine = await alice.get<QuotaDataRow[]>(
      `/api/data/self?start_timestamp=${T0}&end_timestamp=${T0 + 2 * H}`,
    );
    expect(rowsOf(mine)).toEqual([
      ['alice', 'claude', 0, 1, 2, 7],
      ['alice', 'gpt-4o', 0, 2, 40, 300],
    ]);
  });

  it('gives an admin everyone per model and hour, or one username', async () => {
    const all = await root.get<QuotaDataRow[]>(
      `/api/data/?start_timestamp=${T0}&end_timestamp=${T0 + 2 * H}`,
    );
    expect(rowsOf(all)).toEqual([
      ['', 'claude', 0, 1, 2, 7],
      ['', 'gpt-4o', 0, 2, 40, 300],
      ['', 'gpt-4o', H, 1, 150, 1000],
    ]);
    const one = await root.get<QuotaDataRow[]>(
      `/api/data/?start_timestamp=${T0}&end_timestamp=${T0 + 2 * H}&username=bob`,
    );
    expect(rowsOf(one)).toEqual([['bob', 'gpt-4o', H, 1, 150, 1000]]);
  });

  it('counts a start inside an hour as that whole hour, and an end before an hour as excluding it', async () => {
    const res = await root.get<QuotaDataRow[]>(
      `/api/data/?start_timestamp=${T0 + 1800}&end_timestamp=${T0 + H - 1}`,
    );
    expect(rowsOf(res).map((r) => r[2])).toEqual([0, 0]);
  });

  it('is idempotent and picks up rows written late for recent hours', async () => {
    expect(await aggregateQuotaData(gw.ctx.logDb)).toBe(3);
    await log(bob, 'bob', 'gpt-4o', T0 + H + 30, 1, [1, 0]);
    await aggregateQuotaData(gw.ctx.logDb);
    const res = await bob.get<QuotaDataRow[]>(
      `/api/data/self?start_timestamp=${T0}&end_timestamp=${T0 + 2 * H}`,
    );
    expect(rowsOf(res)).toEqual([['bob', 'gpt-4o', H, 2, 151, 1001]]);
    const total = await gw.ctx.logDb
      .selectFrom('quota_data')
      .select((eb) => eb.fn.sum<number>('quota').as('q'))
      .executeTakeFirstOrThrow();
    expect(Number(total.q)).toBe(7 + 300 + 1001);
  });

  it('limits a user to one month and keeps users from the admin view', async () => {
    const wide = await alice.get(`/api/data/self?start_timestamp=${T0}&end_timestamp=${T0 + 31 * 24 * H}`);
    expect(wide.status).toBe(400);
    expect(wide.body.message).toBe('时间跨度不能超过 1 个月');
    const backwards = await alice.get(`/api/data/self?start_timestamp=${T0 + H}&end_timestamp=${T0}`);
    expect(backwards.status).toBe(400);
    expect((await alice.get('/api/data/')).status).toBe(403);
    expect((await new ApiClient(gw.url).get('/api/data/self')).status).toBe(401);
  });

  it('runs as a job only while DataExportEnabled, at most once per DataExportInterval', async () => {
    const quotaOf = async () =>
      Number(
        (
          await gw.ctx.logDb
            .selectFrom('quota_data')
            .select((eb) => eb.fn.sum<number>('quota').as('q'))
            .executeTakeFirstOrThrow()
        ).q,
      );
    const task = quotaDataTask(gw.ctx);
    await root.put('/api/option/', { key: 'DataExportEnabled', value: 'false' });
    await log(bob, 'bob', 'gpt-4o', T0 + H + 40, 10, [1, 0]);
    await task();
    expect(await quotaOf()).toBe(1308);
    await root.put('/api/option/', { key: 'DataExportEnabled', value: 'true' });
    await task();
    expect(await quotaOf()).toBe(1318);
    await log(bob, 'bob', 'gpt-4o', T0 + H + 50, 10, [1, 0]);
    await task();
    expect(await quotaOf()).toBe(1318);
  });
});
