/**
 * colony/supplierDialog: the supplier picker as a page of its own. The suppliers to pick from (a new one added on the
 * spot), the dialog itself (as stock in opens it), and the one picked with what the ledger holds of it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button, LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { maskPhone } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { money } from '../model';
import { SupplierDialog, useSupplierPicker } from '../components/supplier-dialog';
import type { Partner } from '../types';

export default function SupplierDialogView({ route }: MenuViewProps) {
  const { t } = useTranslation('stock');
  const { lang } = useApp();
  const menuPath = useMenuPath();
  const [picked, setPicked] = useState<Partner | null>(null);
  const [open, setOpen] = useState(false);
  const picker = useSupplierPicker({ onPick: setPicked, pickedId: picked?.id ?? null });
  const back = menuPath('stockManage');
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      description={t('supplier.pageHint')}
      actions={
        <>
          {back ? (
            <LinkButton to={back} variant="secondary" size="sm">
              <ChevronLeftIcon className="size-4" />
              {t('detail.back')}
            </LinkButton>
          ) : null}
          <Button variant="accent" size="sm" className="max-md:h-10" onClick={() => { setOpen(true); }} data-testid="supplier-open">
            {t('supplier.open')}
          </Button>
        </>
      }
    >
      <Panel title={t('supplier.picked')}>
        <div className="p-4 text-sm" data-testid="supplier-picked">
          {picked ? (
            <dl className="grid grid-cols-[minmax(5rem,auto)_1fr] gap-x-3 gap-y-1.5">
              <dt className="text-slate-500">{t('partner.name')}</dt>
              <dd className="font-medium text-slate-900">{picked.name}</dd>
              <dt className="text-slate-500">{t('partner.contact')}</dt>
              <dd>{picked.contact || '—'}</dd>
              <dt className="text-slate-500">{t('partner.phone')}</dt>
              <dd>{maskPhone(picked.phone) || '—'}</dd>
              <dt className="text-slate-500">{t('partner.moves')}</dt>
              <dd className="tabular-nums">{picked.moves}</dd>
              <dt className="text-slate-500">{t('partner.bought')}</dt>
              <dd className="tabular-nums">{money(picked.amount)}</dd>
            </dl>
          ) : (
            <p className="text-slate-500">{t('supplier.nonePicked')}</p>
          )}
        </div>
      </Panel>
      <Panel title={t('supplier.title')} actions={picker.toolbar}>
        <div className="space-y-3 p-4">
          {picker.search}
          <div className="-mx-4">{picker.table}</div>
          {picker.pager}
        </div>
      </Panel>
      {picker.dialogs}
      {open ? (
        <SupplierDialog
          pickedId={picked?.id ?? null}
          onPick={setPicked}
          onClose={() => { setOpen(false); }}
        />
      ) : null}
    </ViewPage>
  );
}
