import { PickupBoard } from '../../../features/kitchen/components/pickup-board';
import { useSearchParams } from '../../../lib/router';

/**
 * `/pickup-board?display=<token>`: the counter screen, open to anyone holding the display's link. Its
 * own small chunk, outside the staff pages (no sign-in, no staff frame): a screen switched on at the
 * counter paints its board as soon as it can (issue 38: it was blank for 3-6 s).
 */
export function PickupBoardPage() {
  const [params] = useSearchParams();
  return <PickupBoard display={params.get('display')?.trim() ?? ''} />;
}
