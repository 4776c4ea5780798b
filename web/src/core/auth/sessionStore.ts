import { sessionRoutes } from '@ghg/api';
import { RefreshScheduler } from './refreshSchedule';
import { STORAGE_KEYS, STRATEGY, TOKEN_TYPE, local } from './storageKeys';

export type LogoutReason = 'user' | 'unauthorized' | 'other-tab';

type Listener = () => void;

/**
 * The session outside React: the token in storage (stored, and sent, as a Bearer Authorization
 * header), the refresh schedule, and who is listening. Logout is client-side
 * only: it clears the user, the token and the refresh token.
 */
class SessionStore {
  private listeners = new Set<Listener>();
  private token: string | null = null;
  private userId: string | null = null;
  private logoutListeners = new Set<(reason: LogoutReason) => void>();
  lastLogoutReason: LogoutReason | null = null;

  readonly refresh = new RefreshScheduler({
    storage: local,
    key: STORAGE_KEYS.nextRefresh,
    now: () => Date.now(),
    refresh: async () => {
      if (!this.userId || !this.token) throw new Error('no session');
      const response = await fetch('/api/refresh', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `${TOKEN_TYPE} ${this.token}` },
        body: JSON.stringify({ id: this.userId }),
      });
      if (!response.ok) throw new Error(`refresh failed: ${response.status}`);
      const answer = sessionRoutes.refresh.response.safeParse(await response.json());
      if (!answer.success) throw new Error(`refresh answered outside its contract: ${answer.error.message}`);
      this.store(answer.data.token);
      return { expiration: answer.data.expiration };
    },
  });

  constructor() {
    this.token = readToken();
    if (typeof window !== 'undefined') {
      // Another tab logged in or out: follow it, so one browser has one session.
      window.addEventListener('storage', (event) => {
        if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
        const next = readToken();
        if (next === this.token) return;
        const loggedOut = this.token !== null && next === null;
        this.token = next;
        if (loggedOut) this.emitLogout('other-tab');
        this.emit();
      });
    }
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  onLogout(listener: (reason: LogoutReason) => void) {
    this.logoutListeners.add(listener);
    return () => void this.logoutListeners.delete(listener);
  }

  getToken = () => this.token;

  authorizationHeader(): string | null {
    return this.token ? `${TOKEN_TYPE} ${this.token}` : null;
  }

  setUserId(id: string | null) {
    this.userId = id;
  }

  login(token: string) {
    this.store(token);
    local.setItem(STORAGE_KEYS.strategy, STRATEGY);
    this.refresh.start();
    this.lastLogoutReason = null;
    this.emit();
  }

  logout(reason: LogoutReason = 'user') {
    const wasLoggedIn = this.token !== null;
    this.token = null;
    this.userId = null;
    local.removeItem(STORAGE_KEYS.token);
    local.removeItem(STORAGE_KEYS.refreshToken);
    local.removeItem(STORAGE_KEYS.strategy);
    this.refresh.stop();
    if (wasLoggedIn) {
      this.lastLogoutReason = reason;
      this.emitLogout(reason);
    }
    this.emit();
  }

  private store(token: string) {
    this.token = token;
    local.setItem(STORAGE_KEYS.token, `${TOKEN_TYPE} ${token}`);
  }

  private emit() {
    for (const l of this.listeners) l();
  }

  private emitLogout(reason: LogoutReason) {
    for (const l of this.logoutListeners) l(reason);
  }
}

function readToken(): string | null {
  const stored = local.getItem(STORAGE_KEYS.token);
  if (!stored) return null;
  const prefix = `${TOKEN_TYPE} `;
  const token = stored.startsWith(prefix) ? stored.slice(prefix.length) : stored;
  return token.trim() || null;
}

export const sessionStore = new SessionStore();
