/**
 * person/profile: the signed-in user's card; edit own info (PUT /user/setSelfInfo); change password (POST
 * /user/changePassword); appearance: side mode dark / light / a colour, active and base colour ('set successfully').
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormFields, useForm, type FieldDef } from '@/components/crud/form';
import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { TextInput } from '@/components/ui/fields';
import { CheckIcon, SpinnerIcon, UploadIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useApp } from '@/lib/app-context';
import { notify } from '@/lib/feedback';
import { isValidPhone, normalizePhone, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/account-rules';
import { maskPhone } from '@/lib/format';
import { displayName, type SessionUser } from '@/lib/state';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { ACTIVE_COLORS, DARK_SIDE_COLOR, DEFAULT_BASE_COLOR, isDarkSide, type SideMode, useConsoleSettings } from '@/features/settings';
import { useChangePassword } from '../api/change-password';
import { saveAppearance } from '../api/save-appearance';
import { useSetSelfInfo, type SelfInfo } from '../api/set-self-info';
import { useUploadImage } from '../api/upload-image';

type Tab = 'info' | 'password' | 'appearance';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SIDE_COLORS = ['#1f2937', '#0f3d5e', '#14532d', '#4c1d95'] as const;
const BASE_COLORS = [DEFAULT_BASE_COLOR, '#cbd5e1', '#fde68a', '#bae6fd'] as const;

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

const IMAGE_URL = /^(https?:\/\/|\/|data:image\/)/;

/** The avatar: a URL, filled in by uploading a picture (POST /web/tool/aliyun/uploading) or typed. */
function AvatarField({ id, value, onChange, invalid, describedBy }: { id: string; value: string; onChange: (v: string) => void; invalid: boolean; describedBy?: string }) {
  const { t } = useTranslation('account');
  const upload = useUploadImage();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex items-center gap-3">
      {IMAGE_URL.test(value) ? (
        <img src={value} alt="" className="size-10 shrink-0 rounded-full object-cover ring-1 ring-slate-200" data-testid="avatar-preview" />
      ) : (
        <span aria-hidden="true" className="size-10 shrink-0 rounded-full bg-slate-100 ring-1 ring-slate-200" />
      )}
      <TextInput
        id={id}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={t('profile.avatarPlaceholder')}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        className="min-w-0 flex-1"
      />
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-upload-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          void upload
            .mutateAsync(file)
            .then((saved) => {
              onChange(saved.url);
            })
            .catch(() => undefined)
            .finally(() => {
              if (input.current) input.current.value = '';
            });
        }}
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={upload.isPending}
        aria-busy={upload.isPending}
        onClick={() => {
          input.current?.click();
        }}
      >
        {upload.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : <UploadIcon className="size-4" />}
        {t('profile.uploadAvatar')}
      </Button>
    </div>
  );
}

function InfoForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const save = useSetSelfInfo();
  const form = useForm<SelfInfo>({ nickName: str(user.nickName), headerImg: str(user.headerImg), phone: str(user.phone), email: str(user.email) });
  const fields: FieldDef<SelfInfo>[] = [
    { name: 'nickName', label: t('profile.nickName'), type: 'text', required: true, maxLength: 64 },
    { name: 'phone', label: t('profile.phone'), type: 'tel', validate: (v) => (typeof v === 'string' && v.trim() !== '' && !isValidPhone(v) ? t('profile.phoneInvalid') : null) },
    { name: 'email', label: t('profile.email'), type: 'email', pattern: { re: EMAIL, message: t('profile.emailInvalid') } },
    {
      name: 'headerImg',
      label: t('profile.avatar'),
      type: 'custom',
      wide: true,
      render: ({ id, value, onChange, invalid, describedBy }) => <AvatarField id={id} value={typeof value === 'string' ? value : ''} onChange={onChange} invalid={invalid} describedBy={describedBy} />,
      validate: (v) => (typeof v === 'string' && v.trim() !== '' && !IMAGE_URL.test(v.trim()) ? t('profile.avatarInvalid') : null),
    },
  ];
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!form.validate(fields)) return;
    const v = form.values;
    void save.mutateAsync({ nickName: v.nickName.trim(), headerImg: v.headerImg.trim(), phone: normalizePhone(v.phone.trim()), email: v.email.trim() }).catch(() => undefined);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-5" data-testid="profile-info">
      <FormFields fields={fields} form={form} />
      <Button type="submit" variant="accent" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
        {t('profile.save')}
      </Button>
    </form>
  );
}

