/** Account field limits (spec/foundation.md §5); zod-free so client forms import them without the validator. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_RE = /^[A-Za-zА-Яа-яЁё0-9 .,'’\-_()!?«»"]+$/;
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
