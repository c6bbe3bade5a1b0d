/**
 * /cancellation: what cancelling an account means (what is erased, what the enterprise keeps, the cooling-off
 * period), and for a signed-in user the request to cancel their own account (POST /api/user/cancellation with the
 * current password). A granted request freezes the account, so the page clears the session and says until when the
 * account can still be restored.
 */
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { SignInCard } from '@/components/layout/sign-in-card';
import { Button, LinkButton } from '@/components/ui/button';
import { Checkbox, Field, TextArea, TextInput } from '@/components/ui/fields';
import { CheckIcon, ShieldIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { paths } from '@/lib/paths';
import { clearSession, isVisitorUser } from '@/lib/session';
import { displayName } from '@/lib/state';
import { useCancelAccount } from '../api/cancel-account';

/** Days the server keeps a cancelled account restorable (domain::cancellation::COOLING_OFF_DAYS). */
const COOLING_OFF_DAYS = 15;
const SECTIONS = ['meaning', 'erased', 'kept', 'cooling', 'admin'] as const;

export function CancellationPage() {
  const { t } = useTranslation('site');
  const { user } = useApp();
  const [until, setUntil] = useState<number | null>(null);
  const signedIn = user !== null && !isVisitorUser(user);
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-10 sm:px-6 sm:py-14">
        <header>
          <p className="text-brand-600 inline-flex items-center gap-2 text-sm font-semibold">
            <ShieldIcon className="size-4" />
            {t('cancellation.heading')}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t('cancellation.heading')}</h1>
          <p className="mt-3 text-base leading-7 text-slate-600">{t('cancellation.lead')}</p>
        </header>
        <dl className="space-y-4">
          {SECTIONS.map((id) => (
            <div key={id} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <dt className="text-base font-semibold text-slate-900">{t(`cancellation.sections.${id}.title`, { days: COOLING_OFF_DAYS })}</dt>
              <dd className="mt-2 text-sm leading-6 text-slate-600">{t(`cancellation.sections.${id}.body`, { days: COOLING_OFF_DAYS })}</dd>
            </div>
          ))}
        </dl>
        {until !== null ? (
          <Done until={until} />
        ) : signedIn ? (
          <CancellationForm name={displayName(user) ?? ''} onDone={setUntil} />
        ) : (
          <SignInCard id="cancel-signin" heading={t('cancellation.signIn.heading')} body={t('cancellation.signIn.body')} action={t('cancellation.signIn.action')} back={paths.cancellation} />
        )}
      </div>
    </div>
  );
}

function CancellationForm({ name, onDone }: { name: string; onDone: (until: number) => void }) {
  const { t } = useTranslation('site');
  const cancel = useCancelAccount();
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [missing, setMissing] = useState(false);

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    const answer = await cancel.run({ password, reason });
    if (answer) {
      // the account is frozen: its token is refused from now on
      clearSession();
      onDone(answer.coolingOffUntil);
    }
  };

  const fieldError = (field: string) => (cancel.error?.field === field ? cancel.error.message : null);
  const passwordError = missing ? t('cancellation.form.passwordRequired') : fieldError('password');
  const otherError = cancel.error && !cancel.error.field ? cancel.error.message : null;
  return (
    <section aria-labelledby="cancel-form" className="rounded-2xl bg-white p-5 ring-1 ring-red-200" data-testid="cancel-form">
      <h2 id="cancel-form" className="text-lg font-semibold text-slate-900">
        {t('cancellation.form.heading', { name })}
      </h2>
      <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('cancellation.form.password')} htmlFor="cancel-password" error={passwordError} errorId="cancel-password-error" required>
          <TextInput
            id="cancel-password"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-required="true"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? 'cancel-password-error' : undefined}
            onChange={(e) => {
              setPassword(e.target.value);
            }}
            className="h-12 text-base"
          />
        </Field>
        <Field label={t('cancellation.form.reason')} htmlFor="cancel-reason" hint={t('cancellation.form.reasonHint')} error={fieldError('reason')}>
          <TextArea
            id="cancel-reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
            }}
          />
        </Field>
        <label className="flex items-start gap-3 text-sm leading-6 text-slate-700">
          <Checkbox
            className="mt-1"
            checked={agreed}
            onChange={(e) => {
              setAgreed(e.target.checked);
            }}
            data-testid="cancel-agree"
          />
          {t('cancellation.form.confirm')}
        </label>
        {otherError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="cancel-error">
            {otherError}
          </p>
        ) : null}
        <Button type="submit" variant="danger" size="lg" className="w-full sm:w-auto" disabled={!agreed || cancel.running}>
          {t('cancellation.form.submit')}
        </Button>
      </form>
    </section>
  );
}

/** `2026-12-13`, the same in every time zone's reading of the date (UTC). */
function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function Done({ until }: { until: number }) {
  const { t } = useTranslation('site');
  return (
    <section aria-labelledby="cancel-done" role="status" className="rounded-2xl bg-white p-5 ring-1 ring-emerald-200" data-testid="cancel-done">
      <h2 id="cancel-done" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CheckIcon className="size-5 text-emerald-600" />
        {t('cancellation.done.heading')}
      </h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{t('cancellation.done.body', { until: day(until) })}</p>
      <LinkButton to={paths.solution} variant="secondary" className="mt-4">
        {t('cancellation.done.back')}
      </LinkButton>
    </section>
  );
}
