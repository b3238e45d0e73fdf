import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Charge } from './charge-batch.js';
import { FileChargeJournal } from './file-journal.js';
import { journalEntry, journalFacts } from './journal-entry.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function journalDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));
  dirs.push(dir);
  return dir;
}

const charge = (requestId: string, quota: number) => ({
  requestId,
  epoch: '',
  userId: 7,
  tokenId: 3,
  tokenPays: true,
  channelId: 2,
  at: 1_700_000_000,
  quota,
});
const entry = (requestId: string, quota: number, rowQuota = quota) =>
  journalEntry(
    quota,
    journalFacts(charge(requestId, quota), { user_id: 7, type: 2, quota: rowQuota, content: 'x' }),
  );

async function replay(dir: string): Promise<Charge[]> {
  const read: Charge[] = [];
  await new FileChargeJournal(dir).replayOrphans(async (charges) => void read.push(...charges));
  return read;
}

describe('FileChargeJournal', () => {
  it('keeps a segment while one of its charges is not committed, and a later process reads it whole', async () => {
    const dir = journalDir();
    const journal = new FileChargeJournal(dir);
    journal.append('a', entry('a', 40));
    journal.append('b', entry('b', 25));
    journal.committed(['a']);
    journal.close();
    expect(fs.readdirSync(dir)).toHaveLength(1);
    // The whole segment is read ('a' too: applying it again is skipped by its key in SQL).
    const read = await replay(dir);
    expect(read.map((c) => [c.requestId, c.quota, c.userId, c.tokenId, c.tokenPays, c.channelId])).toEqual([
      ['a', 40, 7, 3, true, 2],
      ['b', 25, 7, 3, true, 2],
    ]);
    // Dated at the settlement, not at the replay.
    expect(read[1]!.log?.(25)).toMatchObject({ quota: 25, created_at: 1_700_000_000 });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('deletes a segment once all its charges are committed', async () => {
    const dir = journalDir();
    const journal = new FileChargeJournal(dir);
    journal.append('a', entry('a', 40));
    expect(fs.readdirSync(dir)).toHaveLength(1);
    journal.committed(['a']);
    journal.close();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('replays a charge cut below its row as an overdraft row', async () => {
    const dir = journalDir();
    const journal = new FileChargeJournal(dir);
    journal.append('c', entry('c', 30, 50));
    journal.close();
    const [c] = await replay(dir);
    expect(c!.quota).toBe(30);
    const row = c!.log?.(30);
    expect(row).toMatchObject({ quota: 30 });
    expect(JSON.parse(row!.other!)).toMatchObject({ overdraft: 20, usage_quota: 50 });
  });

  it('leaves the segments of its own live instance alone', async () => {
    const dir = journalDir();
    const journal = new FileChargeJournal(dir);
    journal.append('d', entry('d', 10));
    let applied = 0;
    await journal.replayOrphans(async (charges) => void (applied += charges.length));
    expect(applied).toBe(0);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    journal.close();
  });
});
