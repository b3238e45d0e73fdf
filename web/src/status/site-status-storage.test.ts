import { describe, expect, it } from 'vitest';
import { statusWith } from '../test/render-app';
import { persistSiteStatus, readStoredSiteStatus } from './site-status-storage';

describe('persistSiteStatus', () => {
  it('keeps the status and the layout flags under the spec keys', () => {
    persistSiteStatus(
      statusWith({
        footer_html: '<b>hi</b>',
        chats: [{ A: 'https://a' }],
        enable_data_export: true,
        enable_drawing: false,
        enable_task: true,
        mj_notify_enabled: true,
        default_collapse_sidebar: true,
      }),
    );
    expect(JSON.parse(localStorage.getItem('status') ?? '{}').system_name).toBe('Test Gateway');
    expect(localStorage.getItem('footer_html')).toBe('<b>hi</b>');
    expect(localStorage.getItem('chats')).toBe('[{"A":"https://a"}]');
    expect(localStorage.getItem('enable_data_export')).toBe('true');
    expect(localStorage.getItem('enable_drawing')).toBe('false');
    expect(localStorage.getItem('enable_task')).toBe('true');
    expect(localStorage.getItem('mj_notify_enabled')).toBe('true');
    expect(localStorage.getItem('default_collapse_sidebar')).toBe('true');
  });

  it('removes a custom footer that the admin cleared', () => {
    localStorage.setItem('footer_html', '<b>old</b>');
    persistSiteStatus(statusWith({ footer_html: '' }));
    expect(localStorage.getItem('footer_html')).toBeNull();
  });

  it('lets the site default seed the sidebar state but never override the visitor choice', () => {
    localStorage.setItem('default_collapse_sidebar', 'false');
    persistSiteStatus(statusWith({ default_collapse_sidebar: true }));
    expect(localStorage.getItem('default_collapse_sidebar')).toBe('false');
  });

  it('completes a status stored by an older server with defaults', () => {
    localStorage.setItem('status', JSON.stringify({ setup: true, system_name: 'Old' }));
    expect(readStoredSiteStatus()).toMatchObject({ system_name: 'Old', quota_per_unit: 500000 });
  });
});
