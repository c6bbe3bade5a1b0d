/** /reload (console-spec §2): returns to the previous page, or to the map. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { LoadingState } from '@/components/ui/states';
import { paths } from '@/lib/paths';

export function ReloadView() {
  const navigate = useNavigate();
  useEffect(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths.map, { replace: true });
  }, [navigate]);
  return <LoadingState />;
}
