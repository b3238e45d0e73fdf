/** Texts under the `settingOperation` namespace; each Chinese text is the zh wording, en mirrors its keys. */
const zh = {};

const en: typeof zh = {};

export const settingOperationTexts = { zh, en };
