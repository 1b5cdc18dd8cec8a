// Loads the installation's external ad script (ADS_SCRIPT_URL), once per page
// load, for signed-in users without noAds; never when none is configured, and
// not before sign-in, so a noAds user never gets it even on the login page.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { useSession } from '../auth/session';

export function AdsScript() {
  const session = useSession();
  const config = useQuery({
    queryKey: ['app-config'],
    queryFn: () => api.get<{ adsScriptUrl: string | null }>('/_api/app/config'),
    staleTime: Infinity,
  });
  const src = config.data?.adsScriptUrl;
  const wanted = !!src && session.status === 'authenticated' && !session.user.noAds;

  useEffect(() => {
    if (!wanted || document.querySelector(`script[data-ads="true"]`)) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.ads = 'true';
    document.head.appendChild(script);
  }, [wanted, src]);

  return null;
}
