/**
 * Browser storage keys (prefixes "auth.", "_token.", "_refresh_token"; token type Bearer), spelled
 * as the product fixes them. The token is stored with its type, exactly as it is sent: "Bearer <jwt>".
 */
export const STRATEGY = 'local';
export const TOKEN_TYPE = 'Bearer';
export const STORAGE_KEYS = {
  token: `auth._token.${STRATEGY}`,
  refreshToken: `auth._refresh_token.${STRATEGY}`,
  nextRefresh: `auth._token_expiration.${STRATEGY}`,
  strategy: 'auth.strategy',
  /** Selected fiscal year and company section survive logout and new sessions. */
  selectedFiscalYear: 'ghg.selectedFiscalYear',
  selectedCompanySection: 'ghg.selectedCompanySection',
  theme: 'ghg.theme',
  navCollapsed: 'ghg.navCollapsed',
  chunkReloadAt: 'ghg.chunkReloadAt',
} as const;

/** Storage that never throws (private mode, disabled storage, tests without a DOM). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function safe(get: () => Storage | undefined): KeyValueStorage {
  const fallback = memoryStorage();
  const s = () => {
    try {
      return get() ?? fallback;
    } catch {
      return fallback;
    }
  };
  return {
    getItem: (k) => {
      try {
        return s().getItem(k);
      } catch {
        return null;
      }
    },
    setItem: (k, v) => {
      try {
        s().setItem(k, v);
      } catch {
        /* storage full or disabled: keep working for this page */
      }
    },
    removeItem: (k) => {
      try {
        s().removeItem(k);
      } catch {
        /* ignore */
      }
    },
  };
}

export const local = safe(() => (typeof window === 'undefined' ? undefined : window.localStorage));
export const session = safe(() => (typeof window === 'undefined' ? undefined : window.sessionStorage));
