import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const S3 = {
  IMAGE_S3_BUCKET: 'meal-images',
  IMAGE_S3_ACCESS_KEY_ID: 'key-id',
  IMAGE_S3_SECRET_ACCESS_KEY: 'secret',
  IMAGE_PUBLIC_BASE_URL: 'https://cdn.kitchaco.example/meals/',
};

describe('image storage settings', () => {
  it('keeps images in the local folder by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/data' }, '/');
    expect(config.images).toEqual({ dir: '/srv/data/images', s3: null });
  });

  it("uses the bucket when IMAGE_S3_BUCKET is set, AWS's endpoint of the region unless one is given", () => {
    expect(loadConfig({ ...S3, IMAGE_S3_REGION: 'ap-southeast-2' }).images.s3).toEqual({
      bucket: 'meal-images',
      endpoint: 'https://s3.ap-southeast-2.amazonaws.com',
      region: 'ap-southeast-2',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      publicBaseUrl: 'https://cdn.kitchaco.example/meals',
    });
    const r2 = loadConfig({
      ...S3,
      IMAGE_S3_ENDPOINT: 'https://abc.r2.cloudflarestorage.com/',
      IMAGE_S3_REGION: 'auto',
    });
    expect(r2.images.s3).toMatchObject({ endpoint: 'https://abc.r2.cloudflarestorage.com', region: 'auto' });
  });

  it('names every missing bucket setting instead of falling back to the folder', () => {
    expect(() => loadConfig({ IMAGE_S3_BUCKET: 'meal-images' })).toThrow(
      /IMAGE_S3_ACCESS_KEY_ID, IMAGE_S3_SECRET_ACCESS_KEY, IMAGE_PUBLIC_BASE_URL: required for S3 image storage/,
    );
    expect(() => loadConfig({ IMAGE_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
  });

  it('wants an https public address in production (the pages load images over https only)', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, ...S3, IMAGE_PUBLIC_BASE_URL: 'http://cdn.example' })).toThrow(
      /IMAGE_PUBLIC_BASE_URL: must be an https/,
    );
    expect(loadConfig({ ...production, ...S3 }).images.s3?.bucket).toBe('meal-images');
  });
});
