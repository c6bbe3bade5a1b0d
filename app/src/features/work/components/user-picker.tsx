/** Picks a member who may be assigned (`user_search`): a search box and the matches as a select. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SelectInput, TextInput } from '@/components/ui/fields';
import { useUserSearch } from '../api/search-users';

interface UserPickerProps {
  id: string;
  value: number | null;
  /** The chosen user's name when it is not among the matches (an order's assignee). */
  currentName?: string;
  onChange: (id: number | null, name: string) => void;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}

export function personName(p: { nickName: string; username: string }): string {
  return p.nickName.trim() !== '' ? `${p.nickName} (${p.username})` : p.username;
}

export function UserPicker({ id, value, currentName, onChange, invalid, describedBy, testId = 'user-picker' }: UserPickerProps) {
  const { t } = useTranslation('work');
  const [keyword, setKeyword] = useState('');
  const users = useUserSearch({ keyword: keyword.trim() || undefined, page: 1, pageSize: 50 });
  const list = users.data?.list ?? [];
  const known = value === null || list.some((u) => u.id === value);
  return (
    <div className="flex flex-col gap-2 sm:flex-row" data-testid={testId}>
      <TextInput
        type="search"
        aria-label={t('people.search')}
        placeholder={t('people.search')}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
        }}
        className="sm:w-40"
      />
      <SelectInput
        id={id}
        value={value === null ? '' : String(value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const picked = list.find((u) => String(u.id) === e.target.value);
          onChange(picked ? picked.id : null, picked ? personName(picked) : '');
        }}
        className="min-w-0 sm:flex-1"
      >
        <option value="">{t('people.nobody')}</option>
        {known ? null : <option value={String(value)}>{currentName ?? `#${String(value)}`}</option>}
        {list.map((u) => (
          <option key={u.id} value={String(u.id)}>
            {personName(u)}
          </option>
        ))}
      </SelectInput>
    </div>
  );
}
