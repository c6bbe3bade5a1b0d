/** An ECharts chart (loaded lazily, browser only) of the MQTT console; views give the same numbers as a table too. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useLazyWidget } from '@/lib/use-lazy-widget';
import type { ChartData } from '../lazy/rate-chart';

export function MqttChart({ data, testId }: { data: ChartData; testId?: string }) {
  const { t } = useTranslation('mqtt');
  const latest = useRef(data);
  const { ref, handle, status } = useLazyWidget(async (el) => {
    const { createChart } = await import('../lazy/rate-chart');
    const made = createChart(el);
    made.update(latest.current);
    return made;
  });
  useEffect(() => {
    latest.current = data;
    handle.current?.update(data);
  });
  return (
    <div className="relative h-56" aria-hidden="true" data-testid={testId} data-chart-state={status === 'error' ? 'failed' : status}>
      <div ref={ref} className="absolute inset-0" />
      {status === 'error' ? <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">{t('dashboard.chartFailed')}</p> : null}
    </div>
  );
}
