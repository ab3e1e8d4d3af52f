import { useEffect, useState } from 'react';
import { realtimeUi } from '../../../shared/catalogue/realtime.ts';
import { channelName, type ChannelAuth, type SystemEvent } from '../../../shared/realtime.ts';
import { realtime, useChannel } from './useChannel.ts';
import { setCookie } from '../../lib/cookies.ts';
import { STATIC_VERSION_COOKIE } from '../../../shared/shell-cookies.ts';

/** The build this tab runs (React Router's manifest version; the server announces its own). */
const ownVersion = () =>
  (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? '';

/**
 * Mounted once in the root layout: hands the reader's private-channel signature to the connection (which opens
 * with the first listener) and reacts to the `system` channel: a new build asks the reader to refresh, and the next
 * navigation loads the page whole.
 */
export function RealtimeRoot(props: { auth: ChannelAuth | null }) {
  const [outdated, setOutdated] = useState(false);
  useEffect(() => {
    // Signed out (null) forgets the previous reader's channel; signed in hands the new signature over.
    realtime().authorize(props.auth);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the signature's values, not the object's identity
  }, [props.auth?.channel, props.auth?.hash]);

  useChannel<SystemEvent>(channelName.system, (event) => {
    if (event.type === 'static_version_changed' && event.version && ownVersion() && event.version !== ownVersion()) {
      // The next navigation loads the page whole instead of running this build's code against the new server.
      // Told to every tab of the site by the `static_version_timestamp` cookie (365 days, spec/content.md §9).
      setCookie(STATIC_VERSION_COOKIE, String(Date.now()), 365);
      setOutdated(true);
    }
  });

  if (!outdated) return null;
  return (
    <div className="new-version" role="status" data-testid="new-version">
      <span>{realtimeUi.newVersion}</span>
      <button type="button" className="btn btn-primary btn-small" onClick={() => location.reload()}>
        {realtimeUi.reload}
      </button>
    </div>
  );
}
