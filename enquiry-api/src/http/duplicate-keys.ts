import { type AnyNode, parse } from '@humanwhocodes/momoa';

/**
 * The first key that an object of `text` (valid JSON) names twice, as a path (`events[0].kind`), or null.
 * JSON.parse keeps the last of two equal keys without a word, so a body could show one value to a checker and
 * another to the code; the syntax tree shows every member, with escapes already decoded ("\u0061" is "a").
 */
export function firstDuplicateKey(text: string): string | null {
  return duplicateIn(parse(text, { mode: 'json' }).body, '');
}

function duplicateIn(node: AnyNode, path: string): string | null {
  if (node.type === 'Array') {
    for (const [index, element] of node.elements.entries()) {
      const found = duplicateIn(element.value, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (node.type !== 'Object') return null;
  const seen = new Set<string>();
  for (const member of node.members) {
    const key = member.name.type === 'String' ? member.name.value : member.name.name;
    const memberPath = path ? `${path}.${key}` : key;
    if (seen.has(key)) return memberPath;
    seen.add(key);
    const found = duplicateIn(member.value, memberPath);
    if (found) return found;
  }
  return null;
}
