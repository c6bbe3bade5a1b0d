/** /workspace/home: the tag workspace's landing — counts per kind, most used tags, untagged vehicles, links onward. */
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { AppLink } from '@/components/ui/app-link';
import { buttonClasses } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { paths } from '@/lib/paths';
import { useOverview } from '../api/get-overview';
import { TagChip } from '../components/tag-chip';

function Figure({ label, value, sub, testId }: { label: string; value: number; sub?: string; testId: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
      {sub ? <p className="text-xs text-slate-500">{sub}</p> : null}
    </div>
  );
}

export default function WorkspaceHomeView() {
  const { t } = useTranslation('tags');
  const overview = useOverview();
  const menuPath = useMenuPath();
  const links = [
    { to: paths.workspaceSchema, label: t('home.schema') },
    { to: menuPath('tagHash'), label: t('home.library') },
    { to: menuPath('field'), label: t('home.fieldList') },
    { to: menuPath('quickSearch'), label: t('home.quickSearch') },
  ];
  const o = overview.data;
  return (
    <ViewPage
      title={t('home.title')}
      description={t('home.lead')}
      actions={links.map((l, i) =>
        l.to ? (
          <AppLink key={l.label} to={l.to} className={buttonClasses(i === 0 ? 'primary' : 'secondary', 'sm')}>
            {l.label}
          </AppLink>
        ) : null,
      )}
    >
      {overview.isError ? <ErrorState onRetry={() => void overview.refetch()} /> : null}
      {!o ? (
        overview.isError ? null : <LoadingState />
      ) : (
        <div className="space-y-4" data-testid="workspace-home">
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {o.kinds.map((k) => (
              <Figure key={k.kind} label={t(`kinds.${k.kind}` as 'kinds.vehicle')} value={k.tags} testId={`kind-${k.kind}`} />
            ))}
          </div>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
            <Figure label={t('home.untaggedVehicles')} value={o.untaggedVehicles} sub={t('home.of', { total: o.vehicles })} testId="untagged-vehicles" />
            <Figure label={t('home.untaggedDevices')} value={o.untaggedDevices} sub={t('home.of', { total: o.devices })} testId="untagged-devices" />
            <Figure label={t('home.fields')} value={o.fields} testId="field-count" />
          </div>
          <Panel title={t('home.top')}>
            {o.top.length === 0 ? (
              <p className="p-4 text-sm text-slate-500">{t('home.noTop')}</p>
            ) : (
              <ol className="divide-y divide-slate-100">
                {o.top.map((g) => (
                  <li key={g.id} className="flex items-center justify-between gap-2 px-4 py-2">
                    <TagChip name={g.name} color={g.color} />
                    <span className="text-sm text-slate-600 tabular-nums">{t('home.uses', { count: g.vehicles + g.devices })}</span>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
        </div>
      )}
    </ViewPage>
  );
}
