import type { CurrentUser } from '../../../shared/api.ts';
import type {
  check,
  login,
  logout,
  recoverCheck,
  recoverDo,
  recoverRequest,
  register,
} from '../../../shared/api/auth.ts';
import type { ContractInput } from '../../../shared/api/contract.ts';
import { call } from '../../api/call.ts';
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

/** The popup form's fields as FormData gives them; the server checks which are there. */
type Values = Record<string, string>;
const quiet = { authRetry: false } as const;

export const authCalls = {
  login: (values: Values) =>
    call<typeof login>('POST /auth/simple/login', { values: values as ContractInput<typeof login>['values'] }, quiet),
  register: (values: Values) =>
    call<typeof register>(
      'POST /auth/simple/register',
      { values: values as ContractInput<typeof register>['values'] },
      quiet,
    ),
  recoverRequest: (values: Values) =>
    call<typeof recoverRequest>(
      'POST /auth/simple/recover/request',
      { values: values as ContractInput<typeof recoverRequest>['values'] },
      quiet,
    ),
  recoverCheck: (token: string) =>
    call<typeof recoverCheck>('GET /auth/simple/recover', { token }, { notify: false, authRetry: false }),
  recoverDo: (values: Values) =>
    call<typeof recoverDo>(
      'POST /auth/simple/recover/do',
      { values: values as ContractInput<typeof recoverDo>['values'] },
      quiet,
    ),
  check: () => call<typeof check>('GET /auth/check', {}, { notify: false }),
  logout: () => call<typeof logout>('POST /auth/logout', {}, quiet),
};
