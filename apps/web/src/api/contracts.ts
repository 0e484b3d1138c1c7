/**
 * The schemas (zod) that the first screens check server answers and browser storage with. They load
 * on first use, alongside the first request, instead of with the page: zod is a sixth of a first
 * screen's JavaScript, and nothing an answer holds can be shown before the answer has arrived anyway
 * (docs/performance.md, "Web"). Pages that load later import their schemas directly.
 */
export type Contracts = typeof import('./contract-schemas');

let loading: Promise<Contracts> | undefined;

/** The contracts, loaded once; a failed load (offline) rejects and is tried again next time. */
export function loadContracts(): Promise<Contracts> {
  loading ??= import('./contract-schemas').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** A schema named from the contracts, for apiFetch's `schema` option: `(c) => c.vendorList`. */
export type ContractPick<T> = (contracts: Contracts) => {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
};
