/**
 * The configuration name of a channel: free text, with the names already in use offered as the user
 * types, so that a channel added to an existing configuration gets exactly its name (a configuration
 * is the set of channels sharing one).
 */
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'antd';
import { fetchConfigNames } from './channel-api';
import { configNamesKey } from './query-keys';

export default function ConfigNameInput(props: Record<string, unknown>) {
  const names = useQuery({ queryKey: configNamesKey, queryFn: fetchConfigNames, staleTime: 30_000 });
  const typed = typeof props.value === 'string' ? props.value.toLowerCase() : '';
  const options = (names.data ?? [])
    .filter((name) => name.toLowerCase().includes(typed))
    .map((name) => ({ value: name }));
  return <AutoComplete {...props} options={options} />;
}
