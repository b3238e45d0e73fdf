import type { Kysely } from 'kysely';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database } from '../../platform/db/schema.js';

/** Whether the first-run wizard has been completed; shared by every instance. */
export class SetupState {
  done = false;

  constructor(
    private readonly db: Kysely<Database>,
    bus: Bus,
  ) {
    bus.subscribe('setup', () => {
      this.done = true;
    });
  }

  /** An installation upgraded from a gateway without a setups table counts as set up once a root exists. */
  async load(version: string): Promise<void> {
    const row = await this.db.selectFrom('setups').select('id').executeTakeFirst();
    if (row) {
      this.done = true;
      return;
    }
    const root = await this.db.selectFrom('users').select('id').where('role', '>=', 100).executeTakeFirst();
    if (root) {
      await this.db.insertInto('setups').values({ version, initialized_at: nowSeconds() }).execute();
      this.done = true;
    }
  }
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
