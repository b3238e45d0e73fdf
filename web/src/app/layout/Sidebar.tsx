import {
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconComment,
  IconCreditCard,
  IconGift,
  IconHistogram,
  IconImage,
  IconKey,
  IconLayers,
  IconList,
  IconSetting,
  IconTerminal,
  IconUser,
  IconUserGroup,
  IconCalendarClock,
} from '@douyinfe/semi-icons';
import { Dropdown, Toast, Tooltip } from '@douyinfe/semi-ui-19';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import type { StoredUser } from '../../session/stored-user';
import { StorageKey } from '../../storage/keys';
import { useLocalValue, writeLocal } from '../../storage/local-store';
import { buildSidebarSections, parseChatNames, type SidebarEntry } from './sidebar-sections';
import { useIsMobile } from './useIsMobile';

const ICONS: Record<string, ReactNode> = {
  playground: <IconTerminal />,
  chat: <IconComment />,
  detail: <IconHistogram />,
  token: <IconKey />,
  log: <IconList />,
  midjourney: <IconImage />,
  task: <IconCalendarClock />,
  channel: <IconLayers />,
  redemption: <IconGift />,
  user: <IconUserGroup />,
  setting: <IconSetting />,
  topup: <IconCreditCard />,
  personal: <IconUser />,
};

/** Document 3, section 2.8: collapsible, the choice kept under default_collapse_sidebar. */
export function Sidebar({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const collapsedSetting = useLocalValue(StorageKey.defaultCollapseSidebar) === 'true';
  const collapsed = isMobile || collapsedSetting;
  const dataExport = useLocalValue(StorageKey.enableDataExport) === 'true';
  const drawing = useLocalValue(StorageKey.enableDrawing) === 'true';
  const task = useLocalValue(StorageKey.enableTask) === 'true';
  const chatsRaw = useLocalValue(StorageKey.chats);
  const chats = useMemo(() => parseChatNames(chatsRaw), [chatsRaw]);

  useEffect(() => {
    if (chats.failed) Toast.error(t('sidebar.chatParseFailed'));
  }, [chats.failed, t]);

  const sections = buildSidebarSections({
    role: user.role,
    dataExport,
    drawing,
    task,
    chatNames: chats.names,
  });
  const label = (entry: SidebarEntry) => (entry.literal ? entry.label : t(entry.label));

  return (
    <aside className={collapsed ? 'sidebar sidebar-collapsed' : 'sidebar'} aria-label="sidebar">
      <div className="sidebar-scroll">
        {sections.map((section) => (
          <div key={section.key} className="sidebar-section" data-section={section.key}>
            {!collapsed && <div className="sidebar-section-title">{t(section.title)}</div>}
            {section.entries.map((entry) =>
              entry.children ? (
                <SidebarGroup key={entry.key} entry={entry} collapsed={collapsed} label={label} />
              ) : (
                <SidebarLink key={entry.key} entry={entry} collapsed={collapsed} text={label(entry)} />
              ),
            )}
          </div>
        ))}
      </div>
      {!isMobile && (
        <button
          type="button"
          className="sidebar-toggle"
          onClick={() => writeLocal(StorageKey.defaultCollapseSidebar, String(!collapsedSetting))}
        >
          {collapsed ? <IconChevronRight /> : <IconChevronLeft />}
          {!collapsed && <span>{t('sidebar.collapse')}</span>}
          {collapsed && <span className="visually-hidden">{t('sidebar.expand')}</span>}
        </button>
      )}
    </aside>
  );
}

function SidebarLink({ entry, collapsed, text }: { entry: SidebarEntry; collapsed: boolean; text: string }) {
  const link = (
    <NavLink to={entry.path} className="sidebar-link" aria-label={collapsed ? text : undefined}>
      {ICONS[entry.key] ?? <span className="sidebar-dot" />}
      {!collapsed && <span>{text}</span>}
    </NavLink>
  );
  if (!collapsed) return link;
  return (
    <Tooltip content={text} position="right">
      <span className="sidebar-link-wrap">{link}</span>
    </Tooltip>
  );
}

/** The chat entry: a submenu of the stored chat links (a popup menu when collapsed). */
function SidebarGroup(props: {
  entry: SidebarEntry;
  collapsed: boolean;
  label: (e: SidebarEntry) => string;
}) {
  const { entry, collapsed, label } = props;
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const children = entry.children ?? [];
  if (collapsed) {
    return (
      <Dropdown
        position="rightTop"
        render={
          <Dropdown.Menu>
            {children.map((child) => (
              <Dropdown.Item key={child.key} onClick={() => void navigate(child.path)}>
                {label(child)}
              </Dropdown.Item>
            ))}
          </Dropdown.Menu>
        }
      >
        <span className="sidebar-link" role="button" aria-label={label(entry)}>
          {ICONS[entry.key]}
        </span>
      </Dropdown>
    );
  }
  return (
    <div className="sidebar-group">
      <button type="button" className="sidebar-link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {ICONS[entry.key]}
        <span>{label(entry)}</span>
        <IconChevronDown className={open ? 'sidebar-caret' : 'sidebar-caret sidebar-caret-closed'} />
      </button>
      {open &&
        children.map((child) => (
          <NavLink key={child.key} to={child.path} className="sidebar-link sidebar-sublink">
            <span>{label(child)}</span>
          </NavLink>
        ))}
    </div>
  );
}