interface PasswordValues { password: string; newPassword: string; confirm: string }

function PasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<PasswordValues>({ password: '', newPassword: '', confirm: '' });
  const fields: FieldDef<PasswordValues>[] = [
    { name: 'password', label: t('profile.oldPassword'), type: 'password', required: true, autoComplete: 'current-password' },
    { name: 'newPassword', label: t('profile.newPassword'), type: 'password', required: true, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, autoComplete: 'new-password' },
    {
      name: 'confirm',
      label: t('profile.confirmPassword'),
      type: 'password',
      required: true,
      autoComplete: 'new-password',
      validate: (v, values) => (v === values.newPassword ? null : t('profile.passwordMismatch')),
    },
  ];
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!form.validate(fields)) return;
    void change
      .mutateAsync({ password: form.values.password, newPassword: form.values.newPassword })
      .then(() => {
        form.reset({ password: '', newPassword: '', confirm: '' });
      })
      .catch(() => undefined);
  };
  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-5" data-testid="profile-password">
      <FormFields fields={fields} form={form} columns={1} />
      <Button type="submit" variant="accent" disabled={change.isPending} aria-busy={change.isPending}>
        {change.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
        {t('profile.changePassword')}
      </Button>
    </form>
  );
}

function Swatch({ color, checked, label, onPick, name }: { color: string; checked: boolean; label: string; onPick: () => void; name: string }) {
  return (
    <label title={label} className="relative flex size-9 cursor-pointer items-center justify-center rounded-full ring-1 ring-slate-300 ring-offset-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-slate-900" style={{ backgroundColor: color }}>
      <input type="radio" name={name} value={color} checked={checked} aria-label={label} onChange={onPick} className="sr-only" />
      {checked ? <CheckIcon className={cx('size-4', color.toLowerCase() === '#ffffff' ? 'text-slate-900' : 'text-white')} /> : null}
    </label>
  );
}

function AppearanceForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const settings = useConsoleSettings(user);
  const persist = (next: { sideMode?: SideMode; activeColor?: string; baseColor?: string }) => {
    if (next.sideMode) settings.setSideMode(next.sideMode);
    if (next.activeColor) settings.setActiveColor(next.activeColor);
    if (next.baseColor) settings.setBaseColor(next.baseColor);
    notify.success({ text: t('profile.setSuccessfully') });
    void saveAppearance({
      sideMode: next.sideMode ?? settings.sideMode,
      activeColor: next.activeColor ?? settings.activeColor,
      baseColor: next.baseColor ?? settings.baseColor,
    });
  };
  const modes: { id: 'dark' | 'light'; mode: SideMode; swatch: string }[] = [
    { id: 'dark', mode: 'dark', swatch: DARK_SIDE_COLOR },
    { id: 'light', mode: 'light', swatch: '#ffffff' },
  ];
  const custom = settings.sideMode !== 'dark' && settings.sideMode !== 'light';
  return (
    <div className="space-y-8" data-testid="profile-appearance">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('profile.sideMode')}</legend>
        <div className="mt-3 flex flex-wrap gap-3">
          {modes.map((m) => {
            const checked = settings.sideMode === m.mode;
            return (
              <label key={m.id} className={cx('flex w-28 cursor-pointer flex-col gap-2 rounded-xl border p-2 has-[:focus-visible]:outline-2', checked ? 'border-accent ring-accent ring-1' : 'border-slate-200 hover:border-slate-300')}>
                <input
                  type="radio"
                  name="profile-side-mode"
                  checked={checked}
                  onChange={() => {
                    persist({ sideMode: m.mode });
                  }}
                  className="sr-only"
                />
                <span className="flex h-12 overflow-hidden rounded-lg border border-slate-200" aria-hidden="true">
                  <span className="w-1/3" style={{ backgroundColor: m.swatch }} />
                  <span className="flex-1 bg-slate-100" />
                </span>
                <span className="px-1 text-sm text-slate-700">{t(`profile.mode.${m.id}`)}</span>
              </label>
            );
          })}
        </div>
        <div className="mt-4">
          <p className="text-sm text-slate-600">{t('profile.mode.color')}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            {SIDE_COLORS.map((c) => (
              <Swatch
                key={c}
                name="profile-side-color"
                color={c}
                checked={custom && settings.sideMode.toLowerCase() === c}
                label={t('profile.sideColor', { color: c })}
                onPick={() => {
                  persist({ sideMode: c });
                }}
              />
            ))}
          </div>
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('profile.activeColor')}</legend>
        <div className="mt-3 flex flex-wrap gap-3">
          {ACTIVE_COLORS.map((c) => (
            <Swatch
              key={c.id}
              name="profile-active-color"
              color={c.value}
              checked={settings.activeColor.toLowerCase() === c.value.toLowerCase()}
              label={t('profile.colorValue', { color: c.value })}
              onPick={() => {
                persist({ activeColor: c.value });
              }}
            />
          ))}
        </div>
      </fieldset>
      <fieldset disabled={!isDarkSide(settings.sideMode)} className="disabled:opacity-50">
        <legend className="text-sm font-semibold text-slate-900">{t('profile.baseColor')}</legend>
        <p className="mt-1 text-xs text-slate-500">{t('profile.baseColorHint')}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          {BASE_COLORS.map((c) => (
            <Swatch
              key={c}
              name="profile-base-color"
              color={c}
              checked={settings.baseColor.toLowerCase() === c}
              label={t('profile.colorValue', { color: c })}
              onPick={() => {
                persist({ baseColor: c });
              }}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export default function ProfileView({ route }: MenuViewProps) {
  const { t } = useTranslation('account');
  const { user, lang } = useApp();
  const [tab, setTab] = useState<Tab>('info');
  if (!user) return null;
  const name = displayName(user) ?? str(user.userName);
  const authority = user.authority as { authorityName?: string } | undefined;
  return (
    <ViewPage title={menuTitle(route, lang)}>
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        <Panel className="flex flex-col items-center p-6 text-center">
          {str(user.headerImg) && /^(https?:\/\/|\/|data:image\/)/.test(str(user.headerImg)) ? (
            <img src={str(user.headerImg)} alt="" className="size-20 rounded-full object-cover ring-1 ring-slate-200" />
          ) : (
            <span aria-hidden="true" className="bg-accent/15 text-accent flex size-20 items-center justify-center rounded-full text-2xl font-semibold">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <h3 className="mt-4 text-base font-semibold text-slate-900" data-testid="profile-name">
            {name}
          </h3>
          <p className="text-sm text-slate-500">{str(user.userName)}</p>
          {authority?.authorityName ? (
            <div className="mt-3">
              <Badge tone="blue">{authority.authorityName}</Badge>
            </div>
          ) : null}
          <dl className="mt-6 w-full space-y-2 text-left text-sm">
            <div className="flex justify-between gap-2">
              <dt className="text-slate-500">{t('profile.phone')}</dt>
              <dd className="text-slate-800 tabular-nums">{maskPhone(str(user.phone)) || '—'}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-slate-500">{t('profile.email')}</dt>
              <dd className="truncate text-slate-800">{str(user.email) || '—'}</dd>
            </div>
          </dl>
        </Panel>
        <Panel className="p-4 md:p-6">
          <Tabs
            idPrefix="profile"
            label={t('profile.tabs')}
            value={tab}
            onChange={setTab}
            tabs={[
              { id: 'info', label: t('profile.info') },
              { id: 'password', label: t('profile.password') },
              { id: 'appearance', label: t('profile.appearance') },
            ]}
          />
          <TabPanel idPrefix="profile" id="info" active={tab === 'info'} className="pt-5">
            <InfoForm user={user} />
          </TabPanel>
          <TabPanel idPrefix="profile" id="password" active={tab === 'password'} className="pt-5">
            <PasswordForm />
          </TabPanel>
          <TabPanel idPrefix="profile" id="appearance" active={tab === 'appearance'} className="pt-5">
            <AppearanceForm user={user} />
          </TabPanel>
        </Panel>
      </div>
    </ViewPage>
  );
}
