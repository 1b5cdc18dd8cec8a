// Admin panel: the server's background jobs, each with its schedule, next run,
// last runs (status, figures, error) and Run Now.
import { Play } from 'lucide-react';
import { toast } from '../../lib/toast';
import type { JobInfo, JobRun } from '../../../shared/admin';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatFigures, formatNextRun, formatRunTime, runSeconds } from './format';
import { useJobs, useRunJob } from './queries';

const STATUS: Record<JobRun['status'], { label: string; variant: BadgeVariant }> = {
  success: { label: 'Succeeded', variant: 'success' },
  error: { label: 'Failed', variant: 'destructive' },
  running: { label: 'Running', variant: 'warning' },
};

function LastRun({ run }: { run: JobRun | undefined }) {
  if (!run) return <p className="text-sm text-muted-foreground">Never run yet.</p>;
  const seconds = runSeconds(run.startedAt, run.finishedAt);
  const figures = formatFigures(run.figures);
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="job-last-run">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS[run.status].variant}>{STATUS[run.status].label}</Badge>
        <span className="text-muted-foreground">
          {formatRunTime(run.startedAt)}
          {run.trigger === 'manual' ? ' (by hand)' : ''}
          {seconds !== null ? ` · ${seconds} s` : ''}
        </span>
      </div>
      {figures && <p data-testid="job-figures">{figures}</p>}
      {run.error && <p className="text-destructive">{run.error}</p>}
    </div>
  );
}

function JobItem({ job }: { job: JobInfo }) {
  const run = useRunJob();
  const busy = job.running || (run.isPending && run.variables === job.name);
  const budget = job.details?.callBudget;
  const runNow = () =>
    run.mutate(job.name, {
      onSuccess: ({ run: { status, error, figures } }) => {
        if (status !== 'success')
          toast.error(`${job.title} failed: ${error ?? 'An unknown error occurred.'}`);
        else if (Number(figures?.sourcesFailed) > 0)
          // Some sources read, some not: finished, and says which part did not work.
          toast.warning(
            `${job.title} finished; ${Number(figures?.sourcesFailed)} of ${Number(figures?.sourcesFetched)} sources could not be fetched.`,
          );
        else toast.success(`${job.title} finished.`);
      },
      onError: (e) => toast.error(e.message),
    });
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid={`job-${job.name}`}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{job.title}</h3>
          {!job.enabled && <Badge variant="outline">Disabled</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          {job.description} {job.schedule}.
        </p>
        <p className="text-sm" data-testid="job-next-run">
          <span className="text-muted-foreground">{budget ? 'Next poll: ' : 'Next run: '}</span>
          {job.enabled && job.nextRunAt ? formatNextRun(job.nextRunAt) : 'Not scheduled'}
        </p>
        {budget && (
          <p className="text-sm" data-testid="job-call-budget">
            <span className="text-muted-foreground">Launch Library calls in the last hour: </span>
            {budget.used} of {budget.limit}
            {budget.throttledUntil && (
              <span className="text-destructive">
                {' '}
                · throttled until {formatRunTime(budget.throttledUntil)}
              </span>
            )}
          </p>
        )}
        <LastRun run={job.lastRuns[0]} />
      </div>
      <Button
        size="sm"
        variant="outline"
        onClick={runNow}
        disabled={busy}
        className="shrink-0"
        aria-label={`${busy ? 'Running...' : 'Run Now'}: ${job.title}`}
      >
        <Play className="h-3.5 w-3.5" aria-hidden="true" />
        {busy ? 'Running...' : 'Run Now'}
      </Button>
    </li>
  );
}

export function JobsCard() {
  const jobs = useJobs();
  return (
    <Card id="jobs">
      <CardHeader>
        <CardTitle>Jobs</CardTitle>
        <CardDescription>Background work the server runs on a schedule.</CardDescription>
      </CardHeader>
      <CardContent>
        {jobs.isPending ? (
          <div className="flex flex-col gap-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : jobs.isError ? (
          <p className="text-sm text-destructive">Failed to load jobs: {jobs.error.message}</p>
        ) : (
          <ul className="divide-y divide-border">
            {jobs.data.jobs.map((job) => (
              <JobItem key={job.name} job={job} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
