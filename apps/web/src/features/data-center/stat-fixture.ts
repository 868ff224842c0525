/** Answers as the server would give them for a page, for the tests of this folder. */
import {
  COFFEE_QUALITY_LABELS,
  TEA_STRENGTH_LABELS,
  type StatAnswer,
  type StatDimension,
  type StatPage,
} from '@brewfleet/contracts/data-center';
import { measureKind } from './stat-answer';

/** The measures of a page's answer: `qualityMix` is one count per label of the page's kind of drink. */
export function answerMeasures(page: StatPage): string[] {
  return page.measures.flatMap((m) =>
    m === 'qualityMix'
      ? (page.family === 'tea' ? TEA_STRENGTH_LABELS : COFFEE_QUALITY_LABELS).map(
          (label) => `quality:${label}`,
        )
      : [m],
  );
}

function valueOf(measure: string, n: number): StatAnswer['totals'][string] {
  switch (measureKind(measure)) {
    case 'rate':
      return n / 40;
    case 'money':
      return { USD: (n * 12.5).toFixed(2), NPR: (n * 1000.25).toFixed(2) };
    case 'seconds':
      return 30 + n / 2;
    case 'grams':
      return n * 120.5;
    case 'ratio':
      return 15 + n / 10;
    default:
      return n * 10;
  }
}

const KEYS: Partial<Record<StatDimension, [string, string][]>> = {
  day: [
    ['2026-11-20', '2026-11-20'],
    ['2026-11-21', '2026-11-21'],
  ],
  hour: [
    ['2026-11-20T08', '2026-11-20 08:00'],
    ['2026-11-20T09', '2026-11-20 09:00'],
  ],
  hourOfDay: [
    ['8', '8'],
    ['9', '9'],
  ],
  device: [
    ['7', 'Lobby espresso'],
    ['8', 'Pier tea'],
  ],
  // The server names products by their code.
  product: [
    ['LATTE', 'LATTE'],
    ['MOCHA', 'MOCHA'],
  ],
  quality: [
    ['golden-cup', 'golden-cup'],
    ['bitter', 'bitter'],
  ],
  merchantKind: [
    ['chain-brand', 'chain-brand'],
    ['supplier', 'supplier'],
  ],
};

export function answerFor(page: StatPage, by: StatDimension = page.by[0], rows = 2): StatAnswer {
  const measures = answerMeasures(page);
  const keys = KEYS[by] ?? [
    ['11', `${by} one`],
    ['12', `${by} two`],
  ];
  const values = (n: number) => Object.fromEntries(measures.map((m) => [m, valueOf(m, n)]));
  return {
    page: page.name,
    by,
    from: '2026-11-18',
    to: '2026-11-24',
    timeZone: 'Asia/Kathmandu',
    source: 'rollup',
    asOf: '2026-11-24T06:18:05.000Z',
    measures,
    rows: keys.slice(0, rows).map(([key, label], i) => ({ key, label, values: values(i + 1) })),
    offset: 0,
    rowCount: Math.min(rows, keys.length),
    totals: values(3),
  };
}
