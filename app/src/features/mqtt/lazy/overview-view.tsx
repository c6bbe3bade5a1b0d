/**
 * locus/mqttOverview: the MQTT console's configuration (broker mode, listen address or external host, report topic,
 * the console's own connection and its subscriptions) and the figures since the server started.
 */
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDateTime } from '@/lib/format';
import { useMqttOverview } from '../api/get-overview';
import { Figure, Figures } from '../components/figures';
import { ModeBadge } from '../components/mode';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-slate-100 px-4 py-3 first:border-t-0 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 break-all text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export default function MqttOverviewView({ route }: MenuViewProps) {
  const { t } = useTranslation('mqtt');
  const { lang } = useApp();
  const overview = useMqttOverview();
  const o = overview.data;
  const refused = o ? Object.values(o.refused).reduce((a, b) => a + b, 0) : 0;
  return (
    <ViewPage title={menuTitle(route, lang)} actions={o ? <ModeBadge mode={o.mode} /> : null}>
      {!o ? (
        overview.isError ? (
          <ErrorState message={t('overview.loadFailed')} onRetry={() => void overview.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : (
        <div className="space-y-4" data-testid="mqtt-overview">
          <Panel title={t('overview.config')}>
            <dl>
              <Row label={t('mode.label')}>
                <ModeBadge mode={o.mode} />
              </Row>
              {o.listen ? <Row label={t('overview.listen')}>{o.listen}</Row> : null}
              {o.external ? <Row label={t('overview.external')}>{o.external}</Row> : null}
              <Row label={t('overview.reportTopic')}>
                <code>{o.reportTopic}</code>
              </Row>
              {o.consoleClientId ? (
                <Row label={t('overview.consoleClient')}>
                  <code>{o.consoleClientId}</code> · <span data-testid="mqtt-console-state">{o.consoleConnected ? t('overview.connected') : t('overview.disconnected')}</span>
                </Row>
              ) : null}
              {o.consoleFilters.length > 0 ? (
                <Row label={t('overview.filters')}>
                  <ul className="space-y-1">
                    {o.consoleFilters.map((f) => (
                      <li key={f}>
                        <code>{f}</code>
                      </li>
                    ))}
                  </ul>
                </Row>
              ) : null}
              <Row label={t('overview.startedAt')}>{formatDateTime(o.startedAt)}</Row>
            </dl>
          </Panel>
          <h3 className="text-sm font-semibold text-slate-700">{t('overview.figures')}</h3>
          <Figures testId="mqtt-figures">
            <Figure label={t('overview.messages')} value={o.messages} testId="mqtt-messages" />
            <Figure label={t('overview.accepted')} value={o.accepted} />
            <Figure label={t('overview.refused')} value={refused} />
            <Figure label={t('overview.clients')} value={o.clients} hint={o.untracked > 0 ? `${t('overview.untracked')}: ${String(o.untracked)}` : undefined} />
            <Figure label={t('overview.subscriptions')} value={o.subscriptions} testId="mqtt-subscriptions" />
            <Figure label={t('overview.routes')} value={o.routes} />
            <Figure label={t('overview.tapped')} value={o.tapped} />
            <Figure label={t('overview.forwarded')} value={o.forwarded} hint={o.skipped > 0 ? `${t('overview.skipped')}: ${String(o.skipped)}` : undefined} />
            <Figure label={t('overview.published')} value={o.published} />
            <Figure
              label={t('overview.brokerConnections')}
              value={o.brokerConnections ?? '—'}
              hint={o.brokerMeterAt ? t('overview.brokerConnectionsHint', { at: formatDateTime(o.brokerMeterAt) }) : t('overview.notMeasured')}
            />
          </Figures>
          <Panel title={t('overview.refusedBy')}>
            {Object.keys(o.refused).length === 0 ? (
              <p className="px-4 py-3 text-sm text-slate-500">{t('overview.noRefusals')}</p>
            ) : (
              <dl>
                {Object.entries(o.refused).map(([reason, n]) => (
                  <Row key={reason} label={reason}>
                    {n}
                  </Row>
                ))}
              </dl>
            )}
          </Panel>
        </div>
      )}
    </ViewPage>
  );
}
