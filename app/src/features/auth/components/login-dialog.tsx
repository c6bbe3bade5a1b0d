/**
 * The login dialog (console-spec §4): opened by the request layer on code 100 (session gone) or 502, on any page but
 * /login. Signing in here keeps the page: the session is stored, every query refetches (menu, user, the view's
 * data) and the dialog closes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/lib/feedback';
import { paths } from '@/lib/paths';
import { loginDialog, storeSession, useLoginDialogOpen } from '@/lib/session';
import type { LoginData } from '../api/login';
import { LoginForm } from './login-form';

export function LoginDialog() {
  const { t } = useTranslation('login');
  const open = useLoginDialogOpen();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const onSuccess = useCallback(
    (data: LoginData) => {
      storeSession(data.token, data.user);
      loginDialog.close();
      void queryClient.invalidateQueries();
      notify.success({ text: t('dialog.welcomeBack') });
    },
    [queryClient, t],
  );
  const close = useCallback(() => {
    loginDialog.close();
  }, []);
  if (/^\/login(?:\/|$)/i.test(pathname)) return null;
  return (
    <Dialog open={open} onClose={close} title={t('dialog.title')} description={t('dialog.body')} size="sm" testId="login-dialog">
      <LoginForm scope="dialog" onSuccess={onSuccess} />
      <p className="mt-4 text-center text-xs text-slate-500">
        <Link to={`${paths.login}?redirect=${encodeURIComponent(`${pathname}${search}`)}`} onClick={close} className="text-brand-700 hover:underline">
          {t('dialog.fullPage')}
        </Link>
      </p>
    </Dialog>
  );
}
