import crypto from 'node:crypto';

/** The hex SHA-256 of a token: how sessions, API tokens and every mailed or scanned secret are stored and found. */
export const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
