// OPML import (file → server) with a report dialog, and export (a download link).
import { Download, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { messageOf } from './feedback';
import { OPML_EXPORT_URL, useImportOpml, type OpmlReport } from './mutations';

export function OpmlControls() {
  const fileInput = useRef<HTMLInputElement>(null);
  const importOpml = useImportOpml();
  const [report, setReport] = useState<OpmlReport | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      setReport(await importOpml.mutateAsync(await file.text()));
    } catch (err) {
      toast.error('OPML import failed', { description: messageOf(err) || undefined });
    }
  };

  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept=".opml,.xml,text/x-opml,application/xml,text/xml"
        className="sr-only"
        tabIndex={-1}
        aria-label="OPML file"
        data-testid="opml-file"
        onChange={(e) => void onFile(e)}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={importOpml.isPending}
        onClick={() => fileInput.current?.click()}
      >
        {importOpml.isPending ? <Spinner label="Importing" /> : <Upload />}
        Import OPML
      </Button>
      <Button size="sm" variant="outline" asChild>
        <a href={OPML_EXPORT_URL} download="astrodash-sources.opml">
          <Download />
          Export OPML
        </a>
      </Button>
      <Dialog open={report !== null} onOpenChange={(open) => !open && setReport(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>OPML import</DialogTitle>
            <DialogDescription>
              {report
                ? `${report.imported.length} imported, ${report.skipped.length} skipped, ${report.rejected.length} rejected.`
                : null}
            </DialogDescription>
          </DialogHeader>
          {report ? (
            <div className="flex flex-col gap-4 text-sm">
              <ReportList
                title="Imported"
                rows={report.imported.map((r) => ({ label: r.name, detail: r.url }))}
              />
              <ReportList
                title="Skipped"
                rows={report.skipped.map((r) => ({
                  label: r.url,
                  detail: r.detail ? `${r.reason}: ${r.detail}` : r.reason,
                }))}
              />
              <ReportList
                title="Rejected"
                tone="destructive"
                rows={report.rejected.map((r) => ({
                  label: r.name ?? r.url ?? 'Unnamed outline',
                  detail: r.reason,
                }))}
              />
            </div>
          ) : null}
          <DialogFooter>
            <Button onClick={() => setReport(null)}>Close</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ReportList({
  title,
  rows,
  tone,
}: {
  title: string;
  rows: Array<{ label: string; detail: string }>;
  tone?: 'destructive';
}) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-1 font-semibold">
        {title} ({rows.length})
      </h3>
      <ul className="flex flex-col gap-1">
        {rows.map((row, i) => (
          <li key={i} className="min-w-0 rounded-md bg-muted/50 px-2 py-1">
            <span className="block truncate font-medium" title={row.label}>
              {row.label}
            </span>
            <span
              className={
                tone === 'destructive'
                  ? 'break-words text-xs text-destructive'
                  : 'break-all text-xs text-muted-foreground'
              }
            >
              {row.detail}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
