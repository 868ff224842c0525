/**
 * For tests: the characters of a traditional-Chinese (tw) text that are simplified-only, found with
 * OpenCC's simplified→Taiwan converter. Characters that are standard in Taiwan as they are, though
 * OpenCC prefers a variant, are allowed (台 beside 臺).
 */
import * as OpenCC from 'opencc-js';

const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
const TAIWAN_STANDARD_VARIANTS = new Set(['台']);

export function simplifiedOnlyChars(text: string): string[] {
  return [
    ...new Set(
      [...text].filter(
        (c) => /\p{Script=Han}/u.test(c) && !TAIWAN_STANDARD_VARIANTS.has(c) && toTaiwan(c) !== c,
      ),
    ),
  ];
}
