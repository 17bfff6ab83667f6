import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import { documentTypes } from '../../../shared/documents/options.js';
import { AppError } from '../../http/errors.js';

/** The name as the user sees it: no folders, no control characters, at most 255 characters. */
export function displayName(original: string | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(-255) || 'document';
}

/** The name inside a storage key: ASCII letters, digits, dot, dash and underscore only. */
export function safeFileName(original: string): string {
  const ascii = displayName(original)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  let safe = ascii
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[._-]+/, '');
  if (safe.length > 100) {
    const ext = path.extname(safe).slice(0, 10);
    safe = safe.slice(0, 100 - ext.length) + ext;
  }
  return safe || 'document';
}

/**
 * '{user id}/{timestamp}_{random}_{safe name}': unique by construction, so two uploads of one name in the same
 * millisecond never meet.
 */
export const storageKey = (userId: string, original: string, now = Date.now()) =>
  `${userId}/${now}_${crypto.randomUUID().slice(0, 8)}_${safeFileName(original)}`;

const mimeOf = (ext: string) => documentTypes.find((t) => t.ext === ext)?.mime;

export const unsupportedType = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This file type is not allowed. Upload a PDF, Word (doc, docx), JPG or PNG file.');

/**
 * The content type read from the file's own bytes. A legacy Word file is an OLE container, which other Office
 * formats share, so it passes only when it is also named .doc.
 */
export async function detectDocumentType(file: string, name: string): Promise<string> {
  const found = await fileTypeFromFile(file);
  if (found?.ext === 'cfb' && /\.doc$/i.test(name)) return mimeOf('doc')!;
  const mime = found && mimeOf(found.ext);
  if (!mime) throw unsupportedType();
  return mime;
}

/**
 * The name with an extension of its detected content type: its own when that fits (.jpg and .jpeg both do), else the
 * type's in place of it, since a downloaded file is opened by its extension and not by what the upload claimed. A last
 * part with a letter in it counts as an extension ('scan.html'); one without does not ('v1.2').
 */
export function nameForType(name: string, mime: string): string {
  const extensions: string[] = documentTypes.filter((t) => t.mime === mime).map((t) => t.ext);
  const match = /\.([A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*)$/.exec(name);
  if (extensions.length === 0 || (match && extensions.includes(match[1]!.toLowerCase()))) return name;
  const ext = `.${extensions[0]}`;
  const base = (match ? name.slice(0, match.index) : name) || 'document';
  return `${base.slice(0, 255 - ext.length)}${ext}`;
}

export type Spooled = { path: string; size: number; discard: () => Promise<void> };

/** A multipart body that ended before its file did, or one that could not be read as multipart at all. */
export const brokenUpload = () => new AppError(400, 'BAD_UPLOAD', 'The upload did not arrive complete. Please try again.');

/** Streams an upload to a private file in the spool, refusing it once it passes the byte limit. */
export async function spoolUpload(stream: Readable & { truncated?: boolean }, file: string, maxBytes: number): Promise<Spooled> {
  const discard = () => fs.promises.rm(file, { force: true });
  try {
    await pipeline(stream, fs.createWriteStream(file, { mode: 0o600, flags: 'wx' }));
    if (stream.truncated) throw tooLarge(maxBytes);
    const { size } = await fs.promises.stat(file);
    return { path: file, size, discard };
  } catch (error) {
    await discard();
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (isClientStreamError(error)) throw brokenUpload();
    throw error;
  }
}

/** Errors of the request body itself (cut short, malformed), as opposed to this machine's disk. */
export function isClientStreamError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('FST_') || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  return /unexpected end of (form|multipart)|malformed|boundary|aborted/i.test((error as Error).message ?? '');
}

export function tooLarge(maxBytes: number) {
  const mb = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mb) ? `${mb} MB` : `${maxBytes} bytes`;
  return new AppError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than the ${limit} upload limit.`);
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
