/** locus/generationLog: the rebuilds of track fragments, newest first, as a paged table. */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '@/components/crud/resource-view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import { formatDateTime } from '@/lib/format';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { getFragmentRuns } from '../api/get-fragment-runs';
import { placesKeys } from '../api/keys';
import { fragmentRunColumns } from '../components/fragment-run-columns';
import type { FragmentRun } from '../types';

export default function GenerationLogView({ route }: MenuViewProps) {
  const { t } = useTranslation('places');
  const { lang } = useApp();
  return (
    <ResourceView<FragmentRun, object, object, number>
      title={menuTitle(route, lang)}
      testId="fragment-runs"
      queryKey={placesKeys.fragmentRuns}
      fetchPage={getFragmentRuns}
      toParams={() => ({})}
      columns={fragmentRunColumns(t)}
      rowKey={(r) => r.id}
      rowLabel={(r) => formatDateTime(r.startedAt)}
      selectable={false}
      texts={{ empty: t('runs.none') }}
    />
  );
}
