import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';

/**
 * The end of a staff list's filter form: Apply (the form's submit), Clear when any filter is set,
 * and a spinner while the list refetches.
 */
export function FilterActions({
  apply,
  clear,
  filtered,
  onClear,
  fetching = false,
}: {
  apply: string;
  clear: string;
  filtered: boolean;
  onClear: () => void;
  fetching?: boolean;
}) {
  return (
    <>
      <Button type="submit" size="sm">
        {apply}
      </Button>
      {filtered ? (
        <Button size="sm" variant="ghost" onClick={onClear}>
          {clear}
        </Button>
      ) : null}
      {fetching ? <Spinner className="size-4" label="…" /> : null}
    </>
  );
}
