/** Characters file systems refuse or that would change the folder, plus whitespace. */
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|\s]+/g;

/** A file name from free text such as a code name ("$0.20" → "$0.20.txt"). */
export function textFileName(base: string, fallback: string): string {
  const safe = base.replace(UNSAFE_FILE_CHARS, '_').replace(/^[._]+/, '');
  return `${safe || fallback}.txt`;
}

/** Saves text through the browser's download, without a round trip to the server. */
export function downloadTextFile(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
