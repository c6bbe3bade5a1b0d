/**
 * layout/search (搜索): one box over the console: the caller's menu entries (titles in both languages, names,
 * paths), vehicles by plate (/web/car/list keyword) and receivers by imei (/web/device/list keyword). A vehicle opens
 * its information card (mapComponents/vehicleInfo), a receiver its vehicle's card or else the receiver list, a menu
 * entry its view. The keyword is kept in the URL (`?q=`).
 */
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { TextInput } from '@/components/ui/fields';
import { ChipIcon, TruckIcon } from '@/components/ui/icons';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useSession } from '@/lib/console/session-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useDeviceOptions } from '@/features/devices';
import { useVehicleOptions } from '@/features/vehicles';
import { menuMatches, menuTarget } from '../menu-browse';
import { menuIconFor } from '../menu-icons';

const LIMIT = 10;

function Section({ title, count, testId, children }: { title: string; count: number | null; testId: string; children: ReactNode }) {
  return (
    <Panel title={count === null ? title : `${title} · ${String(count)}`}>
      <div data-testid={testId}>{children}</div>
    </Panel>
  );
}

function Row({ to, icon, title, detail, extra }: { to: string | null; icon: ReactNode; title: string; detail: string; extra?: ReactNode }) {
  const body = (
    <>
      <span className="shrink-0 text-slate-500">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">{title}</span>
        <span className="block truncate text-xs text-slate-500">{detail}</span>
      </span>
      {extra}
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className="flex min-h-12 items-center gap-3 px-4 py-2 hover:bg-slate-50">
          {body}
        </Link>
      ) : (
        <div className="flex min-h-12 items-center gap-3 px-4 py-2">{body}</div>
      )}
    </li>
  );
}

function None({ text }: { text: string }) {
  return <p className="px-4 py-4 text-sm text-slate-500">{text}</p>;
}

function withVehicle(base: string | null, id: number, plate: string): string | null {
  return base ? `${base}?${new URLSearchParams({ carId: String(id), plate }).toString()}` : null;
}

function Vehicles({ keyword }: { keyword: string }) {
  const { t } = useTranslation('pieces');
  const menuPath = useMenuPath();
  const list = useVehicleOptions({ keyword, page: 1, pageSize: LIMIT });
  const info = menuPath('vehicleInfo');
  return (
    <Section title={t('search.vehicles')} count={list.data?.total ?? null} testId="search-vehicles">
      {list.isPending ? <LoadingState /> : list.isError ? <ErrorState message={t('search.failed')} onRetry={() => void list.refetch()} /> : null}
      {list.data?.list.length === 0 ? <None text={t('search.none')} /> : null}
      <ul className="divide-y divide-slate-100">
        {list.data?.list.map((v) => (
          <Row
            key={v.carId}
            to={withVehicle(info, v.carId, v.plate)}
            icon={<TruckIcon className="size-5" />}
            title={v.plate}
            detail={[v.entName, v.imei].filter(Boolean).join(' · ')}
            extra={v.isAlarm ? <Badge tone="red">{t('search.alarm')}</Badge> : v.offline ? <Badge>{t('search.offline')}</Badge> : <Badge tone="green">{t('search.online')}</Badge>}
          />
        ))}
      </ul>
    </Section>
  );
}

function Devices({ keyword }: { keyword: string }) {
  const { t } = useTranslation('pieces');
  const menuPath = useMenuPath();
  const list = useDeviceOptions({ keyword, page: 1, pageSize: LIMIT });
  const info = menuPath('vehicleInfo');
  const receivers = menuPath('receiver');
  return (
    <Section title={t('search.devices')} count={list.data?.total ?? null} testId="search-devices">
      {list.isPending ? <LoadingState /> : list.isError ? <ErrorState message={t('search.failed')} onRetry={() => void list.refetch()} /> : null}
      {list.data?.list.length === 0 ? <None text={t('search.none')} /> : null}
      <ul className="divide-y divide-slate-100">
        {list.data?.list.map((d) => (
          <Row
            key={d.id}
            to={d.vehicleId !== null ? withVehicle(info, d.vehicleId, d.plate ?? '') : receivers}
            icon={<ChipIcon className="size-5" />}
            title={d.imei}
            detail={[d.plate ?? t('search.unbound'), d.entName].filter(Boolean).join(' · ')}
            extra={<Badge tone={d.online ? 'green' : 'slate'}>{d.online ? t('search.online') : t('search.offline')}</Badge>}
          />
        ))}
      </ul>
    </Section>
  );
}

export default function SearchView({ route }: MenuViewProps) {
  const { t } = useTranslation('pieces');
  const { lang } = useApp();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const keyword = (params.get('q') ?? '').trim();
  // the lists are asked once typing pauses
  useEffect(() => {
    if (text.trim() === keyword) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text.trim()) next.set('q', text.trim());
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [text, keyword, setParams]);
  const menus = keyword && session.menus ? session.menus.list.filter((r) => r.name !== route.name && menuTarget(r) !== null && menuMatches(r, keyword)) : [];
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('search.description')}>
      <div className="space-y-4" data-testid="search-view">
        <Panel className="p-3">
          <TextInput
            type="search"
            value={text}
            autoFocus
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            onChange={(e) => {
              setText(e.target.value);
            }}
          />
        </Panel>
        {keyword === '' ? (
          <p className="px-1 text-sm text-slate-500">{t('search.prompt')}</p>
        ) : (
          <div className="grid gap-4 xl:grid-cols-3">
            <Section title={t('search.menus')} count={menus.length} testId="search-menus">
              {menus.length === 0 ? <None text={t('search.none')} /> : null}
              <ul className="divide-y divide-slate-100">
                {menus.slice(0, 20).map((r) => (
                  <Row
                    key={r.name}
                    to={menuTarget(r)}
                    icon={createElement(menuIconFor(r.icon), { className: 'size-5' })}
                    title={menuTitle(r, lang)}
                    detail={r.path}
                  />
                ))}
              </ul>
            </Section>
            <Vehicles keyword={keyword} />
            {session.visitor ? null : <Devices keyword={keyword} />}
          </div>
        )}
      </div>
    </ViewPage>
  );
}
