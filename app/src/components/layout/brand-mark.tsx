import { useApp } from '@/lib/app-context';
import { AppLink } from '@/components/ui/app-link';
import { cx } from '@/components/ui/cx';

interface BrandMarkProps {
  to: string;
  tone?: 'dark' | 'light';
  /** Hide the name (collapsed side menu); it stays available to screen readers. */
  compact?: boolean;
  className?: string;
}

/** The brand logo and appName (console-spec §1: both come from the host's brand profile). */
export function BrandMark({ to, tone = 'dark', compact = false, className }: BrandMarkProps) {
  const { brand } = useApp();
  return (
    <AppLink to={to} className={cx('flex min-w-0 items-center gap-2.5 rounded-md', className)}>
      {/* fetchPriority low: otherwise React's server renderer hoists a <link rel=preload> into the #root markup */}
      <img src={brand.appLogo} alt="" width={32} height={32} fetchPriority="low" className="size-8 shrink-0 rounded-md object-contain" />
      <span
        className={cx(
          'truncate text-base font-semibold tracking-tight',
          tone === 'dark' ? 'text-slate-900' : 'text-white',
          compact && 'sr-only',
        )}
      >
        {brand.appName}
      </span>
    </AppLink>
  );
}
