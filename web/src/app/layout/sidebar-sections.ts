import { Role } from '@gateway/contract';

export interface SidebarEntry {
  key: string;
  /** i18n key, or the literal chat name for chat entries. */
  label: string;
  literal?: boolean;
  path: string;
  children?: SidebarEntry[];
}

export interface SidebarSection {
  key: string;
  title: string;
  entries: SidebarEntry[];
}

export interface SidebarInputs {
  role: number;
  dataExport: boolean;
  drawing: boolean;
  task: boolean;
  /** Names of the stored chat links, in order; the n-th opens /chat/n. */
  chatNames: string[];
}

/** The sidebar of document 3, section 2.8, for one user and the site's flags. */
export function buildSidebarSections(input: SidebarInputs): SidebarSection[] {
  const chatEntries: SidebarEntry[] = [
    { key: 'playground', label: 'sidebar.playground', path: '/playground' },
  ];
  if (input.chatNames.length > 0) {
    chatEntries.push({
      key: 'chat',
      label: 'sidebar.chat',
      path: '/chat',
      children: input.chatNames.map((name, index) => ({
        key: `chat-${index}`,
        label: name,
        literal: true,
        path: `/chat/${index}`,
      })),
    });
  }

  const consoleEntries: SidebarEntry[] = [
    ...(input.dataExport ? [{ key: 'detail', label: 'sidebar.dashboard', path: '/detail' }] : []),
    { key: 'token', label: 'sidebar.tokens', path: '/token' },
    { key: 'log', label: 'sidebar.log', path: '/log' },
    ...(input.drawing ? [{ key: 'midjourney', label: 'sidebar.drawingLog', path: '/midjourney' }] : []),
    ...(input.task ? [{ key: 'task', label: 'sidebar.taskLog', path: '/task' }] : []),
  ];

  const sections: SidebarSection[] = [
    { key: 'chat', title: 'sidebar.chatSection', entries: chatEntries },
    { key: 'console', title: 'sidebar.consoleSection', entries: consoleEntries },
  ];
  if (input.role >= Role.Admin) {
    sections.push({
      key: 'admin',
      title: 'sidebar.adminSection',
      entries: [
        { key: 'channel', label: 'sidebar.channels', path: '/channel' },
        { key: 'redemption', label: 'sidebar.redemption', path: '/redemption' },
        { key: 'user', label: 'sidebar.users', path: '/user' },
        { key: 'setting', label: 'sidebar.systemSettings', path: '/setting' },
      ],
    });
  }
  sections.push({
    key: 'personal',
    title: 'sidebar.personalSection',
    entries: [
      { key: 'topup', label: 'sidebar.wallet', path: '/topup' },
      { key: 'personal', label: 'sidebar.personalSettings', path: '/personal' },
    ],
  });
  return sections;
}

/** Chat names from the stored `chats` (a list of one-entry {name: url} objects). */
export function parseChatNames(raw: string | null): { names: string[]; failed: boolean } {
  if (!raw) return { names: [], failed: false };
  try {
    const chats = JSON.parse(raw) as unknown;
    if (!Array.isArray(chats)) return { names: [], failed: true };
    const names = chats.flatMap((chat) =>
      chat && typeof chat === 'object' ? Object.keys(chat as Record<string, unknown>).slice(0, 1) : [],
    );
    return { names, failed: false };
  } catch {
    return { names: [], failed: true };
  }
}
