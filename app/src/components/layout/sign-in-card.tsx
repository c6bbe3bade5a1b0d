/** A site page's invitation to sign in first, returning to `back` afterwards (install, cancellation). */
import { LinkButton } from '@/components/ui/button';
import { signInThenBack } from '@/lib/paths';

export function SignInCard({ id, heading, body, action, back }: { id: string; heading: string; body: string; action: string; back: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200" data-testid={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
      <LinkButton to={signInThenBack(back)} size="lg" className="mt-4 w-full sm:w-auto">
        {action}
      </LinkButton>
    </section>
  );
}
