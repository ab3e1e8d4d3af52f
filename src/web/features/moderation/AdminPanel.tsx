import { useState } from 'react';
import { Form, Link, useRevalidator } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import { auditPhrase } from '../../../shared/catalogue/audit-phrase.ts';
import { pagesUi } from '../../../shared/catalogue/pages.ts';
import { formatUntil, relativeTime } from '../../../shared/format.ts';
import type { AuditItem, AuditList, auditLog, BanItem, UserCard } from '../../../shared/api/moderation.ts';
import type { AdminPanelData, AdminTab } from '../../../shared/pages/moderation.ts';
import { call } from '../../api/call.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { banUser, unbanUser } from './ban.ts';
import { BanList } from './BanList.tsx';
import { QueuesTab } from './Queues.tsx';
import { SiteRoleForm } from './SiteRoleForm.tsx';
import './moderation.css';

const L = ui.moderation;
const TABS: AdminTab[] = ['queues', 'users', 'bans', 'audit'];
const STAFF_PAGES = [
  ['/admin/payments', ui.payments.staffTitle],
  ['/admin/billing', ui.billing.staff.title],
  ['/admin/account', ui.billing.staff.account],
  ['/admin/job', ui.vacancies.queueTitle],
  ['/admin/events', ui.events.queueTitle],
  ['/admin/ads', ui.distributions.staff.title],
  ['/admin/pages', pagesUi.adminTitle],
  ['/live/stream', ui.livestreams.title],
] as const;

/** The staff panel: the queues, people (search and card), the bans that hold, and the audit log. */
/** `now`: the loader's clock, so past events read as in the feeds ("вчера в 20:37"). */
export function AdminPanel({ data, now }: { data: AdminPanelData; now: number }) {
  return (
    <div className="page mod-panel" data-testid="admin-panel" data-tab={data.tab}>
      <h1 className="page-title">{L.panelTitle}</h1>
      <nav className="mod-tabs" aria-label={L.panelTitle}>
        {TABS.map((tab) => (
          <Link
            key={tab}
            to={`/admin?tab=${tab}`}
            className={`mod-tab${tab === data.tab ? ' mod-tab--current' : ''}`}
            aria-current={tab === data.tab ? 'page' : undefined}
            data-testid={`admin-tab-${tab}`}
          >
            {L.tabs[tab]}
          </Link>
        ))}
      </nav>
      {/* The staff's money pages live on their own addresses. */}
      <nav className="mod-pages" aria-label={L.staffPages}>
        {STAFF_PAGES.map(([to, label]) => (
          <Link key={to} to={to} data-testid={`admin-link-${to.slice('/admin/'.length)}`}>
            {label}
          </Link>
        ))}
      </nav>
      {data.tab === 'queues' && data.queues && <QueuesTab queues={data.queues} now={now} />}
      {data.tab === 'users' && <UsersTab data={data} now={now} />}
      {data.tab === 'bans' && data.bans && <BansTab items={data.bans.items} now={now} />}
      {data.tab === 'audit' && data.audit && <AuditTab initial={data.audit} now={now} />}
    </div>
  );
}

