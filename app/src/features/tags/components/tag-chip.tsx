/** A tag's name with its colour dot. */
export function TagChip({ name, color }: { name: string; color: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
      <span className="inline-block size-2.5 rounded-full" style={{ background: color || '#94A3B8' }} aria-hidden />
      {name}
    </span>
  );
}
