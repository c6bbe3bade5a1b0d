/**
 * The supplier picker (colony/supplierDialog): the suppliers (partnerList kind 1) with a search, one "Pick" per row,
 * and a new supplier added on the spot (then picked). Used by stock in; the supplierDialog view opens it as a page.
 */
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { RowAction } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { maskPhone, orUndefined } from '@/lib/format';
import { getPartners } from '../api/get-partners';
import { stockKeys } from '../api/keys';
import { useSavePartner } from '../api/save-partner';
import type { Partner, PartnerListParams } from '../types';
import { partnerFields, partnerInput, PARTNER_EMPTY, type PartnerValues } from './partner-fields';

interface SupplierPickerProps {
  onPick: (supplier: Partner) => void;
  /** The picked one (marked in the list). */
  pickedId?: number | null;
}

/** The list itself (the dialog's body, and the supplierDialog page's). */
export function useSupplierPicker({ onPick, pickedId }: SupplierPickerProps) {
  const { t } = useTranslation('stock');
  const save = useSavePartner();
  return useResource<Partner, PartnerListParams, PartnerValues, number>({
    title: t('supplier.title'),
    testId: 'supplier-picker',
    queryKey: [...stockKeys.partners, 'picker'],
    fetchPage: getPartners,
    toParams: (v) => ({ kind: 1, keyword: orUndefined(v.keyword) }),
    searchFields: [{ name: 'keyword', label: t('partner.keyword') }],
    columns: [
      { key: 'name', header: t('partner.name'), primary: true, cell: (p) => (p.id === pickedId ? `${p.name} ✓` : p.name) },
      { key: 'contact', header: t('partner.contact'), cell: (p) => p.contact || '—' },
      { key: 'phone', header: t('partner.phone'), cell: (p) => maskPhone(p.phone) || '—' },
    ],
    rowKey: (p) => p.id,
    rowLabel: (p) => p.name,
    selectable: false,
    rowActions: (p) => (
      <RowAction
        label={t('supplier.pickNamed', { name: p.name })}
        onClick={() => {
          onPick(p);
        }}
      >
        {t('supplier.pick')}
      </RowAction>
    ),
    texts: { search: t('supplier.search'), loadFailed: t('partner.loadFailed'), empty: t('supplier.empty') },
    form: {
      addLabel: t('supplier.add'),
      editTitle: (p) => p.name,
      editable: () => false,
      testId: 'supplier-form',
      size: 'md',
      fields: partnerFields(t),
      empty: PARTNER_EMPTY,
      fromRow: (p) => ({ ...PARTNER_EMPTY, name: p.name }),
      save: async (v) => {
        onPick(await save.mutateAsync(partnerInput(1, v)));
      },
    },
  });
}

export function SupplierDialog({ onPick, onClose, pickedId }: SupplierPickerProps & { onClose: () => void }) {
  const { t } = useTranslation('stock');
  const { t: tc } = useTranslation('crud');
  const picker = useSupplierPicker({
    pickedId,
    onPick: (p) => {
      onPick(p);
      onClose();
    },
  });
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={t('supplier.pickTitle')}
        size="lg"
        testId="supplier-dialog"
        footer={
          <Button variant="secondary" onClick={onClose}>
            {tc('cancel')}
          </Button>
        }
      >
        <div className="space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            {picker.search}
            <div className="flex flex-wrap gap-2">{picker.toolbar}</div>
          </div>
          <div className="-mx-5">{picker.table}</div>
          {picker.pager}
        </div>
      </Dialog>
      {picker.dialogs}
    </>
  );
}
