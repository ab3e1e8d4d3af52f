import type { CardPayment } from './CardCheckout.tsx';

// The checkout's code and styles load on the first call: a page carries no payment code until a reader pays.

/** The Plus purchase popup (also the answer to rc 402). */
export const openBuyPopup = (stuffId?: number) => import('./BuyPopup.tsx').then((m) => m.openBuyPopup(stuffId));

/** A card payment in its popup: a donation, a top-up. */
export const openCardPayment = (p: CardPayment) => import('./CardCheckout.tsx').then((m) => m.openCardPayment(p));
