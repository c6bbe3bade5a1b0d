/**
 * A webhook's signing secret, shown once (just created or rotated): the server keeps only what it needs to sign and
 * never answers the secret again, so the dialog says so and offers a copy button.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckIcon, KeyIcon } from '@/components/ui/icons';
import { notify } from '@/lib/feedback';

export function SecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation('rules');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // clipboard refused (permissions, plain http): the text stays selectable
      notify.error({ text: t('webhook.copyFailed') });
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('webhook.secretTitle')}
      description={t('webhook.secretOnce', { url })}
      testId="webhook-secret"
      footer={
        <Button variant="accent" onClick={onClose}>
          {t('webhook.secretSaved')}
        </Button>
      }
    >
      <div className="flex items-center gap-2">
        <KeyIcon className="size-5 shrink-0 text-slate-500" />
        <code className="min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all select-all" data-testid="webhook-secret-value">
          {secret}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied ? <CheckIcon className="size-4" /> : null}
          {copied ? t('webhook.copied') : t('webhook.copy')}
        </Button>
      </div>
    </Dialog>
  );
}
