import { ApiError } from '../lib/errors.ts';

/** The API's refusals as statuses a page turns into its error screen (401 opens the sign-in dialog). */
export async function found<U, T>(
  user: U | null,
  read: (user: U) => Promise<T>,
): Promise<({ status: 200 } & T) | { status: 401 | 403 | 404 }> {
  if (!user) return { status: 401 };
  try {
    return { status: 200, ...(await read(user)) };
  } catch (err) {
    if (err instanceof ApiError && (err.rc === 403 || err.rc === 404)) return { status: err.rc };
    throw err;
  }
}
