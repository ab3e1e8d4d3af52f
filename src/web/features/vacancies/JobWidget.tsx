import type { JobWidgetData, VacancyCardData, widget } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { WIDGET_STEP } from '../../../shared/vacancies.ts';
import { call } from '../../api/call.ts';
import { ColumnWidget } from './ColumnWidget.tsx';
import { VacancyCard } from './VacancyCard.tsx';

const texts = {
  title: t.widgetTitle,
  all: t.widgetAll,
  loading: t.loading,
  empty: t.widgetEmpty,
  more: t.widgetMore,
  moreLabel: t.widgetMoreLabel,
};

/**
 * The right column's job widget (`GET /widget/job`): the first five vacancies of the reader's town (or `location`),
 * "+5" reveals five more per click. Nothing is asked until the widget nears the viewport.
 */
export function JobWidget({ location, inShell }: { location?: number; inShell?: boolean }) {
  return (
    <ColumnWidget<VacancyCardData, JobWidgetData>
      texts={texts}
      href="/job"
      testId="job-widget"
      reloadKey={location}
      inShell={inShell}
      load={async (offset, shown) => {
        const town = location ?? shown?.town?.id;
        const input = offset === 0 ? { location } : { location: town, offset, limit: WIDGET_STEP };
        const res = await call<typeof widget>('GET /widget/job', input);
        return res.ok ? res.data : null;
      }}
      render={(v) => <VacancyCard key={v.id} v={v} now={0} compact />}
    />
  );
}
