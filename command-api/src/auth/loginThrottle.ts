/**
 * Login throttling that slows password guessing without letting an attacker lock the owner out
 * (docs/operations.md, "Login limits"). Three counters of FAILED attempts (an attempt counts when
 * it starts, so parallel guesses cannot slip past, and is taken back when it succeeds):
 *
 * 1. per client address, all accounts: spraying many accounts from one address stops there;
 * 2. per client address and account: guessing one account from one address stops sooner;
 * 3. per account, all addresses: once an account has many failures, addresses that have never
 *    logged in to it may try only at growing intervals. Addresses the owner logged in from are
 *    exempt, so an attack from elsewhere never locks the owner out of their usual address.
 *
 * In memory, per process: with several command-api processes each keeps its own counters.
 */
export const LOGIN_LIMITS = {
  perAddress: { failures: 50, windowMs: 15 * 60_000 },
  perAddressAndAccount: { failures: 20, windowMs: 60_000 },
  // Above perAddressAndAccount: one address alone hits its own limit first; this one is for many.
  perAccount: { failures: 30, windowMs: 15 * 60_000, firstIntervalMs: 1000, maxIntervalMs: 30_000 },
  /** Addresses remembered per account as the owner's, and for how long. */
  knownAddresses: { perAccount: 10, ttlMs: 30 * 24 * 60 * 60_000 },
  /** Keys kept per counter; the oldest are dropped beyond it, so memory stays bounded. */
  maxKeys: 100_000,
} as const;

export type LoginAttempt =
  | { allowed: true; finish(succeeded: boolean): void }
  | { allowed: false; retryAfterSeconds: number };

interface Window {
  start: number;
  failures: number;
}

class WindowCounter {
  private readonly windows = new Map<string, Window>();
  constructor(private readonly windowMs: number) {}

  current(key: string, now: number): Window {
    const found = this.windows.get(key);
    if (found && now - found.start < this.windowMs) return found;
    const fresh = { start: now, failures: 0 };
    this.windows.delete(key);
    this.windows.set(key, fresh);
    if (this.windows.size > LOGIN_LIMITS.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    return fresh;
  }

  secondsLeft(window: Window, now: number): number {
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }
}

export class LoginThrottle {
  private readonly byAddress = new WindowCounter(LOGIN_LIMITS.perAddress.windowMs);
  private readonly byAddressAndAccount = new WindowCounter(LOGIN_LIMITS.perAddressAndAccount.windowMs);
  private readonly byAccount = new WindowCounter(LOGIN_LIMITS.perAccount.windowMs);
  /** Per account: when unknown addresses may try next. */
  private readonly nextTryFromElsewhere = new Map<string, number>();
  /** Per account: addresses that logged in successfully, with the time of the last success. */
  private readonly ownerAddresses = new Map<string, Map<string, number>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly perAddressAndAccount: number = LOGIN_LIMITS.perAddressAndAccount.failures,
  ) {}

  /** Asks to try `account` (the normalised email, known or not) from `address`. */
  begin(address: string, account: string): LoginAttempt {
    const now = this.now();
    const pairKey = `${address}\n${account}`;
    const addressWindow = this.byAddress.current(address, now);
    if (addressWindow.failures >= LOGIN_LIMITS.perAddress.failures) {
      return { allowed: false, retryAfterSeconds: this.byAddress.secondsLeft(addressWindow, now) };
    }
    const pairWindow = this.byAddressAndAccount.current(pairKey, now);
    if (pairWindow.failures >= this.perAddressAndAccount) {
      return { allowed: false, retryAfterSeconds: this.byAddressAndAccount.secondsLeft(pairWindow, now) };
    }
    const accountWindow = this.byAccount.current(account, now);
    if (!this.isOwnerAddress(account, address, now)) {
      const over = accountWindow.failures - LOGIN_LIMITS.perAccount.failures;
      if (over >= 0) {
        const next = this.nextTryFromElsewhere.get(account) ?? 0;
        if (now < next) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((next - now) / 1000)) };
        const interval = Math.min(LOGIN_LIMITS.perAccount.firstIntervalMs * 2 ** over, LOGIN_LIMITS.perAccount.maxIntervalMs);
        this.nextTryFromElsewhere.delete(account);
        this.nextTryFromElsewhere.set(account, now + interval);
        if (this.nextTryFromElsewhere.size > LOGIN_LIMITS.maxKeys) this.nextTryFromElsewhere.delete(this.nextTryFromElsewhere.keys().next().value!);
      }
    }
    for (const window of [addressWindow, pairWindow, accountWindow]) window.failures++;
    return {
      allowed: true,
      finish: (succeeded) => {
        if (!succeeded) return;
        for (const window of [addressWindow, pairWindow, accountWindow]) window.failures = Math.max(0, window.failures - 1);
        this.rememberOwnerAddress(account, address, this.now());
      },
    };
  }

  private isOwnerAddress(account: string, address: string, now: number): boolean {
    const seen = this.ownerAddresses.get(account)?.get(address);
    return seen !== undefined && now - seen < LOGIN_LIMITS.knownAddresses.ttlMs;
  }

  private rememberOwnerAddress(account: string, address: string, now: number): void {
    const addresses = this.ownerAddresses.get(account) ?? new Map<string, number>();
    addresses.delete(address);
    addresses.set(address, now);
    if (addresses.size > LOGIN_LIMITS.knownAddresses.perAccount) addresses.delete(addresses.keys().next().value!);
    this.ownerAddresses.delete(account);
    this.ownerAddresses.set(account, addresses);
    if (this.ownerAddresses.size > LOGIN_LIMITS.maxKeys) this.ownerAddresses.delete(this.ownerAddresses.keys().next().value!);
  }
}
