import { vendorList } from '@kitchaco/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-client';
import { ApiError } from './api-error';
import { loadContracts } from './contracts';

const vendor = {
  id: 3,
  title: 'Pho Real',
  address: null,
  logo: null,
  image: null,
  description: null,
  kitchaco: { id: 1, location: 'Rosebery' },
  kitchens: [{ id: 2, title: 'Vietnamese' }],
};

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch with a lazily loaded contract', () => {
  it('checks the answer with the named contract, the same schema the page would import', async () => {
    answer(200, [vendor]);
    const vendors = await apiFetch('/api/v1/vendors/', { schema: (c) => c.vendorList });
    expect(vendors).toEqual([vendor]);
    expect((await loadContracts()).vendorList).toBe(vendorList);
  });

  it('rejects an answer outside the contract instead of showing it', async () => {
    answer(200, [{ ...vendor, id: 'three' }]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(apiFetch('/api/v1/vendors/', { schema: (c) => c.vendorList })).rejects.toThrow(
      'The server sent an unexpected response.',
    );
  });

  it("reads the spec's failure shape: the message and the field", async () => {
    answer(400, { success: false, error: 'kitchaco: must be a positive number', field: 'kitchaco' });
    const failure = await apiFetch('/api/v1/vendors/?kitchaco=x', { schema: (c) => c.vendorList }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'kitchaco: must be a positive number',
      field: 'kitchaco',
    });
  });

  it('keeps the bad rows of a file refused whole', async () => {
    const row = { row: 3, field: 'Sales (incl. GST)', message: '"lots" is not an amount' };
    answer(422, {
      success: false,
      code: 'invalid_rows',
      error: 'The file has 1 error: nothing was imported.',
      errors: [row, { row: 'four' }],
    });
    await expect(apiFetch('/api/v1/admin-data/', { body: {} })).rejects.toMatchObject({
      status: 422,
      reason: 'invalid_rows',
      rows: [row],
    });
  });

  it('falls back to the status text for an error body of another shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(apiFetch('/api/v1/vendors/')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });
});
