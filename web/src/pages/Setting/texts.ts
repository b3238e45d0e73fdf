/**
 * Texts of the settings page shell and of the save behaviour shared by every panel, under the
 * `setting` namespace. Each tab keeps its own texts next to it (`setting<Tab>` namespaces).
 */
const zh = {
  title: '系统设置',
  tabs: {
    operation: '运营设置',
    ratelimit: '速率限制设置',
    models: '模型相关设置',
    system: '系统设置',
    other: '其他设置',
  },
  adminOnly: '只有管理员可以查看系统设置',
  save: '保存',
  nothingChanged: '你似乎并没有修改什么',
  checkInput: '请检查输入',
  saved: '保存成功',
  partialFailed: '部分保存失败，请重试',
  saveFailed: '保存失败',
  saveFailedRetry: '保存失败，请重试',
  refreshFailed: '刷新失败',
  invalidJson: '不是合法的 JSON 字符串',
};

const en: typeof zh = {
  title: 'Settings',
  tabs: {
    operation: 'Operation',
    ratelimit: 'Rate limits',
    models: 'Models',
    system: 'System',
    other: 'Other',
  },
  adminOnly: 'Only administrators can open the settings',
  save: 'Save',
  nothingChanged: 'You do not seem to have changed anything',
  checkInput: 'Please check your input',
  saved: 'Saved',
  partialFailed: 'Some settings failed to save, please retry',
  saveFailed: 'Save failed',
  saveFailedRetry: 'Save failed, please retry',
  refreshFailed: 'Refresh failed',
  invalidJson: 'Not a valid JSON string',
};

export const settingTexts = { zh, en };
