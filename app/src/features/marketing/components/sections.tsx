/**
 * The sections the marketing pages share (/solution, /truck, /saloon): a dark hero with an illustration, a grid of
 * features, numbered steps, questions and answers, and the closing call to action. Each page passes its own
 * translated texts; the markup and styles live here once.
 */
import type { ComponentType, ReactNode, SVGProps } from 'react';

import { LinkButton } from '@/components/ui/button';
import { ArrowRightIcon } from '@/components/ui/icons';

export type IconType = ComponentType<SVGProps<SVGSVGElement>>;

export interface LinkAction {
  to: string;
  label: string;
  icon?: IconType;
}

export function PageHero({
  eyebrow,
  eyebrowIcon: EyebrowIcon,
  title,
  accent,
  lead,
  primary,
  secondary,
  aside,
}: {
  eyebrow: string;
  eyebrowIcon: IconType;
  title: string;
  accent: string;
  lead: string;
  primary: LinkAction;
  secondary: LinkAction;
  aside: ReactNode;
}) {
  const SecondaryIcon = secondary.icon;
  return (
    <section className="bg-ink-950 relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_80%_20%,rgba(77,112,255,0.35),transparent),radial-gradient(40%_60%_at_10%_90%,rgba(229,72,77,0.18),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:56px_56px]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 md:grid-cols-[1.1fr_1fr] md:py-28 lg:px-8">
        <div>
          <p className="text-brand-300 inline-flex items-center gap-2 rounded-full bg-white/5 px-3 py-1 text-xs font-medium ring-1 ring-white/10">
            <EyebrowIcon className="size-3.5" />
            {eyebrow}
          </p>
          <h1 className="mt-6 text-4xl leading-tight font-bold tracking-tight text-white sm:text-5xl">
            {title}
            <span className="from-brand-300 block bg-gradient-to-r to-sky-300 bg-clip-text text-transparent">{accent}</span>
          </h1>
          <p className="mt-6 max-w-xl text-base leading-7 text-slate-300 sm:text-lg">{lead}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <LinkButton to={primary.to} size="lg">
              {primary.label}
              <ArrowRightIcon className="size-4" />
            </LinkButton>
            <LinkButton to={secondary.to} size="lg" variant="inverse">
              {SecondaryIcon ? <SecondaryIcon className="size-5" /> : null}
              {secondary.label}
            </LinkButton>
          </div>
        </div>
        <div className="flex justify-center md:justify-end">{aside}</div>
      </div>
    </section>
  );
}

export interface GridItem {
  id: string;
  icon: IconType;
  title: string;
  body: string;
  /** Fire and spray items are drawn in red. */
  tone?: 'brand' | 'fire';
}

export function FeatureGrid({ id, heading, lead, items }: { id: string; heading: string; lead: string; items: GridItem[] }) {
  return (
    <section className="bg-slate-50 py-20 sm:py-24" aria-labelledby={id}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900">
            {heading}
          </h2>
          <p className="mt-3 text-base text-slate-600">{lead}</p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {items.map(({ id: itemId, icon: Icon, title, body, tone }) => (
            <li key={itemId} className="group rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md">
              <span
                className={
                  tone === 'fire'
                    ? 'flex size-11 items-center justify-center rounded-xl bg-red-50 text-red-600'
                    : 'bg-brand-50 text-brand-600 flex size-11 items-center justify-center rounded-xl'
                }
              >
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-base font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function StepList({ id, heading, lead, steps }: { id: string; heading: string; lead: string; steps: GridItem[] }) {
  return (
    <section className="bg-white py-20 sm:py-24" aria-labelledby={id}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900">
            {heading}
          </h2>
          <p className="mt-3 text-base text-slate-600">{lead}</p>
        </div>
        <ol className="mt-12 grid gap-8 md:grid-cols-4">
          {steps.map(({ id: stepId, icon: Icon, title, body }, i) => (
            <li key={stepId} className="relative">
              {i < steps.length - 1 ? (
                <span aria-hidden="true" className="from-brand-200 absolute top-6 left-14 hidden h-px w-[calc(100%-3rem)] bg-gradient-to-r to-transparent md:block" />
              ) : null}
              <span className="bg-brand-600 ring-brand-100 flex size-12 items-center justify-center rounded-full text-white shadow-md ring-4">
                <Icon className="size-6" />
              </span>
              <p className="text-brand-600 mt-5 text-xs font-semibold tracking-widest">0{i + 1}</p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** Questions and answers as a description list (readable without JavaScript, and by search engines). */
export function FaqList({ id, heading, items }: { id: string; heading: string; items: { id: string; question: string; answer: string }[] }) {
  return (
    <section className="bg-slate-50 py-20 sm:py-24" aria-labelledby={id}>
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900">
          {heading}
        </h2>
        <dl className="mt-10 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
          {items.map((item) => (
            <div key={item.id} className="px-6 py-5">
              <dt className="text-base font-semibold text-slate-900">{item.question}</dt>
              <dd className="mt-2 text-sm leading-6 text-slate-600">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function CtaBand({ heading, body, primary, secondary }: { heading: string; body: string; primary: LinkAction; secondary: LinkAction }) {
  return (
    <section className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="from-brand-600 to-brand-800 relative isolate overflow-hidden rounded-3xl bg-gradient-to-br px-6 py-14 text-center shadow-xl sm:px-12">
          <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-white/10 blur-2xl" />
          <h2 className="text-3xl font-bold tracking-tight text-white">{heading}</h2>
          <p className="text-brand-100 mx-auto mt-4 max-w-xl text-base">{body}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <LinkButton to={primary.to} size="lg" variant="secondary">
              {primary.label}
              <ArrowRightIcon className="size-4" />
            </LinkButton>
            <LinkButton to={secondary.to} size="lg" variant="inverse">
              {secondary.label}
            </LinkButton>
          </div>
        </div>
      </div>
    </section>
  );
}
