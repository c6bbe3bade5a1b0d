import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../../components/ui/button';
import { AlertIcon, EyeIcon, EyeOffIcon, SpinnerIcon } from '../../../components/ui/icons';
import { useHydrated } from '../../../lib/local-store';
import { loginWithPassword } from '../api/login';
import { storeSession } from '../session';

interface LoginFormProps {
  /** Where to go after a successful sign-in (already checked by safeRedirect). */
  redirectTo: string;
}

const inputClass =
  'block h-11 w-full rounded-lg border-0 bg-white px-3.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600 focus:outline-none focus:ring-inset';

/** Username + password sign-in: POST /api/base/login, then token/userInfo/x-token are stored and the page changes. */
export function LoginForm({ redirectTo }: LoginFormProps) {
  const { t } = useTranslation('login');
  const hydrated = useHydrated();
  const ids = { user: useId(), pass: useId(), error: useId() };
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    if (!username.trim() || !password) {
      setError(t('required'));
      return;
    }
    setError(null);
    setSubmitting(true);
    const result = await loginWithPassword(username.trim(), password);
    if (result.ok && typeof result.data.token === 'string' && result.data.token !== '') {
      storeSession(result.data.token, result.data.user);
      window.location.assign(redirectTo);
      return; // keep the busy state until the next page loads
    }
    setSubmitting(false);
    if (result.ok) setError(t('failed'));
    else if (result.kind === 'network') setError(t('networkError'));
    else setError(result.msg || t('failed'));
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(e) => {
        void submit(e);
      }}
      aria-describedby={error ? ids.error : undefined}
      className="space-y-5"
    >
      {error ? (
        <div id={ids.error} role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-3.5 py-3 text-sm text-red-700 ring-1 ring-red-200">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </div>
      ) : null}
      <div>
        <label htmlFor={ids.user} className="block text-sm font-medium text-slate-800">
          {t('username')}
        </label>
        <input
          id={ids.user}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
          }}
          placeholder={t('usernamePlaceholder')}
          className={`${inputClass} mt-2`}
        />
      </div>
      <div>
        <label htmlFor={ids.pass} className="block text-sm font-medium text-slate-800">
          {t('password')}
        </label>
        <div className="relative mt-2">
          <input
            id={ids.pass}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
            }}
            placeholder={t('passwordPlaceholder')}
            className={`${inputClass} pr-11`}
          />
          <button
            type="button"
            onClick={() => {
              setShowPassword((s) => !s);
            }}
            aria-label={showPassword ? t('hidePassword') : t('showPassword')}
            aria-pressed={showPassword}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-700"
          >
            {showPassword ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!hydrated || submitting} aria-busy={submitting}>
        {submitting ? <SpinnerIcon className="size-4 animate-spin" /> : null}
        {submitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
