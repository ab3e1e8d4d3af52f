import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { AdPrices } from '../../../shared/ads.ts';
import type { AdRequestData, DistributionData } from '../../../shared/api/distributions.ts';
import { distributionsUi } from '../../../shared/catalogue/distributions.ts';
import { formatDateTime, formatNumber } from '../../../shared/format.ts';
import { FormField } from '../../ui/FormField.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { adsCalls } from './calls.ts';
import { CampaignForm } from './CampaignForm.tsx';
import './ads.css';

const t = distributionsUi.staff;

/** Where a campaign shows, in one line: places, then each target it sets. */
function targeting(d: DistributionData) {
  const parts = [
    d.places.map((p) => t.places[p]).join(', '),
    d.devices.map((x) => t.devices[x]).join(', '),
    d.tags.length ? d.tags.map((x) => `#${x}`).join(' ') : '',
    d.sections.map((x) => t.sections[x]).join(', '),
    d.subsite_ids.length ? d.subsite_ids.join(', ') : '',
    [d.starts_on, d.ends_on].some(Boolean) ? `${d.starts_on ?? '…'} — ${d.ends_on ?? '…'}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

function Campaign({
  d,
  now,
  onEdit,
  onChanged,
}: {
  d: DistributionData;
  now: number;
  onEdit(): void;
  onChanged(): void;
}) {
  const change = async (state: string) => {
    const res = await adsCalls.setState(d.id, state);
    if (res.ok) {
      toast.show(res.rm, { type: 'success' });
      onChanged();
    }
  };
  const pending = Date.parse(d.version_from) > now;
  return (
    <li className="ad-staff__item" data-testid="campaign" data-id={d.id} data-state={d.state}>
      <strong>{d.title}</strong>
      <span className={`ad-staff__state ad-staff__state--${d.state}`}>{t.states[d.state]}</span>
      <p className="ad-staff__meta">
        {t.formats[d.format]} · {d.advertiser} · {targeting(d)}
        <br />
        {t.impressions(d.impressions, d.impression_limit)}
        {d.frequency_cap !== null && ` · ${t.fields.frequency}: ${formatNumber(d.frequency_cap)}`}
        {pending && d.state === 'launched' && (
          <>
            <br />
            {t.pending(formatDateTime(d.version_from, now))}
          </>
        )}
      </p>
      {d.state !== 'archived' && (
        <div className="ad-staff__actions">
          <button type="button" className="btn btn-secondary btn-small" onClick={onEdit} data-testid="campaign-edit">
            {t.edit}
          </button>
          {d.state === 'launched' ? (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => change('not_launched')}>
              {t.stop}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => change('launched')}
              data-testid="campaign-launch"
            >
              {t.launch}
            </button>
          )}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => change('archived')}>
            {t.archive}
          </button>
        </div>
      )}
    </li>
  );
}

function Prices({ initial }: { initial: AdPrices }) {
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const res = await adsCalls.setPrices(Number(form.get('native')), Number(form.get('banner')));
    if (res.ok) toast.show(res.rm, { type: 'success' });
  };
  return (
    <form className="ad-form" onSubmit={save} data-testid="ad-prices">
      <h2 className="disc-title">{t.prices}</h2>
      <div className="ad-form__row">
        {(['native', 'banner'] as const).map((k) => (
          <FormField key={k} label={t.formats[k]}>
            <input name={k} className="form-input" inputMode="numeric" defaultValue={initial[k]} />
          </FormField>
        ))}
      </div>
      <div>
        <button type="submit" className="btn btn-secondary">
          {t.savePrices}
        </button>
      </div>
    </form>
  );
}

/** `/admin/ads`: campaigns (new, change, launch, stop, archive), the prices, the advertisers' requests. */
export function StaffAds(props: {
  items: DistributionData[];
  requests: AdRequestData[];
  prices: AdPrices;
  now: number;
}) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<DistributionData | 'new' | null>(null);
  const refresh = () => {
    setEditing(null);
    void revalidator.revalidate();
  };
  return (
    <div className="page ad-page" data-testid="admin-ads">
      <h1 className="page-title">{t.title}</h1>
      <p className="ad-staff__meta">{t.lead}</p>
      {editing ? (
        <CampaignForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? null : editing}
          onDone={refresh}
        />
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="campaign-new">
          {t.create}
        </button>
      )}
      {props.items.length === 0 && <p className="feed-empty">{t.empty}</p>}
      <ul className="ad-staff__list">
        {props.items.map((d) => (
          <Campaign key={d.id} d={d} now={props.now} onEdit={() => setEditing(d)} onChanged={refresh} />
        ))}
      </ul>
      <Prices initial={props.prices} />
      <h2 className="disc-title">{t.requests}</h2>
      {props.requests.length === 0 && <p className="feed-empty">{t.requestsEmpty}</p>}
      <ul className="ad-staff__list" data-testid="ad-requests">
        {props.requests.map((r) => (
          <li key={r.id} className="ad-staff__item">
            <strong>{r.name}</strong> · <a href={`mailto:${r.email}`}>{r.email}</a>
            {r.company && ` · ${r.company}`}
            <p className="ad-staff__meta">{formatDateTime(r.created_at, props.now)}</p>
            <p>{r.message}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
