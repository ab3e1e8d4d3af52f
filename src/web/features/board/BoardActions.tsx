import { Link, useRevalidator } from 'react-router';
import { BOARD_KINDS, type BoardKind } from '../../../shared/board.ts';
import { BOARD_UI, publishItem, rejectItem, unpublishItem } from './staff.ts';

interface Item {
  id: number;
  author_id: number;
  can_edit: boolean;
  can_unpublish: boolean;
  can_moderate: boolean;
}

/**
 * A vacancy's or an event's own page: what the reader may do with it (its author edits, staff publish or reject, either
 * takes it off; `byStaff`: staff acting on someone else's, who say why). The page reloads its data after each.
 */
export function BoardActions({ kind, item, byStaff }: { kind: BoardKind; item: Item; byStaff: boolean }) {
  const t = BOARD_UI[kind];
  const revalidator = useRevalidator();
  const done = (ok: boolean) => ok && void revalidator.revalidate();
  if (!item.can_edit && !item.can_unpublish && !item.can_moderate) return null;
  return (
    <div className="vacancy-actions" data-testid={`${kind}-actions`}>
      {item.can_edit && (
        <Link to={`${BOARD_KINDS[kind].path}/${item.id}/edit`} className="btn btn-secondary">
          {t.edit}
        </Link>
      )}
      {item.can_moderate && (
        <>
          <button
            type="button"
            className="btn btn-primary"
            onClick={async () => done(await publishItem(kind, item.id))}
          >
            {t.publish}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={async () => done(await rejectItem(kind, item.id))}
          >
            {t.reject}
          </button>
        </>
      )}
      {item.can_unpublish && (
        <button
          type="button"
          className="btn btn-secondary"
          data-testid={`${kind}-unpublish`}
          onClick={async () => done(await unpublishItem(kind, item.id, byStaff))}
        >
          {t.unpublish}
        </button>
      )}
    </div>
  );
}
