/** A flow's own details (name, description, enabled) as fields of the kit's forms: new flow and "edit details". */
import { useTranslation } from 'react-i18next';

import type { FieldDef } from '@/components/crud/form';
import { DESCRIPTION_MAX, NAME_MAX } from '../flow-model';

export interface FlowDetails {
  name: string;
  description: string;
  enabled: boolean;
}

export function useFlowDetailsFields(): FieldDef<FlowDetails>[] {
  const { t } = useTranslation('work');
  return [
    { name: 'name', label: t('flow.name'), type: 'text', required: true, maxLength: NAME_MAX },
    { name: 'description', label: t('flow.description'), type: 'textarea', maxLength: DESCRIPTION_MAX },
    { name: 'enabled', label: t('flow.enabled'), type: 'switch', hint: t('flow.enabledHint') },
  ];
}
