import { z } from 'zod';

/**
 * An option is a string-valued runtime setting stored in the `options` table. Each one is declared
 * once, here, with its kind, default, validation and secrecy; server and console both read this.
 */
export type OptionKind = 'bool' | 'int' | 'float' | 'string' | 'json';

export interface OptionDef {
  key: string;
  kind: OptionKind;
  /** Default as stored (booleans are the strings "true"/"false"). */
  default: string;
  /** Write-only: never returned by GET /api/option/. */
  secret?: boolean;
  min?: number;
  max?: number;
  /** Schema of the parsed JSON value, for json options. */
  schema?: z.ZodType;
  /** Extra check of a string value; returns an error message when invalid. */
  check?: (value: string) => string | undefined;
  /** Normalise before validating and storing (e.g. trim a trailing slash). */
  normalize?: (value: string) => string;
  /** Setting this boolean to "true" needs another option to be non-empty first. */
  requires?: { key: string; message: string };
  /**
   * Only the super admin (role 100) reads and writes it: sign-in, mail, payment, addresses and
   * site texts. Everything else is an operation setting that admins (role 10) manage too.
   */
  rootOnly?: boolean;
}

type Extra = Omit<OptionDef, 'key' | 'kind' | 'default'>;

export const bool = (key: string, def: boolean, extra: Extra = {}): OptionDef => ({
  key,
  kind: 'bool',
  default: String(def),
  ...extra,
});
export const int = (key: string, def: number, extra: Extra = {}): OptionDef => ({
  key,
  kind: 'int',
  default: String(def),
  ...extra,
});
export const float = (key: string, def: number, extra: Extra = {}): OptionDef => ({
  key,
  kind: 'float',
  default: String(def),
  ...extra,
});
export const str = (key: string, def = '', extra: Extra = {}): OptionDef => ({
  key,
  kind: 'string',
  default: def,
  ...extra,
});
export const secret = (key: string, extra: Extra = {}): OptionDef => ({
  key,
  kind: 'string',
  default: '',
  secret: true,
  ...extra,
});
export const json = (key: string, def: unknown, schema: z.ZodType, extra: Extra = {}): OptionDef => ({
  key,
  kind: 'json',
  default: JSON.stringify(def),
  schema,
  ...extra,
});

export const trimTrailingSlash = (v: string) => v.trim().replace(/\/+$/, '');

export const nonNegativeNumberMap = z.record(z.string(), z.number().nonnegative());
