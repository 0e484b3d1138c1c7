import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_MAX_SIDE, MAX_IMAGE_BYTES } from '@kitchaco/domain';
import sharp from 'sharp';

/**
 * Meal images. An upload (base64, as the spec sends it) is checked by its bytes, not its name:
 * JPEG, PNG or WebP only, at most 5 MB decoded; then resized to fit 1200 px and stored as WebP
 * under a name made of its content hash, so a stored image never changes and can be cached forever.
 */
export interface ImageStore {
  /** Stores the image; resolves to the path the web app loads it from (`/images/<hash>.webp`). */
  put(bytes: Buffer, contentType: 'image/webp'): Promise<string>;
  /** The stored image, or null. */
  get(name: string): Promise<Buffer | null>;
}

export class ImageRejected extends Error {}

const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'jpeg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'png',
    test: (b) =>
      b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'webp',
    test: (b) =>
      b.length > 12 &&
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Decodes the spec's base64 (a `data:image/...;base64,` prefix is allowed). */
export function decodeUpload(text: string): Buffer {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  const body = (comma >= 0 ? text.slice(comma + 1) : text).replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) {
    throw new ImageRejected('The image must be base64-encoded JPEG, PNG or WebP.');
  }
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejected('The image is larger than 5 MB.');
  if (bytes.length === 0) throw new ImageRejected('The image is empty.');
  return bytes;
}

/** Checks, resizes and stores an upload; resolves to its path. */
export async function storeUpload(store: ImageStore, text: string): Promise<string> {
  const bytes = decodeUpload(text);
  if (!SIGNATURES.some((s) => s.test(bytes))) {
    throw new ImageRejected('The image must be a JPEG, PNG or WebP file.');
  }
  let resized: Buffer;
  try {
    resized = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ImageRejected('The image could not be read: it may be damaged.');
  }
  return store.put(resized, 'image/webp');
}

const NAME = /^[a-f0-9]{32}\.webp$/;

/** The default store: a folder (DATA_DIR/images unless IMAGE_DIR says otherwise). */
export function localImageStore(dir: string): ImageStore {
  return {
    async put(bytes) {
      const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.webp`;
      await mkdir(dir, { recursive: true });
      const path = join(dir, name);
      const exists = await stat(path).then(
        () => true,
        () => false,
      );
      if (!exists) await writeFile(path, bytes);
      return `/images/${name}`;
    },
    async get(name) {
      if (!NAME.test(name)) return null;
      return readFile(join(dir, name)).catch(() => null);
    },
  };
}

/** Placeholder handling the spec asks for: empty or 'NULL' means no image. */
export function imageOrNull(path: string | null | undefined): string | null {
  return !path || path === 'NULL' ? null : path;
}
