// Manage Announcements (spec 001 §2): the table, the create/edit dialog, the
// delete confirmation and their toasts.
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { AdminAnnouncement } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { announcementToasts as toasts } from '../feedback';
import {
  useAdminAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useUpdateAnnouncement,
} from '../queries';
import { AnnouncementFormDialog } from './AnnouncementFormDialog';
import { AnnouncementsTable } from './AnnouncementsTable';
import { DeleteAnnouncementDialog } from './DeleteAnnouncementDialog';

/** What the form dialog shows: closed, a new announcement, or one being edited. */
type Editing = { open: false } | { open: true; announcement: AdminAnnouncement | null };

export function AnnouncementsAdmin() {
  const list = useAdminAnnouncements();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [deleting, setDeleting] = useState<AdminAnnouncement | null>(null);
  const close = () => setEditing({ open: false });

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Manage Announcements</h1>
          <p className="mt-1 text-muted-foreground">
            Create, edit and manage system-wide announcements shown to all users.
          </p>
        </div>
        <Button onClick={() => setEditing({ open: true, announcement: null })}>
          <Plus />
          New Announcement
        </Button>
      </div>

      <Card className="overflow-hidden">
        {list.isError ? (
          <p role="alert" className="px-4 py-6 text-sm text-destructive">
            Failed to load announcements: {list.error.message}
          </p>
        ) : (
          <AnnouncementsTable
            announcements={list.data}
            onEdit={(announcement) => setEditing({ open: true, announcement })}
            onDelete={setDeleting}
          />
        )}
      </Card>

      <AnnouncementFormDialog
        open={editing.open}
        announcement={editing.open ? editing.announcement : null}
        pending={create.isPending || update.isPending}
        onOpenChange={(open) => !open && close()}
        onCreate={(input) =>
          create.mutate(input, {
            onSuccess: () => {
              toasts.created();
              close();
            },
            onError: toasts.createFailed,
          })
        }
        onUpdate={(patch) =>
          update.mutate(patch, {
            onSuccess: () => {
              toasts.updated();
              close();
            },
            onError: toasts.updateFailed,
          })
        }
      />
      <DeleteAnnouncementDialog
        announcement={deleting}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(a) =>
          remove.mutate(a.id, {
            onSuccess: () => {
              toasts.deleted();
              setDeleting(null);
            },
            onError: toasts.deleteFailed,
          })
        }
      />
    </>
  );
}
