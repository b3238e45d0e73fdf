/**
 * A small multipart/form-data parser (RFC 7578), enough for the audio upload endpoints. It works
 * on the whole buffered body, which is fine for test-sized files and avoids a dependency.
 */
import type { UploadedFile } from './types.js';

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** The boundary of a `multipart/form-data` content type, or null for anything else. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function headerParam(header: string, name: string): string | undefined {
  // filename*=UTF-8''... (RFC 5987) is preferred over filename= when both are present.
  const extended = new RegExp(`(?:^|;)\\s*${name}\\*=(?:UTF-8'[^']*')?([^;]+)`, 'i').exec(header);
  if (extended) return decodeURIComponent(extended[1].trim());
  const match = new RegExp(`(?:^|;)\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2].trim();
}

export function parseMultipart(body: Buffer, boundary: string): MultipartForm {
  const form: MultipartForm = { fields: {}, files: [] };
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    let partStart = start + delimiter.length;
    // "--" right after a delimiter closes the body.
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    if (body.subarray(partStart, partStart + 2).toString() === '\r\n') partStart += 2;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) break;
    // The CRLF before the next delimiter belongs to the delimiter, not to the part's data.
    const partEnd = body[next - 2] === 0x0d && body[next - 1] === 0x0a ? next - 2 : next;
    addPart(form, body.subarray(partStart, partEnd));
    start = next;
  }
  return form;
}

function addPart(form: MultipartForm, part: Buffer): void {
  const headerEnd = part.indexOf('\r\n\r\n');
  if (headerEnd === -1) return;
  const headers: Record<string, string> = {};
  for (const line of part.subarray(0, headerEnd).toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const disposition = headers['content-disposition'] ?? '';
  const name = headerParam(disposition, 'name');
  if (name === undefined) return;
  const data = part.subarray(headerEnd + 4);
  const filename = headerParam(disposition, 'filename');
  if (filename !== undefined) {
    form.files.push({
      field: name,
      filename,
      contentType: headers['content-type'] ?? 'application/octet-stream',
      data: Buffer.from(data),
    });
  } else {
    form.fields[name] = data.toString('utf8');
  }
}
