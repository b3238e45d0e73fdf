import { describe, expect, it } from 'vitest';
import { buildTagEdit, emptyTagEdit } from './tag-edit';

describe('tag edit rules (spec 2 §4, §5)', () => {
  it('refuses an edit that changes nothing ("没有任何修改！")', () => {
    expect(buildTagEdit('team-a', emptyTagEdit('team-a'))).toEqual({ error: 'nothingChanged' });
    expect(buildTagEdit('team-a', { ...emptyTagEdit('team-a'), newTag: ' team-a ' })).toEqual({
      error: 'nothingChanged',
    });
  });

  it('sends only the fields filled in: blank means no change, filled ones overwrite', () => {
    const result = buildTagEdit('team-a', {
      ...emptyTagEdit('team-a'),
      priority: '5',
      models: ['gpt-4o', 'gpt-4o-mini'],
    });
    expect(result).toEqual({ body: { tag: 'team-a', priority: 5, models: 'gpt-4o,gpt-4o-mini' } });
  });

  it('renames the tag, and a blank tag name dissolves it', () => {
    expect(buildTagEdit('team-a', { ...emptyTagEdit('team-a'), newTag: 'team-b' })).toEqual({
      body: { tag: 'team-a', new_tag: 'team-b' },
    });
    expect(buildTagEdit('team-a', { ...emptyTagEdit('team-a'), newTag: '  ' })).toEqual({
      body: { tag: 'team-a', new_tag: '' },
    });
  });

  it('overwrites weight (0 included), groups and model mapping', () => {
    const result = buildTagEdit('t', {
      ...emptyTagEdit('t'),
      weight: '0',
      groups: ['default', 'vip'],
      modelMapping: '{"a": "b"}',
    });
    expect(result).toEqual({
      body: { tag: 't', weight: 0, groups: 'default,vip', model_mapping: '{"a": "b"}' },
    });
  });

  it('checks the numbers and the mapping', () => {
    expect(buildTagEdit('t', { ...emptyTagEdit('t'), priority: '1.5' })).toEqual({
      error: 'priorityInteger',
    });
    expect(buildTagEdit('t', { ...emptyTagEdit('t'), weight: '-2' })).toEqual({ error: 'weightNonNegative' });
    expect(buildTagEdit('t', { ...emptyTagEdit('t'), modelMapping: '[1]' })).toEqual({
      error: 'modelMappingInvalid',
    });
  });
});
