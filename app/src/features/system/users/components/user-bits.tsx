/** Small pieces of the user views: the avatar and the role badges. */
import { Badge } from '@/components/ui/states';
import type { SysUser } from '../../types';

export function Avatar({ user, size = 'sm' }: { user: Pick<SysUser, 'headerImg' | 'nickName' | 'userName'>; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'size-16 text-xl' : 'size-8 text-sm';
  const initial = (user.nickName || user.userName || '?').slice(0, 1).toUpperCase();
  if (user.headerImg && /^(https?:\/\/|\/|data:image\/)/.test(user.headerImg)) {
    return <img src={user.headerImg} alt="" className={`${box} rounded-full object-cover ring-1 ring-slate-200`} loading="lazy" />;
  }
  return (
    <span aria-hidden="true" className={`${box} bg-accent/15 text-accent flex items-center justify-center rounded-full font-semibold`}>
      {initial}
    </span>
  );
}

export function RoleBadges({ user }: { user: SysUser }) {
  const list = user.authorities?.length
    ? user.authorities.map((a) => ({ key: `${a.enterpriseId}-${a.authorityId}`, text: [a.entName, a.authorityName ?? String(a.authorityId)].filter(Boolean).join(' · ') }))
    : user.authority
      ? [{ key: String(user.authority.authorityId), text: user.authority.authorityName }]
      : user.authorityName
        ? [{ key: String(user.authorityId), text: user.authorityName }]
        : [];
  if (list.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {list.map((r) => (
        <Badge key={r.key} tone="blue">
          {r.text}
        </Badge>
      ))}
    </span>
  );
}
