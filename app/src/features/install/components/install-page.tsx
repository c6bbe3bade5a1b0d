/**
 * /install, for installers in the field on a phone. Signed out (or as the automatic visitor): the procedure and a
 * sign-in that comes back here. Signed in: find a vehicle by plate, check its receiver and the sensor bound at each
 * wheel position, and mark its installation state. A page of the public site (no console data layer): its calls go
 * through the request layer with the stored token (docs/site-pages.md "/install").
 */
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { SignInCard } from '@/components/layout/sign-in-card';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/fields';
import { ChevronRightIcon, SearchIcon, WrenchIcon } from '@/components/ui/icons';
import { Badge, ErrorState } from '@/components/ui/states';
import type { VehicleRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { paths } from '@/lib/paths';
import { isVisitorUser } from '@/lib/session';
import { displayName } from '@/lib/state';
import { SEARCH_LIMIT, useVehicleSearch } from '../api/search-vehicles';
import { Procedure } from './procedure';
import { VehicleInstall } from './vehicle-install';

const STATE_TONES = { 0: 'slate', 1: 'green', 2: 'amber' } as const;

export function InstallPage() {
  const { t } = useTranslation('site');
  const { user } = useApp();
  const signedIn = user !== null && !isVisitorUser(user);
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-10 sm:px-6 sm:py-14">
        <header>
          <p className="text-brand-600 inline-flex items-center gap-2 text-sm font-semibold">
            <WrenchIcon className="size-4" />
            {signedIn ? t('install.signedInAs', { name: displayName(user) ?? '' }) : t('common.installation')}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t('install.heading')}</h1>
          <p className="mt-3 text-base leading-7 text-slate-600">{t('install.lead')}</p>
        </header>
        {signedIn ? <InstallTool /> : <SignInCard id="install-signin" heading={t('install.signIn.heading')} body={t('install.signIn.body')} action={t('install.signIn.action')} back={paths.install} />}
        <Procedure />
      </div>
    </div>
  );
}

function InstallTool() {
  const { t } = useTranslation('site');
  const search = useVehicleSearch();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<VehicleRow | null>(null);
  const [rows, setRows] = useState<VehicleRow[] | null>(null);

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const k = keyword.trim();
    if (!k) return;
    setPicked(null);
    const page = await search.run(k);
    setRows(page ? page.list : null);
  };

  if (picked) {
    return (
      <VehicleInstall
        vehicle={picked}
        onBack={() => {
          setPicked(null);
        }}
        onChanged={(v) => {
          setPicked(v);
          setRows((list) => list?.map((r) => (r.carId === v.carId ? v : r)) ?? null);
        }}
      />
    );
  }

  const total = search.data?.total ?? 0;
  return (
    <section aria-labelledby="install-search" className="space-y-4" data-testid="install-tool">
      <h2 id="install-search" className="text-xl font-bold tracking-tight text-slate-900">
        {t('install.search.heading')}
      </h2>
      <form role="search" onSubmit={(e) => void submit(e)} className="flex items-end gap-2">
        <Field label={t('install.search.label')} htmlFor="install-keyword" className="min-w-0 flex-1">
          <TextInput
            id="install-keyword"
            type="search"
            inputMode="search"
            autoComplete="off"
            autoCapitalize="characters"
            placeholder={t('install.search.placeholder')}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.target.value);
            }}
            className="h-12 text-base"
          />
        </Field>
        <Button type="submit" size="lg" disabled={search.running || keyword.trim() === ''} className="h-12">
          <SearchIcon className="size-5" />
          {t('install.search.submit')}
        </Button>
      </form>
      {search.error ? <ErrorState message={search.error.message} className="py-6" /> : null}
      {rows === null && !search.error ? <p className="text-sm text-slate-500">{t('install.search.hint')}</p> : null}
      {rows !== null && rows.length === 0 ? <p className="text-sm text-slate-600">{t('install.search.empty')}</p> : null}
      {rows !== null && rows.length > 0 ? (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200" data-testid="install-results">
            {rows.map((v) => {
              const state = v.installState === 1 || v.installState === 2 ? v.installState : 0;
              return (
                <li key={v.carId}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 px-4 py-4 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                    onClick={() => {
                      setPicked(v);
                    }}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block text-base font-semibold text-slate-900">{v.plate}</span>
                      <span className="block truncate text-xs text-slate-500">{[v.entName, v.imei].filter(Boolean).join(' · ')}</span>
                    </span>
                    <Badge tone={STATE_TONES[state]}>{t(`install.state.${state}`)}</Badge>
                    <ChevronRightIcon className="size-5 shrink-0 text-slate-400" />
                  </button>
                </li>
              );
            })}
          </ul>
          {total > rows.length ? <p className="text-sm text-slate-500">{t('install.search.more', { total, shown: Math.min(rows.length, SEARCH_LIMIT) })}</p> : null}
        </>
      ) : null}
    </section>
  );
}
