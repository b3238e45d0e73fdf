import { Modal, Toast } from '@douyinfe/semi-ui-19';
import i18n from 'i18next';

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** The async clipboard API where allowed; the older selection copy where it is not (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithSelection(text);
  }
}

/**
 * Copies and confirms with a toast; when the browser refuses, shows the text in a dialog so it
 * can be copied by hand (document 1, section 8).
 */
export async function copyWithFeedback(text: string, successMessage: string) {
  if (await copyText(text)) {
    Toast.success(successMessage);
    return;
  }
  Modal.info({
    title: i18n.t('clipboard.copyManually'),
    content: text,
    okText: i18n.t('common.close'),
    hasCancel: false,
  });
}
