import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { setNavigator } from '../navigation';
import { STORAGE_KEYS } from '../storage';
import { apiError } from '@/test/msw/handlers';
import { server } from '@/test/msw/server';
import { useAuthStore } from './auth';

const buyer = {
  id: 1,
  account: 'buyer01',
  username: 'buyer01',
  name: 'Buyer',
  nickname: 'B',
  admin: false,
  role: null,
  mobile: null,
  email: null,
  regionId: null,
  subscribeEmail: null,
};

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'revoked-token');
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(buyer));
  useAuthStore.setState({ token: 'revoked-token', user: buyer, isAnonymous: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a session the server no longer accepts', () => {
  it('found by the background user refresh: cleared, and the buyer is sent to log in with the page to come back to', async () => {
    server.use(http.get('/api/user', () => apiError(401, 'UNAUTHORIZED', 'Please log in')));
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/cart?x=1');
    expect(await useAuthStore.getState().refreshUser()).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, isAnonymous: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fcart%3Fx%3D1', { replace: true });
  });

  it('keeps the session when the refresh fails for another reason (offline)', async () => {
    server.use(http.get('/api/user', () => apiError(503, 'UNAVAILABLE', 'down')));
    const navigate = vi.fn();
    setNavigator(navigate);
    expect(await useAuthStore.getState().refreshUser()).toBeNull();
    expect(useAuthStore.getState().token).toBe('revoked-token');
    expect(navigate).not.toHaveBeenCalled();
  });
});
