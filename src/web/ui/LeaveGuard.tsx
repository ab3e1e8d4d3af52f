import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { inputMessages } from '../../shared/catalogue/site.ts';
import { confirmLeave, hasUnsaved } from './unsaved.ts';

/** Used by every guarded form (React Router heeds the latest blocker; all read one registry): asks before an in-app navigation and before a reload while a form is dirty. */
export function useLeaveGuard(): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && hasUnsaved(null, true),
  );
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeave().then((leave) => {
      const b = current.current;
      if (b.state !== 'blocked') return;
      if (leave) b.proceed();
      else b.reset();
    });
  }, [blocker.state]);
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!hasUnsaved()) return;
      e.preventDefault();
      e.returnValue = inputMessages.unsavedInput; // browsers show their own wording; the flag is what counts
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
