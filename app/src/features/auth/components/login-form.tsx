/**
 * Username + password sign-in (POST /api/base/login), shared by the login page and the login dialog. While the call
 * is in flight the button says 'logging in, please wait' (console-spec §5). When the server refuses with code 7 and
 * `data.needCaptcha`, a graphic captcha (POST /api/base/captcha) appears and is sent with the next try.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/fields';
import { AlertIcon, EyeIcon, EyeOffIcon, RefreshIcon, SpinnerIcon } from '@/components/ui/icons';
import { useHydrated } from '@/lib/local-store';
import { useCaptcha } from '../api/get-captcha';
import { isLoginData, login, type LoginData, type LoginRefusal } from '../api/login';

interface LoginFormProps {
  /** Called with the session once the server accepted the credentials. */
  onSuccess: (data: LoginData) => void;
  /** The dialog focuses its first field when it opens. */
  scope: 'page' | 'dialog';
  /** Keep the busy state after success (the page navigates away). */
  stayBusyOnSuccess?: boolean;
}

const inputClass = `${controlClass} h-11 px-3.5`;

function needsCaptcha(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as LoginRefusal).needCaptcha === true;
}

export function LoginForm({ onSuccess, scope, stayBusyOnSuccess = false }: LoginFormProps) {
  const { t } = useTranslation('login');
  const hydrated = useHydrated();
  const base = useId();
  const ids = { user: `${base}-user`, pass: `${base}-pass`, captcha: `${base}-captcha`, error: `${base}-error` };
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [captchaOn, setCaptchaOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const captchaPicture = useCaptcha(captchaOn);
  const busy = pending || done;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setError(t('required'));
      return;
    }
    if (captchaOn && !captcha.trim()) {
      setError(t('captchaRequired'));
      return;
    }
    setError(null);
    setPending(true);
    const answer = await login({
      type: 'system',
      username: username.trim(),
      password,
      ...(captchaOn && captchaPicture.data ? { captcha: captcha.trim(), captchaId: captchaPicture.data.captchaId } : {}),
    });
    setPending(false);
    if (typeof answer !== 'string' && answer.code === 0 && isLoginData(answer.data)) {
      if (stayBusyOnSuccess) setDone(true);
      onSuccess(answer.data);
      return;
    }
    // a refusal: the request layer has shown the server's message; ask for a captcha if told to
    if (typeof answer !== 'string' && needsCaptcha(answer.data)) {
      setCaptcha('');
      if (captchaOn) captchaPicture.refetch();
      else setCaptchaOn(true);
    } else if (typeof answer !== 'string' && answer.code < 0) {
      setError(t('networkError'));
    }
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
          data-autofocus={scope === 'dialog' ? true : undefined}
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
      {captchaOn ? (
        <div>
          <label htmlFor={ids.captcha} className="block text-sm font-medium text-slate-800">
            {t('captcha')}
          </label>
          <div className="mt-2 flex gap-2">
            <input
              id={ids.captcha}
              name="captcha"
              type="text"
              inputMode="text"
              autoComplete="off"
              required
              maxLength={captchaPicture.data?.captchaLength ?? 8}
              value={captcha}
              onChange={(e) => {
                setCaptcha(e.target.value);
              }}
              placeholder={t('captchaPlaceholder')}
              className={`${inputClass} min-w-0 flex-1`}
              data-autofocus
            />
            <button
              type="button"
              onClick={captchaPicture.refetch}
              className="relative flex h-11 w-32 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200"
              aria-label={t('captchaRefresh')}
              title={t('captchaRefresh')}
            >
              {captchaPicture.data ? (
                <img src={captchaPicture.data.picPath} alt="" className="h-full w-full object-contain" data-testid="captcha-image" />
              ) : captchaPicture.isError ? (
                <RefreshIcon className="size-5 text-slate-500" />
              ) : (
                <SpinnerIcon className="size-5 animate-spin text-slate-400" />
              )}
            </button>
          </div>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={!hydrated || busy} aria-busy={busy}>
        {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
        {busy ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
