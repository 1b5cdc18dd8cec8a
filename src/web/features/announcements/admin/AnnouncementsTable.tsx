// The admin's table (spec 001 §2): Title & Content, Type, Expires, Created,
// Actions; newest first. Below 768 px each row stacks into a card, each cell
// labelled, so nothing scrolls sideways on a phone.
import { Megaphone, Pencil, Trash2 } from 'lucide-react';
import { ANNOUNCEMENT_TABLE_SKELETONS } from '../../../../shared/constants';
import type { AdminAnnouncement } from '../../../../shared/types';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { isExpired, TypeBadge, useNow } from '../parts';
import { markdownExcerpt } from '../text';

const COLUMNS = ['Title & Content', 'Type', 'Expires', 'Created', 'Actions'] as const;
const ROW =
  'max-md:flex max-md:flex-col max-md:gap-2 max-md:border-b max-md:border-border max-md:p-4';
const CELL =
  'px-4 py-3 align-top md:border-b md:border-border max-md:flex max-md:items-center max-md:gap-3 max-md:p-0 max-md:before:w-20 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]';

export interface AnnouncementsTableProps {
  announcements: AdminAnnouncement[] | undefined;
  onEdit: (a: AdminAnnouncement) => void;
  onDelete: (a: AdminAnnouncement) => void;
}

export function AnnouncementsTable({ announcements, onEdit, onDelete }: AnnouncementsTableProps) {
  const now = useNow();
  return (
    <table className="w-full border-collapse text-sm">
      <thead className="max-md:sr-only">
        <tr>
          {COLUMNS.map((c) => (
            <th
              key={c}
              scope="col"
              className={cn(
                'border-b border-border px-4 py-2.5 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase',
                c === 'Actions' && 'text-right',
              )}
            >
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:block">
        {announcements === undefined ? (
          Array.from({ length: ANNOUNCEMENT_TABLE_SKELETONS }, (_, i) => (
            <tr key={i} className={ROW} data-testid="announcement-row-skeleton">
              <td className={CELL}>
                <Skeleton className="mb-2 h-4 w-48" />
                <Skeleton className="h-3 w-64 max-w-full" />
              </td>
              {[20, 24, 24, 16].map((w, j) => (
                <td key={j} className={CELL}>
                  <Skeleton className="h-4" style={{ width: `${w * 4}px` }} />
                </td>
              ))}
            </tr>
          ))
        ) : announcements.length === 0 ? (
          <EmptyRow />
        ) : (
          announcements.map((a) => (
            <Row
              key={a.id}
              a={a}
              expired={isExpired(a.expirationDate, now)}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))
        )}
      </tbody>
    </table>
  );
}

function Row({
  a,
  expired,
  onEdit,
  onDelete,
}: {
  a: AdminAnnouncement;
  expired: boolean;
  onEdit: (a: AdminAnnouncement) => void;
  onDelete: (a: AdminAnnouncement) => void;
}) {
  return (
    <tr className={ROW} data-testid="announcement-row">
      <td className={cn(CELL, 'max-md:before:hidden md:w-1/2')}>
        <div className="min-w-0">
          <p className="font-semibold break-words">{a.title}</p>
          {/* Plain text, shortened: the table is for finding, the dialog for reading. */}
          <p className="mt-0.5 line-clamp-2 break-words text-muted-foreground">
            {markdownExcerpt(a.content, 160)}
          </p>
        </div>
      </td>
      <td className={CELL} data-label="Type">
        <TypeBadge type={a.type} />
      </td>
      <td className={CELL} data-label="Expires">
        <span className="inline-flex flex-wrap items-center gap-1.5 whitespace-nowrap">
          <time dateTime={a.expirationDate} title={formatDateTime(a.expirationDate)}>
            {formatDate(a.expirationDate)}
          </time>
          {expired ? <Badge variant="outline">Expired</Badge> : null}
        </span>
      </td>
      <td className={cn(CELL, 'whitespace-nowrap')} data-label="Created">
        <time dateTime={a.createdAt} title={formatDateTime(a.createdAt)}>
          {formatDate(a.createdAt)}
        </time>
      </td>
      <td className={cn(CELL, 'md:text-right')} data-label="Actions">
        <div className="inline-flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit announcement: ${a.title}`}
            title="Edit"
            onClick={() => onEdit(a)}
          >
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={`Delete announcement: ${a.title}`}
            title="Delete"
            onClick={() => onDelete(a)}
          >
            <Trash2 />
          </Button>
        </div>
      </td>
    </tr>
  );
}

function EmptyRow() {
  return (
    <tr className="max-md:block">
      <td colSpan={COLUMNS.length} className="px-6 py-12 text-center max-md:block">
        <Megaphone aria-hidden="true" className="mx-auto mb-3 h-10 w-10 text-muted-foreground" />
        <p className="font-semibold">No announcements yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Create one to show a banner to every user.
        </p>
      </td>
    </tr>
  );
}
