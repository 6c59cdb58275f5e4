/**
 * Accent-insensitive text search: what the searched text becomes before it meets a `LIKE` over
 * folded columns (lower case, no Spanish accents), with `LIKE`'s wildcards escaped.
 */

/** Lower case (Chilean Spanish) without diacritics: «Núñez» → «nunez». */
const foldText = (text: string): string => text.toLocaleLowerCase('es-CL').normalize('NFD').replace(/\p{Diacritic}/gu, '');

/** `%`, `_` and `\` taken literally by `LIKE`. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A `LIKE` pattern for text contained anywhere in a folded column. */
export const containsPattern = (text: string): string => `%${escapeLike(foldText(text))}%`;
