import {
  resolveCall,
  type Contract,
  type ContractInput,
  type ContractKey,
  type ContractOutput,
} from '../../shared/api/contract.ts';
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
  const { method, path, data } = resolveCall(key, input);
  return request<ContractOutput<C>>(method as 'GET' | 'POST' | 'DELETE', `${API_BASE}${path}`, data, opts);
}

/** `call` for a route a module serves at the site's root (its `rootRoutes`: the push endpoints the spec names). */
export function callAtRoot<C extends Contract>(
  key: ContractKey<C>,
  input: ContractInput<C> & Record<string, unknown>,
  opts?: RequestOptions,
): Promise<ApiResult<ContractOutput<C>>> {
  const { method, path, data } = resolveCall(key, input);
  return request<ContractOutput<C>>(method as 'GET' | 'POST' | 'DELETE', path, data, opts);
}
