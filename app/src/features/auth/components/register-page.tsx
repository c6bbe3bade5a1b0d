/**
 * /g/register (console-spec §2 "Registration form"): phone, graphic captcha, SMS code (POST /api/base/sendSms),
 * names (display name, real name), country, company, password; POST /api/base/register. Phone messages as console-spec §5 words them.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { BrandMark } from '@/components/layout/brand-mark';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { Button } from '@/components/ui/button';
import { Field, SelectInput, TextInput } from '@/components/ui/fields';
import { QrIcon, RefreshIcon, SpinnerIcon } from '@/components/ui/icons';
import { notify } from '@/lib/feedback';
import { isValidPhone, normalizePhone, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/account-rules';
import { useHydrated } from '@/lib/local-store';
import { paths } from '@/lib/paths';
import { signInAndReload } from '@/lib/session';
import { useCaptcha } from '../api/get-captcha';
import { isLoginData } from '../api/login';
import { useRegister } from '../api/register';
import { useSendSms } from '../api/send-sms';

export const SMS_COOLDOWN_S = 60;
export const COUNTRIES = ['CN', 'HK', 'MO', 'SG', 'MY', 'TH', 'VN', 'ID', 'PH', 'AE', 'US', 'GB', 'DE', 'OTHER'] as const;

type Values = Record<'phone' | 'captcha' | 'code' | 'nickName' | 'realName' | 'country' | 'company' | 'password' | 'confirm', string>;
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { phone: '', captcha: '', code: '', nickName: '', realName: '', country: 'CN', company: '', password: '', confirm: '' };

/** The phone rule of console-spec §5: an absent number is 'not registered', a malformed one 'enter the correct…'. */
export function phoneError(phone: string): 'missing' | 'invalid' | null {
  if (phone.trim() === '') return 'missing';
  return isValidPhone(phone) ? null : 'invalid';
}

