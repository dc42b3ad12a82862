import busboy from 'busboy';
import { HttpError } from './errors';
import { findNul, nulError } from './input-guard';

/** A file of a multipart upload, read into memory (within the caps below). */
export interface UploadedFile {
  /** The name the client gave it (for messages only; never used to store it). */
  name: string;
  data: Buffer;
}

export interface MultipartRules {
  /** Form fields taken (by name); other fields are counted against the caps and dropped. */
  fields: string[];
  /** The one field name files may come under. */
  fileField: string;
  /** At most this many files (more: `tooManyFiles`). */
  maxFiles: number;
  /** Each file at most this many bytes (more: `fileTooLarge`). */
  maxFileBytes: number;
  /** Each field value at most this many bytes. */
  maxFieldBytes: number;
  tooManyFiles: () => HttpError;
  fileTooLarge: (name: string) => HttpError;
  /** Checks a file's first bytes (at least 16, or the whole file when shorter); a returned error ends the request. */
  checkStart?: (start: Buffer, name: string) => HttpError | null;
}

export interface ParsedMultipart {
  fields: Map<string, string>;
  files: UploadedFile[];
}

const tooManyParts = () => new HttpError('PAYLOAD_TOO_LARGE', 'The form has more parts than this upload takes.');

/**
 * Reads a multipart/form-data body as a stream with busboy, within hard caps: the number of parts,
 * fields and files, each field's size and each file's size. The first cap passed (or a file whose
 * first bytes `checkStart` refuses) ends the read at once: the rest of the body is never read or
 * parsed, and the error is thrown for the route to answer. A body of 200,000 tiny parts therefore
 * costs the parsing of a few of them, not of all (issue 12).
 */
export async function readMultipart(request: Request, rules: MultipartRules): Promise<ParsedMultipart> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.');
  if (!request.body) throw new HttpError('VALIDATION_FAILED', 'The form is empty.');

  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { 'content-type': type },
      defParamCharset: 'utf8',
      limits: {
        fields: rules.fields.length,
        files: rules.maxFiles,
        // One spare part, so one file too many is reported as that (tooManyFiles), not as a part too many.
        parts: rules.fields.length + rules.maxFiles + 1,
        fieldSize: rules.maxFieldBytes,
        fileSize: rules.maxFileBytes,
        fieldNameSize: 100,
        headerPairs: 10,
      },
    });
  } catch {
    throw new HttpError('VALIDATION_FAILED', 'The form could not be read (multipart boundary missing).');
  }

  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  let failure: HttpError | null = null;
  let closed = false;
  let wake: (() => void) | null = null;
  const fail = (err: HttpError) => {
    failure ??= err;
    wake?.();
  };

  bb.on('field', (name, value, info) => {
    if (failure) return;
    if (info.valueTruncated)
      return fail(
        new HttpError('PAYLOAD_TOO_LARGE', `The form field ${name} is larger than ${rules.maxFieldBytes} bytes.`),
      );
    if (!rules.fields.includes(name)) return;
    if (findNul(name) !== null || findNul(value) !== null) return fail(nulError('form', name));
    fields.set(name, value);
  });
  bb.on('file', (name, stream, info) => {
    // A file stream errors when the form is cut short (destroyed at a cap, or a truncated body):
    // the form's own error or cap is what is answered, and an unhandled stream error would end the process.
    stream.on('error', () => undefined);
    if (failure || name !== rules.fileField) {
      stream.resume();
      if (!failure)
        fail(
          new HttpError('VALIDATION_FAILED', `Invalid form: files go in the ${rules.fileField} field`, {
            issues: [{ path: name, message: 'is not a file field' }],
          }),
        );
      return;
    }
    const fileName = info.filename || 'a photo';
    const chunks: Buffer[] = [];
    let bytes = 0;
    let checked = !rules.checkStart;
    const check = () => {
      checked = true;
      const problem = rules.checkStart?.(Buffer.concat(chunks), fileName);
      if (problem) fail(problem);
    };
    stream.on('data', (chunk: Buffer) => {
      if (failure) return;
      chunks.push(chunk);
      bytes += chunk.length;
      if (!checked && bytes >= 16) check();
    });
    stream.on('limit', () => fail(rules.fileTooLarge(fileName)));
    stream.on('end', () => {
      if (failure || (stream as { truncated?: boolean }).truncated) return;
      if (!checked) check();
      if (!failure) files.push({ name: fileName, data: Buffer.concat(chunks, bytes) });
    });
  });
  bb.on('filesLimit', () => fail(rules.tooManyFiles()));
  bb.on('fieldsLimit', () => fail(tooManyParts()));
  bb.on('partsLimit', () => fail(tooManyParts()));
  bb.on('error', () =>
    fail(new HttpError('VALIDATION_FAILED', 'The form could not be read (malformed multipart body).')),
  );
  bb.on('close', () => {
    closed = true;
    wake?.();
  });

  const reader = request.body.getReader();
  try {
    for (;;) {
      if (failure) break;
      const { value, done } = await reader.read();
      if (done) break;
      if (!bb.write(value) && !failure)
        await new Promise<void>((resolve) => bb.once('drain', resolve).once('close', resolve).once('error', resolve));
    }
    if (!failure) {
      bb.end();
      // busboy emits 'close' once the last part is handled (or an error / cap first).
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (closed || failure) resolve();
      });
    }
  } catch (err) {
    // The body stream itself failed: the client went away, or a body limit was passed.
    if (!failure) throw err;
  } finally {
    wake = null;
    if (failure) {
      bb.removeAllListeners('file').removeAllListeners('field');
      bb.destroy();
      // Stop reading the request: the rest of the body is dropped, not parsed.
      await reader.cancel().catch(() => undefined);
    }
  }
  if (failure) throw failure;
  return { fields, files };
}
