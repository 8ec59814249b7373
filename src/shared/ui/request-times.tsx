import { WireTime } from './wire-time';

/**
 * When a request was made and, once staff decided it, when. Each time reads left to right; the pair
 * follows the page's direction, so a right-to-left reader meets the request's time first.
 */
export function RequestTimes({ made, decided }: { made: string; decided: string | undefined }) {
  return <><WireTime value={made} />{decided && <> – <WireTime value={decided} /></>}</>;
}
