/**
 * Browser-kept values with an optional expiry (spec §3 "Browser-kept values", §9), over Web Storage with an
 * in-memory fallback when storage is unavailable (spec §8).
 *
 * Stored format: a value without expiry is stored as the plain string, exactly as `localStorage.setItem`
 * would, so code and tools that read storage directly still see it. A value with an expiry is stored as
 * `{"$expiring":1,"value":"…","expiresAt":<epoch ms>}`. Anything else found under a key (values written
 * before this helper, or by other code) is read back unchanged and never expires.
 */

/** The furthest ahead an expiry may lie (4 days): an item whose expiry lies further ahead is discarded. */
export const MAX_EXPIRY_SECONDS = 345_600;

/** The part of the Web Storage interface the helper uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear' | 'key' | 'length'>;

export interface ExpiringStorage {
  /** The value kept under `key`, or null when there is none or it was discarded (expired, or too far ahead). */
  getItem(key: string): string | null;
  /**
   * Keeps `value` under `key`. `expirySeconds` counts from now; 0 (the default) means the value never
   * expires. Callers JSON-encode anything that is not a string.
   */
  setItem(key: string, value: string, expirySeconds?: number): void;
  removeItem(key: string): void;
  /** Removes every item except those under the keys in `keep`. */
  clear(keep?: readonly string[]): void;
}

export type StorageArea = 'local' | 'session';

export interface ExpiringStorageOptions {
  /** Which Web Storage to use when `storage` is not given: `localStorage` (default) or `sessionStorage`. */
  area?: StorageArea;
  /**
   * Returns the Web Storage to keep items in; asked once, on first use. Defaults to the global
   * `localStorage` / `sessionStorage` of `area`. It may throw or return nothing (storage switched off).
   */
  storage?: () => StorageLike | null | undefined;
  /** The clock, in epoch milliseconds (default `Date.now`). */
  now?: () => number;
}

interface Envelope {
  $expiring: 1;
  value: string;
  /** Epoch milliseconds; 0 means never. */
  expiresAt: number;
}

function parseEnvelope(raw: string): Envelope | undefined {
  if (!raw.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  const { $expiring: marker, value, expiresAt } = record;
  if (marker !== 1 || typeof value !== 'string' || typeof expiresAt !== 'number') return undefined;
  return { $expiring: 1, value, expiresAt };
}

function encode(value: string, expiresAt: number): string {
  // A plain string stays plain unless it could be mistaken for an envelope when read back.
  if (expiresAt === 0 && parseEnvelope(value) === undefined) return value;
  const envelope: Envelope = { $expiring: 1, value, expiresAt };
  return JSON.stringify(envelope);
}

/**
 * An in-memory Web Storage over `items`: the fallback when the real one is unavailable, and what tests
 * give `createExpiringStorage` to look into what was stored.
 */
export function createMemoryStorage(items = new Map<string, string>()): StorageLike {
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => {
      items.clear();
    },
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

function globalStorage(area: StorageArea): StorageLike | undefined {
  const scope = globalThis as { localStorage?: StorageLike; sessionStorage?: StorageLike };
  return area === 'session' ? scope.sessionStorage : scope.localStorage;
}

const PROBE_KEY = '__lender_storage_probe__';

/**
 * Creates an expiring store over Web Storage (`localStorage` unless `area: 'session'`). When storage is
 * unavailable — it throws on access (switched off, Safari private mode) or on writing (quota) — the store
 * moves to memory for the rest of its life, keeping what it could still read, and logs one warning.
 */
export function createExpiringStorage(options: ExpiringStorageOptions = {}): ExpiringStorage {
  const area = options.area ?? 'local';
  const now = options.now ?? Date.now;
  const resolve = options.storage ?? (() => globalStorage(area));
  let backend: StorageLike | undefined;
  let inMemory = false;

  function fallBack(reason: unknown): StorageLike {
    const memory = createMemoryStorage();
    if (backend) {
      // Keep what the failing storage still lets us read, so a full quota does not lose the session.
      try {
        for (let index = 0; index < backend.length; index += 1) {
          const key = backend.key(index);
          const value = key === null ? null : backend.getItem(key);
          if (key !== null && value !== null) memory.setItem(key, value);
        }
      } catch {
        // Nothing more can be read; the memory store starts with what it has.
      }
    }
    console.warn(`${area}Storage is unavailable; browser-kept values are held in memory for this page.`, reason);
    backend = memory;
    inMemory = true;
    return memory;
  }

  function store(): StorageLike {
    if (backend) return backend;
    try {
      const candidate = resolve();
      if (!candidate) throw new Error(`There is no ${area}Storage here.`);
      candidate.setItem(PROBE_KEY, PROBE_KEY);
      candidate.removeItem(PROBE_KEY);
      backend = candidate;
      return candidate;
    } catch (error) {
      return fallBack(error);
    }
  }

  /** Runs `operation` on the storage, moving to memory (once) if the storage throws. */
  function use<T>(operation: (storage: StorageLike) => T): T {
    const storage = store();
    if (inMemory) return operation(storage);
    try {
      return operation(storage);
    } catch (error) {
      return operation(fallBack(error));
    }
  }

  return {
    getItem(key) {
      return use((storage) => {
        const raw = storage.getItem(key);
        if (raw === null) return null;
        const envelope = parseEnvelope(raw);
        if (envelope === undefined) return raw;
        if (envelope.expiresAt === 0) return envelope.value;
        const left = envelope.expiresAt - now();
        if (left <= 0 || left > MAX_EXPIRY_SECONDS * 1000) {
          storage.removeItem(key);
          return null;
        }
        return envelope.value;
      });
    },
    setItem(key, value, expirySeconds = 0) {
      if (!Number.isFinite(expirySeconds) || expirySeconds < 0) {
        throw new RangeError(`The expiry of ${key} must be a number of seconds, 0 or more; got ${expirySeconds}.`);
      }
      const expiresAt = expirySeconds === 0 ? 0 : Math.round(now() + expirySeconds * 1000);
      const raw = encode(value, expiresAt);
      use((storage) => {
        storage.setItem(key, raw);
      });
    },
    removeItem(key) {
      use((storage) => {
        storage.removeItem(key);
      });
    },
    clear(keep = []) {
      use((storage) => {
        const kept = keep.flatMap((key) => {
          const raw = storage.getItem(key);
          return raw === null ? [] : [[key, raw] as const];
        });
        storage.clear();
        for (const [key, raw] of kept) storage.setItem(key, raw);
      });
    },
  };
}

/**
 * The app-wide store over `localStorage` (spec §3): the API client reads the session token from it. Apps use
 * this one instance so that, when storage is unavailable, everything shares one in-memory fallback.
 */
export const expiringLocalStorage: ExpiringStorage = createExpiringStorage();

/** The app-wide store over `sessionStorage` (the sandbox user's token, spec §3 and §6). */
export const expiringSessionStorage: ExpiringStorage = createExpiringStorage({ area: 'session' });
