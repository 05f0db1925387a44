import type { TUser } from '@cubeshop/shared';

/**
 * Every key the web client keeps in localStorage (docs/requirements.md, Data, Client storage keys).
 * One place, so a rename or a "clear everything" is one edit.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  locale: 'locale',
  userCurrency: 'userCurrency',
  registerType: 'registerType',
  cartCompactView: 'cartCompactView',
  newsletterLastSendTime: 'newsletterLastSendTime',
  /** Staff lists: the columns each staff member hid, per list (components/staff/StaffTable.tsx). */
  staffColumns: 'staffColumns',
} as const;

export type TStorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage can throw (private mode, disabled storage, quota): never let that break a page. */
function store(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readString(key: TStorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: TStorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    /* storage full or disabled: the value lives for this page only */
  }
}

export function removeKey(key: TStorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    /* ignore */
  }
}

export function readJson<T>(key: TStorageKey): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: TStorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

export function getToken(): string | null {
  const token = readString(STORAGE_KEYS.token);
  return token && token.trim() ? token : null;
}

export function setToken(token: string): void {
  writeString(STORAGE_KEYS.token, token);
}

/** The cached user of a signed-in session; null for anonymous visitors or unreadable data. */
export function getStoredUser(): TUser | null {
  const value = readJson<TUser>(STORAGE_KEYS.userInfo);
  return value && typeof value === 'object' && typeof value.account === 'string' ? value : null;
}

export function setStoredUser(user: TUser): void {
  writeJson(STORAGE_KEYS.userInfo, user);
}

type Listener = () => void;
const clearedListeners = new Set<Listener>();

/** Removes token and user info (logout, 401) and tells subscribers (the auth store). */
export function clearStoredSession(): void {
  removeKey(STORAGE_KEYS.token);
  removeKey(STORAGE_KEYS.userInfo);
  for (const listener of clearedListeners) listener();
}

export function onSessionCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** A first-party cookie the server reads too (the page's language and currency). */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`;
  } catch {
    /* cookies off: the server decides from the browser's languages */
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}
