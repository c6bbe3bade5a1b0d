/** One section of alarm thresholds (enterprise-wide or one axle position): ten number fields with units and ranges. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Field, TextInput } from '@/components/ui/fields';
import { THRESHOLD_FIELDS, type ThresholdDraft, type ThresholdKey } from '../model';

interface Props {
  values: ThresholdDraft;
  errors: Partial<Record<ThresholdKey, string>>;
  onChange: (key: ThresholdKey, value: string) => void;
  disabled: boolean;
  section: string;
}

export function ThresholdSection({ values, errors, onChange, disabled, section }: Props) {
  const { t } = useTranslation('enterprise');
  const base = useId();
  return (
    <div className="grid gap-x-4 gap-y-4 sm:grid-cols-2 xl:grid-cols-3" data-testid={`thresholds-${section}`}>
      {THRESHOLD_FIELDS.map((f) => {
        const id = `${base}-${f.key}`;
        const errorId = `${id}-error`;
        const error = errors[f.key] ?? null;
        return (
          <Field
            key={f.key}
            htmlFor={id}
            label={t(`threshold.${f.key}`)}
            error={error}
            errorId={errorId}
            hint={t('threshold.range', { min: f.min, max: f.max, unit: t(`unit.${f.unit}`) })}
          >
            <div className="relative">
              <TextInput
                id={id}
                name={f.key}
                type="number"
                inputMode="decimal"
                step={f.step}
                value={values[f.key]}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="pr-16"
                onChange={(e) => {
                  onChange(f.key, e.target.value);
                }}
              />
              <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs text-slate-500" aria-hidden="true">
                {t(`unit.${f.unit}`)}
              </span>
            </div>
          </Field>
        );
      })}
    </div>
  );
}
