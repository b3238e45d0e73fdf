import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePersistentColumns, usePersistentNumber } from './persistent-columns';

const choices = [
  { key: 'id', title: 'ID' },
  { key: 'balance', title: 'Balance', defaultVisible: false },
  { key: 'actions', title: 'Actions', locked: true },
];

describe('usePersistentColumns', () => {
  beforeEach(() => localStorage.clear());

  it('uses defaults until the user chooses, then remembers the choice under the key', () => {
    const { result } = renderHook(() => usePersistentColumns('channels-table-columns', choices));
    expect(result.current.visible).toEqual({ id: true, balance: false, actions: true });
    act(() => result.current.save({ id: false, balance: true, actions: false }));
    expect(JSON.parse(localStorage.getItem('channels-table-columns')!)).toEqual({
      id: false,
      balance: true,
      actions: true,
    });
    expect(result.current.visible).toEqual({ id: false, balance: true, actions: true });
    act(() => result.current.reset());
    expect(localStorage.getItem('channels-table-columns')).toBeNull();
    expect(result.current.visible.balance).toBe(false);
  });

  it('survives garbage in storage', () => {
    localStorage.setItem('logs-table-columns', '{not json');
    const { result } = renderHook(() => usePersistentColumns('logs-table-columns', choices));
    expect(result.current.visible).toEqual({ id: true, balance: false, actions: true });
  });
});

describe('usePersistentNumber', () => {
  beforeEach(() => localStorage.clear());

  it('keeps only allowed values', () => {
    localStorage.setItem('page-size', '37');
    const { result } = renderHook(() => usePersistentNumber('page-size', 10, [10, 20, 50, 100]));
    expect(result.current[0]).toBe(10);
    act(() => result.current[1](50));
    expect(result.current[0]).toBe(50);
    expect(localStorage.getItem('page-size')).toBe('50');
  });
});
