/** Texts under the `users` namespace; each Chinese text is the zh wording, en mirrors its keys. */
const zh = {};

const en: typeof zh = {};

export const userTexts = { zh, en };
