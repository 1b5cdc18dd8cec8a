// The delete confirmation (spec 001 §2), with the spec's exact words.
import type { AdminAnnouncement } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

export function DeleteAnnouncementDialog({
  announcement,
  pending,
  onCancel,
  onConfirm,
}: {
  /** The announcement to delete; null keeps the dialog closed. */
  announcement: AdminAnnouncement | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (announcement: AdminAnnouncement) => void;
}) {
  return (
    <Dialog open={announcement !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete Announcement?</DialogTitle>
          <DialogDescription className="break-words">
            {`Are you sure you want to delete the announcement titled "${announcement?.title ?? ''}"? This action cannot be undone.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={() => announcement && onConfirm(announcement)}
          >
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
