import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_MAX_SIDE, MAX_IMAGE_BYTES } from '@kitchaco/domain';
import { AwsClient } from 'aws4fetch';
import sharp from 'sharp';

/**
 * Meal images. An upload (base64, as the spec sends it) is checked by its bytes, not its name:
 * JPEG, PNG or WebP only, at most 5 MB decoded; then resized to fit 1200 px and stored as WebP
 * under a name made of its content hash, so a stored image never changes and can be cached forever.
 */
export interface ImageStore {
  /**
   * Stores the image; resolves to the address the web app loads it from: `/images/<hash>.webp`
   * (local folder) or `<IMAGE_PUBLIC_BASE_URL>/<hash>.webp` (bucket).
   */
  put(bytes: Buffer, contentType: 'image/webp'): Promise<string>;
  /** The image stored in the local folder, served at /images/<name>, or null. */
  get(name: string): Promise<Buffer | null>;
}

export class ImageRejected extends Error {}

/** The store could not keep the image (the bucket refused it or did not answer): try again later. */
export class ImageStoreUnavailable extends Error {}

/** Stored images never change: the name is the content's hash. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

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

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const contentName = (bytes: Buffer) => `${sha256(bytes).slice(0, 32)}.webp`;

/** The default store: a folder (DATA_DIR/images unless IMAGE_DIR says otherwise). */
export function localImageStore(dir: string): ImageStore {
  return {
    async put(bytes) {
      const name = contentName(bytes);
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

export interface S3ImageOptions {
  bucket: string;
  /** Path-style: objects are PUT to `<endpoint>/<bucket>/<key>`. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The address stored on the meal is `<publicBaseUrl>/<key>`. */
  publicBaseUrl: string;
  /** Total time for the upload, retries included. */
  timeoutMs?: number;
}

/**
 * An S3-compatible bucket (IMAGE_S3_BUCKET). Each image is PUT under its content-hash name with
 * SigV4 (aws4fetch), its type and a one-year immutable cache header; a second upload of the same
 * image rewrites the same object. Images kept in the local folder before the switch are still
 * served at /images/ from it, so older meals keep their pictures.
 */
export function s3ImageStore(options: S3ImageOptions, local: ImageStore): ImageStore {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    // A 5xx or 429 is retried twice with a short back-off; the PUT is idempotent.
    retries: 2,
    initRetryMs: 200,
  });
  return {
    async put(bytes, contentType) {
      const digest = sha256(bytes);
      const key = `${digest.slice(0, 32)}.webp`;
      let response: Response;
      try {
        response = await client.fetch(`${options.endpoint}/${options.bucket}/${key}`, {
          method: 'PUT',
          body: bytes,
          headers: {
            'content-type': contentType,
            'cache-control': IMMUTABLE_CACHE,
            // The real payload hash (not UNSIGNED-PAYLOAD): the bucket checks the bytes arrived whole.
            'x-amz-content-sha256': digest,
          },
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new ImageStoreUnavailable(`image bucket did not answer: ${String(error)}`, { cause: error });
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new ImageStoreUnavailable(`image bucket answered ${response.status} ${detail}`.trim());
      }
      return `${options.publicBaseUrl}/${key}`;
    },
    get: (name) => local.get(name),
  };
}

/** Placeholder handling the spec asks for: empty or 'NULL' means no image. */
export function imageOrNull(path: string | null | undefined): string | null {
  return !path || path === 'NULL' ? null : path;
}