function UsersTab({ data, now }: { data: AdminPanelData; now: number }) {
  return (
    <>
      <Form method="get" action="/admin" className="mod-search" role="search">
        <input type="hidden" name="tab" value="users" />
        <input
          type="search"
          name="query"
          className="mod-input"
          defaultValue={data.query}
          placeholder={L.searchPlaceholder}
          aria-label={L.searchPlaceholder}
          maxLength={100}
          data-testid="admin-search"
        />
        <button type="submit" className="btn btn-primary">
          {L.search}
        </button>
      </Form>
      {data.search &&
        (data.search.length ? (
          <ul className="mod-people" data-testid="admin-search-results">
            {data.search.map((p) => (
              <li key={p.id}>
                <Link
                  to={`/admin?tab=users&query=${encodeURIComponent(data.query)}&user=${p.id}`}
                  className="mod-person"
                  data-testid="admin-person"
                >
                  <Avatar name={p.name} color={p.avatar_color} url={p.avatar_url} size={28} />
                  <span className="mod-person__name">{p.name}</span>
                  <span className="mod-person__meta">
                    #{p.id} · {p.email} · {L.roleNames[p.role]}
                  </span>
                  {p.banned_until && <span className="badge badge-failed">{L.bannedNow}</span>}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mod-empty">{L.searchEmpty}</p>
        ))}
      {data.card && <Card card={data.card} now={now} />}
    </>
  );
}

function Card({ card, now }: { card: UserCard; now: number }) {
  const revalidator = useRevalidator();
  const u = card.user;
  const refresh = (done: unknown) => done && revalidator.revalidate();
  return (
    <article className="mod-card" data-testid="admin-user-card" data-user={u.id}>
      <header className="mod-card__head">
        <Avatar name={u.name} color={u.avatar_color} url={u.avatar_url} size={48} />
        <div className="mod-card__who">
          <h2 className="mod-card__name">
            <Link to={u.url}>{u.name}</Link>
          </h2>
          <p className="mod-card__meta">
            #{u.id} · {u.email} · {L.registered(relativeTime(u.created, now))}
          </p>
          <p className="mod-card__meta">{L.counts(card.counts.entries, card.counts.comments)}</p>
        </div>
        <div className="mod-card__actions">
          {card.ban ? (
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="card-unban"
              onClick={async () => refresh(await unbanUser(u))}
            >
              {L.unban}
            </button>
          ) : (
            card.can_ban && (
              <button
                type="button"
                className="btn mod-btn-danger"
                data-testid="card-ban"
                onClick={async () => refresh(await banUser(u))}
              >
                {L.ban}
              </button>
            )
          )}
        </div>
      </header>
      {card.ban && (
        <p className="mod-card__banned" data-testid="card-banned">
          <b>{L.bannedNow}</b> {card.ban.until ? L.until(formatUntil(card.ban.until)) : L.forever} · {card.ban.reason}
        </p>
      )}
      <section>
        <h3 className="mod-h3">{L.roles}</h3>
        <p data-testid="card-site-role">
          {L.siteRole}: <b>{L.roleNames[u.role]}</b>
        </p>
        <SiteRoleForm
          key={u.role}
          user={u}
          grantable={card.grantable_roles}
          onChanged={() => revalidator.revalidate()}
        />
        <ul className="mod-roles">
          {card.subsite_roles.map((r) => (
            <li key={r.subsite_id}>
              <Link to={r.url}>{r.name}</Link> — {L.subsiteRoleNames[r.role] ?? r.role}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="mod-h3">{L.bansHistory}</h3>
        <BanList items={card.bans} empty={L.bansHistoryEmpty} now={now} />
      </section>
      <section>
        <h3 className="mod-h3">{L.activity}</h3>
        {card.recent.length ? (
          <ul className="mod-activity">
            {card.recent.map((a) => (
              <li key={`${a.type}-${a.id}`} className={a.removed ? 'mod-activity--removed' : undefined}>
                <span className="badge">{L.targets[a.type]}</span> <Link to={a.url}>{a.text || '—'}</Link>{' '}
                <time dateTime={a.date}>{relativeTime(a.date, now)}</time>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mod-empty">{L.activityEmpty}</p>
        )}
      </section>
      <section>
        <h3 className="mod-h3">{L.tabs.audit}</h3>
        <AuditRows items={card.audit} now={now} />
      </section>
    </article>
  );
}

function BansTab({ items, now }: { items: BanItem[]; now: number }) {
  const revalidator = useRevalidator();
  return (
    <BanList
      items={items}
      empty={L.bansEmpty}
      now={now}
      showUser
      onUnban={async (b) => (await unbanUser(b.user, b.subsite?.id)) && revalidator.revalidate()}
    />
  );
}

function AuditTab({ initial, now }: { initial: AuditList; now: number }) {
  const [items, setItems] = useState(initial.items);
  const [lastId, setLastId] = useState(initial.last_id);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <AuditRows items={items} now={now} />
      {lastId !== null && (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const res = await call<typeof auditLog>('GET /admin/audit', { last_id: lastId });
            setBusy(false);
            if (!res.ok) return;
            setItems((list) => [...list, ...res.data.items]);
            setLastId(res.data.last_id);
          }}
        >
          {L.more}
        </button>
      )}
    </>
  );
}

function AuditRows({ items, now }: { items: AuditItem[]; now: number }) {
  if (!items.length) return <p className="mod-empty">{L.auditEmpty}</p>;
  return (
    <ol className="mod-audit" data-testid="audit-list">
      {items.map((a) => (
        <li key={a.id} className="mod-audit__item" data-testid="audit-item" data-action={a.action}>
          <time className="mod-audit__when" dateTime={a.date}>
            {relativeTime(a.date, now)}
          </time>
          <span className="mod-audit__who">{a.actor ? <Link to={a.actor.url}>{a.actor.name}</Link> : L.system}</span>
          <span className="mod-audit__body">
            <span className="mod-audit__what">{auditPhrase(a)}</span>{' '}
            <span className="mod-audit__target">
              {a.target_url ? (
                <Link to={a.target_type === 'user' ? `/admin?tab=users&user=${a.target_id}` : a.target_url}>
                  {targetTitle(a)}
                </Link>
              ) : (
                targetTitle(a)
              )}
            </span>
            {a.reason && <span className="mod-audit__reason">«{a.reason}»</span>}
            {a.action === 'user.role' && isRole(a.data.from) && isRole(a.data.to) && (
              <span className="mod-audit__reason">
                {L.roleChange(L.roleNames[a.data.from], L.roleNames[a.data.to])}
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

const isRole = (v: unknown): v is keyof typeof L.roleNames => typeof v === 'string' && v in L.roleNames;

/** The target's own title: a person or community by name, anything else (entry, comment, vacancy, event) quoted. */
function targetTitle(a: AuditItem): string {
  if (!a.target_name) return `#${a.target_id}`;
  return a.target_type === 'user' || a.target_type === 'subsite' ? a.target_name : `«${a.target_name}»`;
}
