/** In a confirmation: the first five names of the machines an action is about, and how many more. */
export default function SelectedNames({ names }: { names: string[] }) {
  if (!names.length) return null;
  return (
    <p>
      {names.slice(0, 5).join(', ')}
      {names.length > 5 ? ` … (+${names.length - 5})` : ''}
    </p>
  );
}
