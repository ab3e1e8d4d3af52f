import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorsUi } from '../../../shared/catalogue/site.ts';
import { openAuthPopup } from '../auth/open.ts';

/** The document title of an error screen (the site's name is added by the caller). */
export function errorTitle(status: number) {
  if (status === 401) return errorsUi.signInDocTitle;
  if (status === 404) return errorsUi.notFoundTitle;
  if (status === 403) return errorsUi.forbiddenTitle;
  return errorsUi.errorTitle;
}

/**
 * What a page shows when its loader refused (spec/content.md §2). A 401 is not an error: the sign-in dialog opens
 * at once and the page stays an invitation to sign in, with a button that opens the dialog again; once the reader is
 * in, the shell reloads the data and the page itself appears. Other statuses show the animated error screen.
 */
export function ErrorScreen({ status, reloadOnSignIn = false }: { status: number; reloadOnSignIn?: boolean }) {
  if (status === 401) return <SignInInvitation reloadOnSignIn={reloadOnSignIn} />;
  const text = status === 404 ? errorsUi.notFoundText : status === 403 ? errorsUi.forbiddenText : errorsUi.errorText;
  return (
    <section className="error-screen" data-testid="error-page" data-status={status}>
      <div className="error-art" aria-hidden>
        <span className="error-orbit" />
        <span className="error-digits">
          {String(status)
            .split('')
            .map((digit, i) => (
              <span key={i} className="error-digit" style={{ animationDelay: `${i * 0.18}s` }}>
                {digit}
              </span>
            ))}
        </span>
      </div>
      <h1 className="error-title">{errorTitle(status)}</h1>
      <p className="error-text">{text}</p>
      <div className="error-actions">
        <Link className="btn btn-primary" to="/">
          {errorsUi.toMain}
        </Link>
        {status >= 500 && (
          <button type="button" className="btn btn-secondary" onClick={() => location.reload()}>
            {errorsUi.reload}
          </button>
        )}
      </div>
    </section>
  );
}

function SignInInvitation({ reloadOnSignIn }: { reloadOnSignIn: boolean }) {
  const opened = useRef(false);
  // Without the shell (its loader failed) nothing revalidates on sign-in: the page is loaded again instead.
  const signIn = () => openAuthPopup('login').then((ok) => ok && reloadOnSignIn && location.reload());
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void signIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dialog opens once, when the invitation appears
  }, []);
  return (
    <section className="error-screen signin-screen" data-testid="error-page" data-status="401" data-kind="signin">
      <div className="signin-art" aria-hidden>
        <svg viewBox="0 0 64 64" width="64" height="64">
          <rect x="14" y="28" width="36" height="26" rx="7" fill="currentColor" />
          <path
            d="M22 28v-6a10 10 0 0 1 20 0v6"
            fill="none"
            stroke="currentColor"
            strokeWidth="5"
            strokeLinecap="round"
          />
          <circle cx="32" cy="40" r="4" fill="#fff" />
          <path d="M32 42v5" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </div>
      <h1 className="error-title">{errorsUi.signInTitle}</h1>
      <p className="error-text">{errorsUi.signInText}</p>
      <div className="error-actions">
        <button
          type="button"
          className="btn btn-primary"
          data-testid="signin-invitation-button"
          onClick={() => void signIn()}
        >
          {errorsUi.signIn}
        </button>
      </div>
    </section>
  );
}
