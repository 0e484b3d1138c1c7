import { useCallback, useState } from 'react';

/** Which rows of a table are expanded: the open ids, and a toggle for one id. */
export function useToggleSet<T>() {
  const [open, setOpen] = useState<ReadonlySet<T>>(new Set());
  const toggle = useCallback(
    (id: T) =>
      setOpen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return [open, toggle] as const;
}
