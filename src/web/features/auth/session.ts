import type { AuthCheckData, CurrentUser } from '../../../shared/api.ts';
import { api } from '../../api/request.ts';
import { createStore, useStore } from '../../lib/store.ts';

/** The signed-in user on the client; the root loader seeds it, sign-in and sign-out change it. */
export const currentUser = createStore<CurrentUser | null>(null);
const changeListeners = new Set<(user: CurrentUser | null) => void>();

export const useCurrentUser = (serverValue?: CurrentUser | null) => useStore(currentUser, serverValue ?? null);

/** Called after sign-in or sign-out so pages reload their data for the new visitor. */
export function onAuthChange(listener: (user: CurrentUser | null) => void) {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

export function setCurrentUser(user: CurrentUser | null) {
  const changed = currentUser.get()?.id !== user?.id;
  currentUser.set(user);
  if (changed) changeListeners.forEach((l) => l(user));
}

type Values = Record<string, string>;
type UserReply = { user: CurrentUser };

export const authCalls = {
  login: (values: Values) => api.post<UserReply>('auth/simple/login', { values }, { authRetry: false }),
  register: (values: Values) => api.post<UserReply>('auth/simple/register', { values }, { authRetry: false }),
  recoverRequest: (values: Values) => api.post('auth/simple/recover/request', { values }, { authRetry: false }),
  recoverCheck: (token: string) =>
    api.get<{ email: string; name: string }>('auth/simple/recover', { token }, { notify: false, authRetry: false }),
  recoverDo: (values: Values) => api.post<UserReply>('auth/simple/recover/do', { values }, { authRetry: false }),
  check: () => api.get<AuthCheckData>('auth/check', {}, { notify: false }),
  logout: () => api.post('auth/logout', {}, { authRetry: false }),
};
