// /topics/:slug: a space topic's page (issue 29), for any signed-in user.
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth';
import { AppLayout } from '../features/layout/AppLayout';
import { TopicView } from '../features/topics/TopicView';

export function TopicPage() {
  const slug = useParams().slug ?? '';
  useEffect(() => {
    document.title = 'Topic · AstroDash';
    return () => {
      document.title = 'AstroDash';
    };
  }, []);
  return (
    <RequireAuth>
      <AppLayout>
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
          <TopicView key={slug} slug={slug} />
        </div>
      </AppLayout>
    </RequireAuth>
  );
}
