/**
 * locus/mqttDashboard: the last hour of MQTT per minute as ECharts (messages received, messages for subscriptions and
 * routes, forwarded; reports accepted and refused), refusals by reason, and the hour's totals. The same numbers are in
 * a table for keyboards and screen readers. Read again every 10 s.
 */
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useMqttOverview } from '../api/get-overview';
import { MqttChart } from '../components/chart';
import { Figure, Figures } from '../components/figures';
import { ModeBadge } from '../components/mode';

function hhmm(at: string): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export default function MqttDashboardView({ route }: MenuViewProps) {
  const { t } = useTranslation('mqtt');
  const { lang } = useApp();
  const overview = useMqttOverview();
  const o = overview.data;
  return (
    <ViewPage title={menuTitle(route, lang)} actions={o ? <ModeBadge mode={o.mode} /> : null}>
      {!o ? (
        overview.isError ? (
          <ErrorState message={t('overview.loadFailed')} onRetry={() => void overview.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : (
        <Hour o={o} />
      )}
    </ViewPage>
  );
}

function Hour({ o }: { o: NonNullable<ReturnType<typeof useMqttOverview>['data']> }) {
  const { t } = useTranslation('mqtt');
  const labels = o.minutes.map((m) => hhmm(m.at));
  const sum = (pick: (m: (typeof o.minutes)[number]) => number) => o.minutes.reduce((a, m) => a + pick(m), 0);
  const messages = sum((m) => m.messages);
  const reasons = Object.entries(o.refused);
  return (
    <div className="space-y-4" data-testid="mqtt-dashboard">
      <Figures>
        <Figure label={`${t('overview.messages')} · ${t('dashboard.lastHour')}`} value={messages} testId="mqtt-hour-messages" />
        <Figure label={t('overview.perMinute')} value={(messages / Math.max(1, o.minutes.length)).toFixed(1)} />
        <Figure label={`${t('overview.accepted')} · ${t('dashboard.lastHour')}`} value={sum((m) => m.accepted)} />
        <Figure label={`${t('overview.refused')} · ${t('dashboard.lastHour')}`} value={sum((m) => m.refused)} />
      </Figures>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('dashboard.rate')}>
          <div className="p-3">
            <MqttChart
              testId="mqtt-rate-chart"
              data={{
                kind: 'line',
                labels,
                series: [
                  { name: t('overview.messages'), data: o.minutes.map((m) => m.messages) },
                  { name: t('overview.tapped'), data: o.minutes.map((m) => m.tapped) },
                  { name: t('overview.forwarded'), data: o.minutes.map((m) => m.forwarded) },
                ],
              }}
            />
          </div>
        </Panel>
        <Panel title={t('dashboard.reports')}>
          <div className="p-3">
            <MqttChart
              data={{
                kind: 'line',
                labels,
                series: [
                  { name: t('overview.accepted'), data: o.minutes.map((m) => m.accepted) },
                  { name: t('overview.refused'), data: o.minutes.map((m) => m.refused) },
                ],
              }}
            />
          </div>
        </Panel>
      </div>
      <Panel title={t('dashboard.refusals')}>
        <div className="p-3">
          {reasons.length === 0 ? (
            <p className="px-1 py-3 text-sm text-slate-500">{t('dashboard.none')}</p>
          ) : (
            <MqttChart data={{ kind: 'bar', labels: reasons.map(([r]) => r), series: [{ name: t('overview.refused'), data: reasons.map(([, n]) => n) }] }} />
          )}
        </div>
      </Panel>
      <details className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
        <summary className="min-h-10 cursor-pointer py-2 text-slate-600">{t('dashboard.table')}</summary>
        <div className="max-h-72 overflow-auto">
          <table className="w-full text-left text-sm" data-testid="mqtt-minutes">
            <caption className="sr-only">{t('dashboard.rate')}</caption>
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 pr-3 font-medium">{t('dashboard.minute')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('overview.messages')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('overview.accepted')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('overview.refused')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('overview.tapped')}</th>
                <th scope="col" className="py-1 font-medium">{t('overview.forwarded')}</th>
              </tr>
            </thead>
            <tbody>
              {o.minutes.map((m) => (
                <tr key={m.at} className="border-t border-slate-100 tabular-nums">
                  <th scope="row" className="py-1 pr-3 font-normal">{hhmm(m.at)}</th>
                  <td className="py-1 pr-3">{m.messages}</td>
                  <td className="py-1 pr-3">{m.accepted}</td>
                  <td className="py-1 pr-3">{m.refused}</td>
                  <td className="py-1 pr-3">{m.tapped}</td>
                  <td className="py-1">{m.forwarded}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
