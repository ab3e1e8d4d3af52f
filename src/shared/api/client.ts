import type { ApiReply } from '../api.ts';
import { resolveCall, type Contract, type ContractInput, type ContractKey, type ContractOutput } from './contract.ts';

/**
 * The site's API for another TypeScript program (issue 27): `createClient({ url, token })` and then
 * `client.call<typeof change>('POST /favorite/change', { id, type: 'content', state: 1 })`, typed by the same
 * contracts the server implements (`src/shared/api/index.ts` exports them all). The token is an API token made in
 * the settings (X-Device-Token): a read token may only read, and no token can sign in or manage ways in.
 */
export interface ClientOptions {
  /** The site's address, e.g. `https://sreda.example`. */
  url: string;
  token: string;
  /** Another fetch (a proxy, a test); the global one by default. */
  fetch?: typeof fetch;
}

export interface Answer<T> extends ApiReply<T> {
  /** The HTTP status (equal to rc for the API's own answers). */
  status: number;
}

export function createClient({ url, token, fetch: send = fetch }: ClientOptions) {
  const base = `${url.replace(/\/+$/, '')}/v3.0`;
  return {
    /** Calls a route by its contract; resolves with the envelope (rc 200 or a refusal with its `error` code). */
    async call<C extends Contract>(
      key: ContractKey<C>,
      input: ContractInput<C> & Record<string, unknown>,
    ): Promise<Answer<ContractOutput<C>>> {
      const { method, path, data } = resolveCall(key, input);
      const query = method === 'GET' ? new URLSearchParams(stringValues(data)).toString() : '';
      const res = await send(`${base}${path}${query ? `?${query}` : ''}`, {
        method,
        headers: {
          'x-device-token': token,
          accept: 'application/json',
          ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        body: method === 'GET' ? undefined : JSON.stringify(data),
      });
      const body = (await res.json()) as ApiReply<ContractOutput<C>>;
      return { ...body, status: res.status };
    },
  };
}

/** A GET's query: scalars as text; lists as repeated keys are not needed by any read yet. */
function stringValues(data: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  );
}
