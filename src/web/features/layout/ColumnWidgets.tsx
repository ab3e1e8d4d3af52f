import { EventsWidget } from '../events/EventsWidget.tsx';
import { JobWidget } from '../vacancies/JobWidget.tsx';
import { PopularWidget } from './PopularWidget.tsx';
import '../vacancies/vacancies.css';
import '../events/events.css';

/** The right column's widgets under the live feed (RightColumn.tsx loads this file as a chunk of its own). */
export default function ColumnWidgets({ entryId }: { entryId: number | null }) {
  return (
    <>
      <PopularWidget entryId={entryId} />
      <JobWidget hideEmpty />
      <EventsWidget hideEmpty />
    </>
  );
}
