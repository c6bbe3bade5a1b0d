/** The route colour legend of console-spec §2. */
import { useTranslation } from 'react-i18next';

const ROUTES = [
  ['abnormal', '#E5484D'],
  ['matched', '#4D70FF'],
  ['unset', '#94A3B8'],
  ['inferred', '#F97316'],
] as const;

export function RouteLegend() {
  const { t } = useTranslation('map');
  return (
    <section aria-labelledby="route-legend" className="rounded-lg bg-white/90 px-3 py-2 text-xs text-slate-600 shadow-sm ring-1 ring-slate-200" data-testid="route-legend">
      <h2 id="route-legend" className="mb-1 font-semibold text-slate-800">
        {t('legend.title')}
      </h2>
      <ul className="space-y-0.5">
        {ROUTES.map(([key, color]) => (
          <li key={key} className="flex items-center gap-2">
            <span aria-hidden="true" className="h-1 w-5 rounded" style={{ backgroundColor: color }} />
            {t(`legend.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
