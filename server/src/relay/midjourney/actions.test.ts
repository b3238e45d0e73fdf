import { describe, expect, it } from 'vitest';
import { forwardBody, MjRequestError, parseCustomId, parseSimpleChange, resolveAction } from './actions.js';

describe('midjourney actions', () => {
  it('reads simple-change content', () => {
    expect(parseSimpleChange('123 U2')).toEqual({ action: 'UPSCALE', taskId: '123', index: 2 });
    expect(parseSimpleChange('123 v4')).toEqual({ action: 'VARIATION', taskId: '123', index: 4 });
    expect(parseSimpleChange('123 R')).toEqual({ action: 'REROLL', taskId: '123', index: 1 });
    expect(() => parseSimpleChange('123 U5')).toThrow(MjRequestError);
    expect(() => parseSimpleChange('')).toThrow(MjRequestError);
  });

  it('reads Plus button ids', () => {
    expect(parseCustomId('MJ::JOB::upsample::3::abc')).toEqual({ action: 'UPSCALE', index: 3 });
    expect(parseCustomId('MJ::JOB::variation::2::abc')).toEqual({ action: 'VARIATION', index: 2 });
    expect(parseCustomId('MJ::JOB::low_variation::1::abc').action).toBe('LOW_VARIATION');
    expect(parseCustomId('MJ::JOB::high_variation::1::abc').action).toBe('HIGH_VARIATION');
    expect(parseCustomId('MJ::JOB::pan_left::1::abc').action).toBe('PAN');
    expect(parseCustomId('MJ::JOB::reroll::0::abc').action).toBe('REROLL');
    expect(parseCustomId('MJ::Outpaint::50::1::abc').action).toBe('ZOOM');
    expect(parseCustomId('MJ::CustomZoom::abc').action).toBe('CUSTOM_ZOOM');
    expect(parseCustomId('MJ::Inpaint::1::abc').action).toBe('INPAINT');
    expect(() => parseCustomId('MJ::JOB::dance::1')).toThrow(MjRequestError);
    expect(() => parseCustomId(undefined)).toThrow(MjRequestError);
  });

  it('validates each route and fixes the action by route', () => {
    expect(resolveAction('imagine', { prompt: 'x' }).action).toBe('IMAGINE');
    expect(() => resolveAction('imagine', {})).toThrow('prompt_is_required');
    expect(resolveAction('change', { taskId: 't', action: 'upscale', index: 1 })).toEqual({
      action: 'UPSCALE',
      taskId: 't',
      index: 1,
    });
    expect(() => resolveAction('change', { taskId: 't', action: 'UPSCALE', index: 7 })).toThrow();
    expect(() => resolveAction('swap_face', { sourceBase64: 'a' })).toThrow();
    expect(resolveAction('upload-discord-images', {}).action).toBe('UPLOAD');
    expect(resolveAction('action', { taskId: 't', customId: 'MJ::JOB::upsample::1::h' })).toMatchObject({
      action: 'UPSCALE',
      taskId: 't',
    });
  });

  it('forwards accountFilter and notifyHook only when allowed, and clears speed flags', () => {
    const body = { prompt: 'cat --fast --v 6 --turbo', accountFilter: { a: 1 }, notifyHook: 'http://h' };
    expect(forwardBody(body, { accountFilter: false, notify: false, modeClear: false })).toEqual({
      prompt: 'cat --fast --v 6 --turbo',
    });
    expect(forwardBody(body, { accountFilter: true, notify: true, modeClear: true })).toEqual({
      prompt: 'cat --v 6',
      accountFilter: { a: 1 },
      notifyHook: 'http://h',
    });
  });
});
