import type { Contract, ContractInput, ContractKey, ContractOutput } from '../../shared/api/contract.ts';
import { API_BASE, request, type ApiResult, type RequestOptions } from './request.ts';

/**
 * Calls a route by its contract (src/shared/api): `call<typeof change>('POST /favorite/change', { id, type, state })`.
 * The key must be the contract's method and path (the compiler checks it), the input its fields (path params, query
 * and body in one object), and the answer's `data` is the contract's response type, so a field renamed on the server
 * fails the page that reads it at compile time. Contracts come in as types only: no schema is in the browser's code.
 */
export function call<C extends Contract>(
  key: ContractKey<C>,
  input: ContractInput<C> & Record<string, unknown>,
  opts?: RequestOptions,
): Promise<ApiResult<ContractOutput<C>>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as 'GET' | 'POST' | 'DELETE';
  const data: Record<string, unknown> = { ...input };
  const path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => {
    const value = data[name];
    delete data[name];
    return encodeURIComponent(String(value));
  });
  return request<ContractOutput<C>>(method, `${API_BASE}${path}`, data, opts);
}
