import { useMakeSuggestions } from './api';

/** The makes suggested as one is typed in the input whose `list` is `id`: the common makes and the inventory's. */
export function MakeSuggestions({ id }: { id: string }) {
  const makes = useMakeSuggestions();
  return (
    <datalist id={id}>
      {makes.map((make) => (
        <option key={make} value={make} />
      ))}
    </datalist>
  );
}
