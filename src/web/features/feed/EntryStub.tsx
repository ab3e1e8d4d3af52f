import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useCurrentUser } from '../auth/session.ts';
import type { CurrentUser } from '../../../shared/api.ts';
import type { hide, unhide } from '../../../shared/api/feed.ts';
import type { mute, subscribe, unmute, unsubscribe } from '../../../shared/api/subsites.ts';
import { feedMessages, feedUi } from '../../../shared/catalogue/feed.ts';
import { complaintsShownUi } from '../../../shared/catalogue/shown.ts';
import type { EntryCard } from '../../../shared/entries.ts';
import { call } from '../../api/call.ts';
import { reportFailure, type ApiResult } from '../../api/request.ts';
import { isSubscribed, publishSubscription } from '../subsites/state.ts';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import { openComplaint } from '../moderation/open.ts';
import { openAuthPopup } from '../auth/open.ts';
import { unauthorizedClick } from '../../lib/unauthorized-click.ts';

/** The entry stub's options (spec/content.md §4): each is offered (state 1) or done with a cancel (state 2). */
export type StubOption = 'hide' | 'author' | 'subsite' | 'unsubscribe' | 'complain';

interface OptionSpec {
  key: StubOption;
  menuLabel: string;
  offer: string;
  done: string;
  /** The action (a call, or the complaint modal), resolving true when done. */
  on: () => Promise<boolean>;
  /** null: done for good, no cancel. */
  off: (() => Promise<boolean>) | null;
}

const t = feedUi;

/** What the menu needs of an entry: a feed's card or the entry's own page. */
export type StubEntry = Pick<EntryCard, 'id' | 'author' | 'subsite'>;

/** What may be done with this entry by this reader; the server still decides (e.g. one's own blog cannot be muted). */
function optionsFor(entry: StubEntry, user: CurrentUser | null): OptionSpec[] {
  const { author, subsite } = entry;
  const list: OptionSpec[] = [
    {
      key: 'hide',
      menuLabel: t.hide,
      offer: t.hide,
      done: t.stubHidden,
      on: () =>
        failing(call<typeof hide>('POST /content/hide/:id', { id: entry.id }, quiet), feedMessages.entryHideFailed),
      off: () => done(call<typeof unhide>('POST /content/unhide/:id', { id: entry.id })),
    },
  ];
  if (user?.id !== author.id) {
    list.push({
      key: 'author',
      menuLabel: t.ignoreAuthor,
      offer: t.stubOfferAuthor(author.name),
      done: t.stubAuthorIgnored(author.name),
      on: () => muting(author.id, true),
      off: () => muting(author.id, false),
    });
  }
  if (subsite.type !== 'user') {
    list.push({
      key: 'subsite',
      menuLabel: t.ignoreSubsite,
      offer: t.stubOfferSubsite(subsite.name),
      done: t.stubSubsiteIgnored(subsite.name),
      on: () => muting(subsite.id, true),
      off: () => muting(subsite.id, false),
    });
  }
  if (isSubscribed(subsite.id, user)) {
    list.push({
      key: 'unsubscribe',
      menuLabel: t.unsubscribe,
      offer: t.stubOfferUnsubscribe(subsite.name),
      done: t.stubUnsubscribed(subsite.name),
      on: () => subscription(subsite.id, false),
      off: () => subscription(subsite.id, true),
    });
  }
  if (user?.id !== author.id) {
    list.push({
      key: 'complain',
      menuLabel: complaintsShownUi.complain,
      offer: complaintsShownUi.stubComplain,
      done: complaintsShownUi.stubComplained,
      on: () => openComplaint({ type: 'entry', id: entry.id, authorId: author.id }),
      off: null,
    });
  }
  return list;
}

const done = async (calling: Promise<ApiResult<unknown>>) => (await calling).ok;

/** A call whose failure shows its own text (spec/content.md §8), made `quiet` so that one toast says it. */
const quiet = { notify: false };
async function failing(calling: Promise<ApiResult<unknown>>, failed: string) {
  const result = await calling;
  reportFailure(result, failed);
  return result.ok;
}

const muting = (id: number, on: boolean) =>
  done(
    on ? call<typeof mute>('POST /mute/subsite/:id', { id }) : call<typeof unmute>('POST /unmute/subsite/:id', { id }),
  );

