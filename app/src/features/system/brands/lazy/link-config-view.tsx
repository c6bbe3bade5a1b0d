/**
 * superAdmin/linkConfig (链接配置): the hostname links of the ten brand profiles. A request whose host is a profile's
 * domain (or a subdomain of it) gets that profile's name, description, logo and websocket address; localhost, IP
 * addresses and unknown hosts get the default one. Ten fixed profiles: a link is edited, not added or removed.
 */
import { useTranslation } from 'react-i18next';

import type { FieldDef } from '@/components/crud/form';
import { ResourceView } from '@/components/crud/resource-view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import type { BrandProfile } from '../../types';
import { brandsKey, getBrands } from '../api/get-brands';
import { useUpdateBrand } from '../api/update-brand';

interface Values {
  appDomain: string;
  appName: string;
  desc: string;
  appLogo: string;
  wsUrl: string;
}

/** A host name: dot-separated labels of letters, digits and hyphens (the server's rule). */
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i;

export default function LinkConfigView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const update = useUpdateBrand();
  const fields: FieldDef<Values>[] = [
    { name: 'appDomain', label: t('links.domain'), type: 'text', required: true, pattern: { re: HOST, message: t('links.domainInvalid') }, hint: t('links.domainHint') },
    { name: 'appName', label: t('links.name'), type: 'text', required: true, maxLength: 64 },
    { name: 'desc', label: t('links.desc'), type: 'textarea' },
    { name: 'appLogo', label: t('links.logo'), type: 'text', required: true, hint: t('links.logoHint') },
    { name: 'wsUrl', label: t('links.ws'), type: 'text', required: true, hint: t('links.wsHint') },
  ];
  return (
    <ResourceView<BrandProfile, object, Values, number>
      title={menuTitle(route, lang)}
      testId="link-config"
      queryKey={brandsKey}
      fetchAll={getBrands}
      filterRows={(rows, search) => {
        const q = (search.keyword ?? '').trim().toLowerCase();
        return q ? rows.filter((b) => b.appDomain.includes(q) || b.appName.toLowerCase().includes(q)) : [...rows];
      }}
      toParams={() => ({})}
      searchFields={[{ name: 'keyword', label: t('links.search') }]}
      columns={[
        { key: 'domain', header: t('links.domain'), primary: true, cell: (b) => <span className="font-mono text-xs text-slate-900">{b.appDomain}</span> },
        {
          key: 'name',
          header: t('links.name'),
          cell: (b) => (
            <span className="flex items-center gap-2">
              <img src={b.appLogo} alt="" className="size-5 shrink-0 object-contain" loading="lazy" />
              {b.appName}
            </span>
          ),
        },
        { key: 'desc', header: t('links.desc'), cell: (b) => <span className="line-clamp-2 text-slate-600">{b.desc}</span> },
        { key: 'ws', header: t('links.ws'), hideOnMobile: true, cell: (b) => <span className="font-mono text-xs">{b.wsUrl}</span> },
      ]}
      rowKey={(b) => b.id}
      rowLabel={(b) => b.appDomain}
      selectable={false}
      texts={{ empty: t('links.empty') }}
      form={{
        editTitle: (b) => t('links.edit', { domain: b.appDomain }),
        description: t('links.description'),
        size: 'md',
        columns: 1,
        fields,
        empty: { appDomain: '', appName: '', desc: '', appLogo: '', wsUrl: '' },
        fromRow: (b) => ({ appDomain: b.appDomain, appName: b.appName, desc: b.desc, appLogo: b.appLogo, wsUrl: b.wsUrl }),
        save: (v, b) =>
          update.mutateAsync({
            id: b?.id ?? 0,
            appDomain: v.appDomain.trim().toLowerCase(),
            appName: v.appName.trim(),
            desc: v.desc.trim(),
            appLogo: v.appLogo.trim(),
            wsUrl: v.wsUrl.trim(),
          }),
      }}
    />
  );
}
