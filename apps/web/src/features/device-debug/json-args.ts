/**
 * The arguments of a preset command are typed as JSON text. This reads the text the way the save
 * will (JSON.parse) and, when it fails, says where: browsers report a character offset (or nothing
 * useful), people look for a line and a column.
 */
export type JsonCheck =
  | { state: 'empty' }
  | { state: 'valid'; value: unknown; isObject: boolean }
  | { state: 'invalid'; line: number | null; column: number | null };

/** Line and column (1-based) of a character offset in the text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** V8 says "… at position 12 (line 2 column 5)", Firefox "… at line 2 column 5 of the JSON data". */
function errorPlace(message: string, text: string): { line: number; column: number } | null {
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  if (lineCol) return { line: Number(lineCol[1]), column: Number(lineCol[2]) };
  const position = /position (\d+)/.exec(message);
  if (position) return lineAndColumn(text, Number(position[1]));
  // "Unexpected end of JSON input": the text stops too early.
  if (/end of (JSON|data)/i.test(message)) return lineAndColumn(text, text.length);
  return null;
}

export function checkJson(text: string | undefined | null): JsonCheck {
  if (!text || !text.trim()) return { state: 'empty' };
  try {
    const value: unknown = JSON.parse(text);
    return {
      state: 'valid',
      value,
      isObject: typeof value === 'object' && value !== null && !Array.isArray(value),
    };
  } catch (error) {
    const place = errorPlace(String((error as Error).message), text);
    return { state: 'invalid', line: place?.line ?? null, column: place?.column ?? null };
  }
}

/** The text re-indented, or unchanged when it does not parse (formatting must never lose typing). */
export function formatJson(text: string): string {
  const checked = checkJson(text);
  return checked.state === 'valid' ? JSON.stringify(checked.value, null, 2) : text;
}
