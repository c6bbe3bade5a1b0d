/** The Sign-ins tab of superAdmin/operation: every attempt to sign in, failures included, by name, address, outcome and date. Read-only. */
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { Panel } from '@/components/crud/view';
import { Badge } from '@/components/ui/states';
import { formatDateTime, orUndefined } from '@/lib/format';
import { SIGN_IN_METHODS, SIGN_IN_RESULTS, type SignInMethod, type SignInRecord, type SignInResult } from '../../types';
import { getSignInRecords, signInRecordsKey, type SignInListParams } from '../api/get-sign-in-records';

type Filters = Omit<SignInListParams, 'page' | 'pageSize'>;

/** The method when it is one the server names (then it has a label), else null. */
export function asSignInMethod(method: string): SignInMethod | null {
  return SIGN_IN_METHODS.find((m) => m === method) ?? null;
}

/** The outcome when it is one the server names (then it has a label), else null. */
export function asSignInResult(result: string): SignInResult | null {
  return SIGN_IN_RESULTS.find((r) => r === result) ?? null;
}

/** Green for a successful sign-in, red for every refusal or failure. */
export function signInTone(result: string): 'green' | 'red' {
  return result === 'ok' ? 'green' : 'red';
}

/** The account as shown: the display name first, and the name given below it when that differs. */
export function signInAccount(r: Pick<SignInRecord, 'username' | 'nickName'>): { name: string; detail: string | null } {
  const nick = r.nickName?.trim() ?? '';
  const user = r.username.trim();
  if (!nick) return { name: user || '—', detail: null };
  return { name: nick, detail: user && user !== nick ? user : null };
}

export function SignInRecords({ title }: { title: string }) {
  const { t } = useTranslation('system');
  const methodLabel = (method: string) => {
    const known = asSignInMethod(method);
    return known ? t(`operations.signIns.methods.${known}`) : method || '—';
  };
  const resultLabel = (result: string) => {
    const known = asSignInResult(result);
    return known ? t(`operations.signIns.results.${known}`) : result || '—';
  };
  const records = useResource<SignInRecord, Filters, object, number>({
    title: `${title} · ${t('operations.tabs.signIns')}`,
    testId: 'sign-in',
    queryKey: signInRecordsKey,
    fetchPage: getSignInRecords,
    toParams: (v) => ({
      username: orUndefined(v.username?.trim()),
      ip: orUndefined(v.ip?.trim()),
      result: orUndefined(v.result),
      startTime: orUndefined(v.startTime),
      endTime: orUndefined(v.endTime),
    }),
    searchFields: [
      { name: 'username', label: t('operations.signIns.username') },
      { name: 'ip', label: 'IP' },
      {
        name: 'result',
        label: t('operations.signIns.result'),
        type: 'select',
        options: SIGN_IN_RESULTS.map((r) => ({ value: r, label: t(`operations.signIns.results.${r}`) })),
      },
      { name: 'startTime', label: t('operations.startTime'), type: 'date' },
      { name: 'endTime', label: t('operations.endTime'), type: 'date' },
    ],
    columns: [
      { key: 'time', header: t('operations.signIns.time'), primary: true, cell: (r) => <span className="tabular-nums">{formatDateTime(r.CreatedAt)}</span> },
      {
        key: 'account',
        header: t('operations.signIns.account'),
        cell: (r) => {
          const { name, detail } = signInAccount(r);
          return (
            <div className="min-w-0">
              <div>{name}</div>
              {detail ? <div className="text-xs text-slate-500">{detail}</div> : null}
            </div>
          );
        },
      },
      { key: 'method', header: t('operations.signIns.method'), cell: (r) => methodLabel(r.method) },
      {
        key: 'result',
        header: t('operations.signIns.result'),
        cell: (r) => <Badge tone={signInTone(r.result)}>{resultLabel(r.result)}</Badge>,
      },
      { key: 'ip', header: 'IP', cell: (r) => <span className="font-mono text-xs">{r.ip || '—'}</span> },
      {
        key: 'agent',
        header: t('operations.signIns.browser'),
        cell: (r) =>
          r.agent ? (
            <span className="block max-w-xs truncate text-xs text-slate-500" title={r.agent}>
              {r.agent}
            </span>
          ) : (
            <span className="text-slate-400">—</span>
          ),
      },
    ],
    rowKey: (r) => r.ID,
    rowLabel: (r) => r.username,
    texts: { search: t('operations.signIns.search'), loadFailed: t('common.loadFailed') },
  });
  return (
    <div className="space-y-4">
      <Panel className="p-4">{records.search}</Panel>
      <Panel>
        {records.table}
        <div className="px-3">{records.pager}</div>
      </Panel>
    </div>
  );
}