export function RegisterPage({ invite }: { invite?: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const base = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [cooldown, setCooldown] = useState(0);
  const captcha = useCaptcha(hydrated);
  const sendSms = useSendSms();
  const register = useRegister();

  useEffect(() => {
    if (cooldown <= 0) return;
    const id = window.setTimeout(() => {
      setCooldown((c) => c - 1);
    }, 1000);
    return () => {
      window.clearTimeout(id);
    };
  }, [cooldown]);

  const set = (name: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const phoneMessage = (phone: string): string | undefined => {
    const e = phoneError(phone);
    return e === 'missing' ? t('register.phoneNotRegistered') : e === 'invalid' ? t('register.phoneInvalid') : undefined;
  };

  async function onSendSms() {
    const phone = phoneMessage(values.phone);
    const cap = values.captcha.trim() ? undefined : t('register.captchaRequired');
    if (phone || cap) {
      setErrors((e) => ({ ...e, phone, captcha: cap }));
      return;
    }
    if (!captcha.data) return;
    try {
      await sendSms.mutateAsync({ phone: normalizePhone(values.phone), captchaId: captcha.data.captchaId, captcha: values.captcha.trim(), purpose: 'register' });
      setCooldown(SMS_COOLDOWN_S);
      notify.success({ text: t('register.smsSent') });
    } catch {
      set('captcha', '');
      captcha.refetch();
    }
  }

  function validate(): Errors {
    const e: Errors = {};
    e.phone = phoneMessage(values.phone);
    if (!/^\d{4,8}$/.test(values.code.trim())) e.code = t('register.codeRequired');
    if (!values.nickName.trim()) e.nickName = t('register.required');
    if (!values.company.trim()) e.company = t('register.required');
    if (values.password.length < PASSWORD_MIN_LENGTH || values.password.length > PASSWORD_MAX_LENGTH) e.password = t('register.passwordShort', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
    if (values.confirm !== values.password) e.confirm = t('register.passwordMismatch');
    return Object.fromEntries(Object.entries(e).filter(([, v]) => v));
  }

  async function submit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    if (register.isPending) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const answer = await register.mutateAsync({
      phone: normalizePhone(values.phone),
      smsCode: values.code.trim(),
      nickName: values.nickName.trim(),
      realName: values.realName.trim(),
      country: values.country,
      company: values.company.trim(),
      password: values.password,
      ...(invite ? { invite } : {}),
    });
    if (typeof answer === 'string' || answer.code !== 0) return;
    if (isLoginData(answer.data)) {
      signInAndReload(answer.data.token, answer.data.user, paths.map);
      return;
    }
    notify.success({ text: t('register.done') });
    void navigate(paths.login);
  }

  const id = (n: keyof Values) => `${base}-${n}`;
  const err = (n: keyof Values) => errors[n];
  const input = (n: keyof Values, props: { type?: string; autoComplete?: string; inputMode?: 'tel' | 'numeric' | 'text'; placeholder?: string } = {}) => (
    <TextInput
      id={id(n)}
      name={n}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete ?? 'off'}
      inputMode={props.inputMode}
      placeholder={props.placeholder}
      value={values[n]}
      aria-invalid={err(n) ? true : undefined}
      aria-describedby={err(n) ? `${id(n)}-error` : undefined}
      onChange={(e) => {
        set(n, e.target.value);
      }}
      className="h-11"
    />
  );

  return (
    <div className="min-h-dvh bg-slate-50">
      <div className="flex h-16 items-center justify-between px-4 sm:px-8">
        <BrandMark to={paths.solution} />
        <LanguageSwitcher />
      </div>
      <main id="main" className="flex justify-center px-4 pb-16">
        <div className="w-full max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('register.heading')}</h1>
          <p className="mt-2 text-sm text-slate-500">{t('register.subheading')}</p>
          <form
            noValidate
            className="mt-8 grid gap-5 md:grid-cols-2"
            onSubmit={(e) => {
              void submit(e);
            }}
          >
            <Field label={t('register.phone')} htmlFor={id('phone')} required error={err('phone')} errorId={`${id('phone')}-error`} className="md:col-span-2">
              {input('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: t('register.phonePlaceholder') })}
            </Field>
            <Field label={t('register.captcha')} htmlFor={id('captcha')} required error={err('captcha')} errorId={`${id('captcha')}-error`} className="md:col-span-2">
              <div className="flex gap-2">
                <div className="min-w-0 flex-1">{input('captcha', { placeholder: t('register.captchaPlaceholder') })}</div>
                <button
                  type="button"
                  onClick={() => {
                    captcha.refetch();
                  }}
                  className="flex h-11 w-32 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200"
                  aria-label={t('register.captchaRefresh')}
                  title={t('register.captchaRefresh')}
                >
                  {captcha.data ? (
                    <img src={captcha.data.picPath} alt="" className="h-full w-full object-contain" />
                  ) : captcha.isError ? (
                    <RefreshIcon className="size-5 text-slate-500" />
                  ) : (
                    <SpinnerIcon className="size-5 animate-spin text-slate-400" />
                  )}
                </button>
              </div>
            </Field>
            <Field label={t('register.code')} htmlFor={id('code')} required error={err('code')} errorId={`${id('code')}-error`} className="md:col-span-2">
              <div className="flex gap-2">
                <div className="min-w-0 flex-1">{input('code', { inputMode: 'numeric', autoComplete: 'one-time-code', placeholder: t('register.codePlaceholder') })}</div>
                <Button
                  variant="secondary"
                  className="h-11 w-32 shrink-0"
                  disabled={!hydrated || cooldown > 0 || sendSms.isPending}
                  onClick={() => {
                    void onSendSms();
                  }}
                >
                  {sendSms.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
                  {cooldown > 0 ? t('register.resendIn', { s: cooldown }) : t('register.sendCode')}
                </Button>
              </div>
            </Field>
            <Field label={t('register.nickName')} htmlFor={id('nickName')} required error={err('nickName')} errorId={`${id('nickName')}-error`}>
              {input('nickName', { autoComplete: 'nickname' })}
            </Field>
            <Field label={t('register.realName')} htmlFor={id('realName')} error={err('realName')} errorId={`${id('realName')}-error`}>
              {input('realName', { autoComplete: 'name' })}
            </Field>
            <Field label={t('register.country')} htmlFor={id('country')} required>
              <SelectInput
                id={id('country')}
                name="country"
                value={values.country}
                onChange={(e) => {
                  set('country', e.target.value);
                }}
                className="h-11"
              >
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`register.countries.${c}`)}
                  </option>
                ))}
              </SelectInput>
            </Field>
            <Field label={t('register.company')} htmlFor={id('company')} required error={err('company')} errorId={`${id('company')}-error`}>
              {input('company', { autoComplete: 'organization' })}
            </Field>
            <Field label={t('register.password')} htmlFor={id('password')} required error={err('password')} errorId={`${id('password')}-error`}>
              {input('password', { type: 'password', autoComplete: 'new-password' })}
            </Field>
            <Field label={t('register.confirm')} htmlFor={id('confirm')} required error={err('confirm')} errorId={`${id('confirm')}-error`}>
              {input('confirm', { type: 'password', autoComplete: 'new-password' })}
            </Field>
            <div className="md:col-span-2">
              <Button type="submit" size="lg" className="w-full" disabled={!hydrated || register.isPending} aria-busy={register.isPending}>
                {register.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
                {register.isPending ? t('register.submitting') : t('register.submit')}
              </Button>
            </div>
          </form>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
            <Link to={paths.login} className="text-brand-700 font-medium hover:underline">
              {t('register.haveAccount')}
            </Link>
            <Link to={paths.login} className="flex items-center gap-1.5 text-slate-600 hover:text-slate-900">
              <QrIcon className="size-4" />
              {t('register.qrLogin')}
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}
