/** Suppliers (kind 1) or customers (kind 2): partnerList / savePartner / delPartner, with what moves name them. */
import { useTranslation } from 'react-i18next';

import { oneByOne, ResourceView } from '@/components/crud/resource-view';
import { formatDateTime, maskPhone, orUndefined } from '@/lib/format';
import { useDeletePartner } from '../api/delete-partner';
import { getPartners } from '../api/get-partners';
import { stockKeys } from '../api/keys';
import { useSavePartner } from '../api/save-partner';
import { money } from '../model';
import type { Partner, PartnerListParams } from '../types';
import { partnerFields, partnerInput, PARTNER_EMPTY, type PartnerValues } from './partner-fields';

export function PartnerList({ kind, title }: { kind: number; title: string }) {
  const { t } = useTranslation('stock');
  const save = useSavePartner();
  const del = useDeletePartner();
  const testId = kind === 1 ? 'suppliers' : 'customers';
  const words = kind === 1 ? { add: t('partner.addSupplier'), amount: t('partner.bought') } : { add: t('partner.addCustomer'), amount: t('partner.sold') };
  return (
    <ResourceView<Partner, PartnerListParams, PartnerValues, number>
      title={title}
      description={kind === 1 ? t('partner.suppliersHint') : t('partner.customersHint')}
      testId={testId}
      queryKey={[...stockKeys.partners, kind]}
      fetchPage={getPartners}
      toParams={(v) => ({ kind, keyword: orUndefined(v.keyword) })}
      searchFields={[{ name: 'keyword', label: t('partner.keyword') }]}
      columns={[
        { key: 'name', header: t('partner.name'), primary: true, cell: (p) => p.name },
        { key: 'contact', header: t('partner.contact'), cell: (p) => p.contact || '—' },
        { key: 'phone', header: t('partner.phone'), cell: (p) => maskPhone(p.phone) || '—' },
        { key: 'address', header: t('partner.address'), cell: (p) => p.address || '—', hideOnMobile: true },
        { key: 'moves', header: t('partner.moves'), align: 'right', cell: (p) => p.moves },
        { key: 'amount', header: words.amount, align: 'right', cell: (p) => money(p.amount) },
        { key: 'created', header: t('partner.createdAt'), cell: (p) => formatDateTime(p.createdAt), hideOnMobile: true },
      ]}
      rowKey={(p) => p.id}
      rowLabel={(p) => p.name}
      texts={{ search: t('partner.search'), loadFailed: t('partner.loadFailed'), empty: kind === 1 ? t('supplier.empty') : t('partner.noCustomers') }}
      exportName={testId}
      exportColumns={[
        { header: t('partner.name'), value: (p) => p.name },
        { header: t('partner.contact'), value: (p) => p.contact },
        { header: t('partner.phone'), value: (p) => maskPhone(p.phone) },
        { header: t('partner.address'), value: (p) => p.address },
        { header: t('partner.moves'), value: (p) => p.moves },
        { header: words.amount, value: (p) => p.amount },
        { header: t('partner.remark'), value: (p) => p.remark },
      ]}
      form={{
        addLabel: words.add,
        editTitle: (p) => t('editNamed', { name: p.name }),
        testId: `${testId}-form`,
        fields: partnerFields(t),
        empty: PARTNER_EMPTY,
        fromRow: (p) => ({ name: p.name, contact: p.contact, phone: p.phone, address: p.address, remark: p.remark }),
        save: (v, row) => save.mutateAsync(partnerInput(kind, v, row?.id)),
      }}
      remove={oneByOne((id: number) => del.mutateAsync({ id }))}
      selectable={false}
    />
  );
}
