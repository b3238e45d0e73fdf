import { describe, expect, it } from 'vitest';
import { buildSidebarSections, parseChatNames, type SidebarInputs } from './sidebar-sections';

const base: SidebarInputs = { role: 1, dataExport: false, drawing: false, task: false, chatNames: [] };
const labels = (input: SidebarInputs) =>
  buildSidebarSections(input).flatMap((section) => [section.title, ...section.entries.map((e) => e.label)]);

describe('buildSidebarSections', () => {
  it('gives a normal user playground, tokens, logs, wallet and personal settings only', () => {
    expect(labels(base)).toEqual([
      'sidebar.chatSection',
      'sidebar.playground',
      'sidebar.consoleSection',
      'sidebar.tokens',
      'sidebar.log',
      'sidebar.personalSection',
      'sidebar.wallet',
      'sidebar.personalSettings',
    ]);
  });

  it('adds the admin section from role 10', () => {
    expect(labels({ ...base, role: 9 })).not.toContain('sidebar.adminSection');
    const admin = buildSidebarSections({ ...base, role: 10 }).find((s) => s.key === 'admin');
    expect(admin?.entries.map((e) => e.path)).toEqual(['/channel', '/redemption', '/user', '/setting']);
  });

  it('shows dashboard, drawing log and task log only when their flags are set', () => {
    const all = labels({ ...base, dataExport: true, drawing: true, task: true });
    expect(all).toEqual(
      expect.arrayContaining(['sidebar.dashboard', 'sidebar.drawingLog', 'sidebar.taskLog']),
    );
    expect(labels({ ...base, drawing: true })).not.toContain('sidebar.taskLog');
  });

  it('builds the chat submenu from the stored chats, each opening /chat/<index>', () => {
    const chat = buildSidebarSections({ ...base, chatNames: ['Lobe', 'Next'] })[0].entries[1];
    expect(chat.children?.map((c) => [c.label, c.path])).toEqual([
      ['Lobe', '/chat/0'],
      ['Next', '/chat/1'],
    ]);
  });
});

describe('parseChatNames', () => {
  it('takes the name of each one-entry chat object', () => {
    expect(parseChatNames('[{"A":"https://a"},{"B":"https://b"}]')).toEqual({
      names: ['A', 'B'],
      failed: false,
    });
  });
  it('reports unparsable data', () => {
    expect(parseChatNames('{oops')).toEqual({ names: [], failed: true });
    expect(parseChatNames('{"a":1}')).toEqual({ names: [], failed: true });
  });
  it('treats a missing key as no chats', () => {
    expect(parseChatNames(null)).toEqual({ names: [], failed: false });
  });
});
