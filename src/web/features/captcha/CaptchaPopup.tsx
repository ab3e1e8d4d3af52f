import { useEffect, useRef, useState } from 'react';
import { solveChallenge } from 'altcha-lib/v1';
import { ui } from '../../../shared/catalogue.ts';
import type { CaptchaChallenge, CaptchaRequired } from '../../../shared/captcha.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import './captcha.css';

type State = 'solving' | 'solved' | 'failed';

/** Solves the site's proof-of-work challenge in this browser (altcha-lib); nothing is loaded from elsewhere. */
async function solve(challenge: CaptchaChallenge, signal: AbortSignal): Promise<string | null> {
  const { promise, controller } = solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  );
  signal.addEventListener('abort', () => controller.abort());
  const solution = await promise.catch(() => null);
  if (!solution) return null;
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}

function CaptchaForm({ challenge, onDone }: { challenge: CaptchaChallenge; onDone(value: string | null): void }) {
  const [state, setState] = useState<State>('solving');
  const [attempt, setAttempt] = useState(0);
  const value = useRef<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    setState('solving');
    void solve(challenge, abort.signal).then((v) => {
      if (abort.signal.aborted) return;
      value.current = v;
      setState(v ? 'solved' : 'failed');
    });
    return () => abort.abort();
  }, [challenge, attempt]);
  return (
    <div className="captcha" data-testid="captcha">
      <h2 className="captcha__title" id="captcha-title">
        {ui.captcha.title}
      </h2>
      <p className="captcha__text">{ui.captcha.text}</p>
      <p className={`captcha__status captcha__status--${state}`} role="status" data-state={state}>
        <span className="captcha__mark" aria-hidden="true">
          {state === 'solved' ? '✓' : state === 'failed' ? '!' : '…'}
        </span>
        {state === 'solving' ? ui.captcha.solving : state === 'solved' ? ui.captcha.solved : ui.captcha.failed}
      </p>
      <div className="captcha__actions">
        <button type="button" className="btn btn-secondary" onClick={() => onDone(null)}>
          {ui.captcha.cancel}
        </button>
        {state === 'failed' ? (
          <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
            {ui.captcha.retry}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={state !== 'solved'}
            data-testid="captcha-submit"
            onClick={() => onDone(value.current)}
          >
            {ui.captcha.submit}
          </button>
        )}
      </div>
    </div>
  );
}

/** The rc 418 hook of the request helper: opens the captcha popup, resolves with the solved value or null. */
export function openCaptcha(data: unknown): Promise<string | null> {
  const challenge = (data as Partial<CaptchaRequired> | null)?.challenge;
  if (!challenge || typeof challenge.challenge !== 'string') return Promise.resolve(null);
  return popup.ask<string | null>(
    {
      kind: 'captcha',
      size: 'small',
      labelledBy: 'captcha-title',
      render: (done) => <CaptchaForm challenge={challenge} onDone={done} />,
    },
    null,
  );
}