async function subscription(id: number, on: boolean): Promise<boolean> {
  const result = on
    ? await call<typeof subscribe>('POST /subscribe/to/subsite/:id', { id })
    : await call<typeof unsubscribe>('POST /unsubscribe/to/subsite/:id', { id });
  if (result.ok) publishSubscription(result.data);
  return result.ok;
}

/**
 * The card's state: null while it shows the entry, else the stub's options with what is done. Every option needs an
 * account (spec/content.md §6): an anonymous reader's choice raises `unauthorized_click` with `context` (where the menu
 * is: `feed` or `entry`), opens the sign-in popup and goes on once they are in.
 */
export function useEntryStub(entry: StubEntry, user: CurrentUser | null, context = 'feed') {
  const [stub, setStub] = useState<{ options: OptionSpec[]; done: StubOption[] } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(option: OptionSpec, doing: boolean, options: OptionSpec[]) {
    if (busy) return;
    setBusy(true);
    if (!user) {
      unauthorizedClick(context);
      if (!(await openAuthPopup('login'))) return setBusy(false);
    }
    const action = doing ? option.on : option.off;
    const ok = action !== null && (await action());
    setBusy(false);
    if (!ok) return;
    const done = stub?.done ?? [];
    const next = doing ? [...done, option.key] : done.filter((k) => k !== option.key);
    // With nothing left done, the entry comes back.
    setStub(next.length ? { options, done: next } : null);
  }

  return {
    stub,
    busy,
    options: () => optionsFor(entry, user),
    choose: (option: OptionSpec, options: OptionSpec[]) => run(option, true, options),
    cancel: (option: OptionSpec) => stub && run(option, false, stub.options),
  };
}

export function EntryStub({ state }: { state: ReturnType<typeof useEntryStub> }) {
  const { stub, busy } = state;
  if (!stub) return null;
  return (
    <div className="entry-stub" data-testid="entry-stub">
      <ul className="entry-stub-options">
        {stub.options.map((o) => {
          const done = stub.done.includes(o.key);
          return (
            <li
              key={o.key}
              className={`entry-stub-option${done ? ' is-done' : ''}`}
              data-testid="stub-option"
              data-option={o.key}
              data-state={done ? 2 : 1}
            >
              {done ? (
                <>
                  <span className="entry-stub-text">{o.done}</span>
                  {o.off !== null && (
                    <button
                      type="button"
                      className="link"
                      onClick={() => state.cancel(o)}
                      disabled={busy}
                      data-testid="stub-cancel"
                    >
                      {t.cancel}
                    </button>
                  )}
                </>
              ) : (
                <button
                  type="button"
                  className="link entry-stub-offer"
                  onClick={() => state.choose(o, stub.options)}
                  disabled={busy}
                  data-testid="stub-offer"
                >
                  {o.offer}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The '…' button and its menu of a feed's card and, for its readers, of the entry's own page. */
export function EntryMenu({ state, openAtStart }: { state: ReturnType<typeof useEntryStub>; openAtStart?: boolean }) {
  // The options as the menu opened: choosing one compares against the same list.
  const shown = useRef<OptionSpec[]>([]);
  return (
    <MoreMenu
      label={t.menu}
      className="entry-card-more"
      testId="entry-menu"
      openAtStart={openAtStart}
      items={() => {
        shown.current = state.options();
        return shown.current.map((o) => ({ label: o.menuLabel, value: o.key }));
      }}
      onSelect={(value) => {
        const option = shown.current.find((o) => o.key === value);
        if (option) void state.choose(option, shown.current);
      }}
    />
  );
}

/**
 * The entry page's menu for its readers (its editors have their own): the card's menu in the header, opened as it
 * mounts (its code loads on the first press), and the card's stub in the page's `.entry-stub-slot`, under the header,
 * once they act.
 */
export function EntryPageMenu({ entry }: { entry: StubEntry }) {
  const state = useEntryStub(entry, useCurrentUser(), 'entry');
  const slot = document.querySelector(`.entry-page[data-id="${entry.id}"] > .entry-stub-slot`);
  return (
    <>
      <EntryMenu state={state} openAtStart />
      {state.stub &&
        slot &&
        createPortal(
          <div className="entry-page-stub">
            <EntryStub state={state} />
          </div>,
          slot,
        )}
    </>
  );
}
