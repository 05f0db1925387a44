import { create } from 'zustand';
import { isAnonymousUser, type TUser } from '@cubeshop/shared';
import { api } from '../api';
import { defaultUnauthorized, isApiError } from '../api-client';
import { navigateTo } from '../navigation';
import { clearStoredSession, getStoredUser, getToken, onSessionCleared, setStoredUser, setToken } from '../storage';

/** Who is using the shop (docs/requirements.md, States): token, user info, anonymous or not. */
export interface AuthState {
  token: string | null;
  user: TUser | null;
  isAnonymous: boolean;
  /** Stores a new token (sign-in, sign-up), then loads the user. */
  login: (token: string) => Promise<TUser>;
  /** Revokes the token on the server (failure ignored), clears the session, goes to /login. */
  logout: () => Promise<void>;
  /** Reloads GET /api/user for a signed-in token. */
  refreshUser: () => Promise<TUser | null>;
  setUser: (user: TUser) => void;
  /** Token and user info gone (local only). */
  clear: () => void;
}

function fetchUser(): Promise<TUser> {
  return api.GET('/api/user', { silent: true, skipAuthHandling: true });
}

/**
 * The store starts as a visitor (the state a server-rendered page was rendered with) and takes the
 * stored session right after: components read it with useSyncExternalStore, whose server snapshot
 * is this initial state, so a hydrating page first matches the server's HTML and then shows the
 * signed-in buyer; a page rendered in the browser shows the buyer at once.
 */
export const useAuthStore = create<AuthState>()((set, get) => ({
  token: null,
  user: null,
  isAnonymous: true,
  login: async (token) => {
    setToken(token);
    set({ token });
    const user = await fetchUser();
    get().setUser(user);
    return user;
  },
  logout: async () => {
    try {
      await api.POST('/api/authn/signout', { silent: true, skipAuthHandling: true });
    } catch {
      /* the token is dropped locally either way */
    }
    clearStoredSession();
    navigateTo('/login');
  },
  refreshUser: async () => {
    if (!get().token || !get().user) return null;
    try {
      const user = await fetchUser();
      get().setUser(user);
      return user;
    } catch (error) {
      // The session ended on the server (expired, revoked): the same as a 401 anywhere (docs/requirements.md,
      // States): session cleared, a new anonymous token, /login?redirect=<here>.
      if (isApiError(error) && error.status === 401) defaultUnauthorized();
      return null;
    }
  },
  setUser: (user) => {
    setStoredUser(user);
    set({ user, isAnonymous: isAnonymousUser(user) });
  },
  clear: () => clearStoredSession(),
}));

/** The session stored in this browser (none on the server). */
export function loadStoredSession(): void {
  const user = getStoredUser();
  useAuthStore.setState({ token: getToken(), user, isAnonymous: isAnonymousUser(user) });
}
loadStoredSession();

// Whoever cleared the session (401 handler, logout), the store follows.
onSessionCleared(() => useAuthStore.setState({ token: null, user: null, isAnonymous: true }));

/** Gets and stores a token for a first-time visitor. */
export async function fetchAnonymousToken(): Promise<string> {
  const { token } = await api.GET('/api/authn/anonymous/token', { silent: true });
  setToken(token);
  useAuthStore.setState({ token });
  return token;
}
