import type { OptionDef } from './define.js';

export type OptionCheck = { ok: true; value: string } | { ok: false; message: string };

/** Validates and normalises one option value (without cross-option rules such as `requires`). */
export function validateOptionValue(def: OptionDef, raw: string): OptionCheck {
  const value = def.normalize ? def.normalize(raw) : raw;
  switch (def.kind) {
    case 'bool':
      if (value !== 'true' && value !== 'false')
        return { ok: false, message: `${def.key} must be true or false` };
      break;
    case 'int':
    case 'float': {
      const pattern = def.kind === 'int' ? /^-?\d+$/ : /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
      const n = Number(value);
      if (!pattern.test(value.trim()) || !Number.isFinite(n)) {
        return { ok: false, message: `${def.key} must be ${def.kind === 'int' ? 'an integer' : 'a number'}` };
      }
      if (def.min !== undefined && n < def.min)
        return { ok: false, message: `${def.key} must be at least ${def.min}` };
      if (def.max !== undefined && n > def.max)
        return { ok: false, message: `${def.key} must be at most ${def.max}` };
      return { ok: true, value: value.trim() };
    }
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return { ok: false, message: '不是合法的 JSON 字符串' };
      }
      const result = def.schema?.safeParse(parsed);
      if (result && !result.success) {
        return { ok: false, message: `${def.key}: ${result.error.issues[0]?.message ?? 'invalid value'}` };
      }
      break;
    }
    case 'string':
      break;
  }
  const problem = def.check?.(value);
  if (problem) return { ok: false, message: `${def.key} ${problem}` };
  return { ok: true, value };
}
