/**
 * Enterprise verification: state, documents and review; the enterprise submits documents (→ pending), platform staff
 * approve or reject with a reason; a rejected enterprise may submit again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useVerifyEnterprise } from '../api/verify-enterprise';
import type { EnterpriseDetail } from '../types';
import { VerifyBadge } from './badges';
import { InfoList } from './info-list';
import { useIsPlatformStaff } from '@/features/auth';

export function VerificationPanel({ ent, canEdit }: { ent: EnterpriseDetail; canEdit: boolean }) {
  const { t } = useTranslation('enterprise');
  const staff = useIsPlatformStaff();
  const verify = useVerifyEnterprise();
  const [dialog, setDialog] = useState<'submit' | 'reject' | null>(null);
  const close = () => {
    setDialog(null);
  };
  const mayReview = staff && ent.verifyState === 1;
  const maySubmit = canEdit && (ent.verifyState === 0 || ent.verifyState === 3);
  return (
    <Panel
      title={t('verify.title')}
      actions={
        <>
          {maySubmit ? (
            <Button
              size="sm"
              variant="accent"
              onClick={() => {
                setDialog('submit');
              }}
            >
              {t('verify.submit')}
            </Button>
          ) : null}
          {mayReview ? (
            <>
              <Button size="sm" variant="accent" disabled={verify.isPending} onClick={() => void verify.mutateAsync({ action: 'approve', entId: ent.entId }).catch(() => undefined)}>
                {t('verify.approve')}
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => {
                  setDialog('reject');
                }}
              >
                {t('verify.reject')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <div className="p-4" data-testid="verification">
        <InfoList
          items={[
            [t('fields.verifyState'), <VerifyBadge key="s" state={ent.verifyState} />],
            [t('fields.licenseNo'), ent.licenseNo],
            [
              t('verify.documents'),
              ent.verifyDocuments.length ? (
                <ul key="docs" className="space-y-1">
                  {ent.verifyDocuments.map((d) => (
                    <li key={d} className="truncate">
                      <a href={d} target="_blank" rel="noreferrer noopener" className="text-accent hover:underline">
                        {d}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                ''
              ),
            ],
            [t('verify.submittedAt'), formatDateTime(ent.verifySubmittedAt)],
            [t('verify.reviewedAt'), formatDateTime(ent.verifyReviewedAt)],
            ...(ent.verifyState === 3 ? ([[t('verify.reason'), ent.verifyReason]] as const) : []),
          ]}
        />
      </div>
      <FormDialog<{ documents: string; licenseNo: string }>
        open={dialog === 'submit'}
        onClose={close}
        size="md"
        columns={1}
        title={t('verify.submit')}
        testId="verify-submit"
        fields={[
          { name: 'licenseNo', label: t('fields.licenseNo'), type: 'text', required: true, maxLength: 64 },
          { name: 'documents', label: t('verify.documents'), type: 'textarea', required: true, hint: t('verify.documentsHint') },
        ]}
        initialValues={{ documents: ent.verifyDocuments.join('\n'), licenseNo: ent.licenseNo }}
        onSubmit={(v) =>
          verify.mutateAsync({
            action: 'submit',
            entId: ent.entId,
            licenseNo: v.licenseNo.trim(),
            documents: v.documents
              .split('\n')
              .map((s) => s.trim())
              .filter(Boolean),
          })
        }
      />
      <FormDialog<{ reason: string }>
        open={dialog === 'reject'}
        onClose={close}
        size="sm"
        columns={1}
        title={t('verify.reject')}
        testId="verify-reject"
        fields={[{ name: 'reason', label: t('verify.reason'), type: 'textarea', required: true, maxLength: 200 }]}
        initialValues={{ reason: '' }}
        onSubmit={(v) => verify.mutateAsync({ action: 'reject', entId: ent.entId, reason: v.reason.trim() })}
      />
    </Panel>
  );
}
