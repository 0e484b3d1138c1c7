/**
 * Where a feed post's "Read more" may go: an http(s) address, or a path of this site
 * ("/our-brands"). Never `javascript:`, `data:` or a protocol-relative `//host`, which a link would
 * run or leave by. (No zod here: the customer's first screen imports this.)
 */
export function isSafeLink(link: string): boolean {
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  return /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i.test(link);
}
