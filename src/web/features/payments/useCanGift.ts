import { useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/session.ts';
import { paymentCalls } from './calls.ts';

/**
 * Whether the signed-in reader may gift Plus to this person (staff, or a manager of a community the person belongs
 * to); the server answers, the profile menu shows the item. Null: nobody to ask about.
 */
export function useCanGift(userId: number | null): boolean {
  const myId = useCurrentUser()?.id ?? null;
  const [can, setCan] = useState(false);
  useEffect(() => {
    setCan(false);
    if (myId === null || userId === null || userId === myId) return;
    let live = true;
    void paymentCalls.giftCheck(userId).then((r) => live && r.ok && setCan(r.data.can_gift));
    return () => {
      live = false;
    };
  }, [myId, userId]);
  return can;
}
