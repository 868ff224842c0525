/**
 * Members chosen by username (`GET /api/coffee/member/select?keyword=`): a merchant may have
 * more members than one list of options holds, so the picker asks the server as the user types.
 * Values keep their labels (labelInValue): a member chosen stays named when another search
 * replaces the options.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../resources/use-ref-options';
import { memberApi } from './member-api';

export interface PickedMember {
  value: string;
  label: string;
}

interface Props {
  id?: string;
  value?: PickedMember[];
  onChange?: (value: PickedMember[]) => void;
}

const TYPING_PAUSE_MS = 300;

export default function MemberPicker({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useQuery({
    queryKey: [...resourceKeys.all('member'), 'find', keyword],
    queryFn: () => memberApi.find(keyword),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return (
    <Select<PickedMember[]>
      id={id}
      mode="multiple"
      labelInValue
      value={value}
      onChange={(picked) =>
        onChange?.(picked.map((p) => ({ value: String(p.value), label: String(p.label) })))
      }
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={options.isFetching}
      options={(options.data ?? []).filter((o) => !o.disabled)}
      placeholder={t('common.pleaseSelect')}
      data-testid="member-picker"
    />
  );
}
