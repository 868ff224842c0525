/**
 * The extraction estimate page (features/extraction-estimate): it sends the cup as described (the
 * water as a flow, a water in or a cup volume), shows the figures the server answers — TDS, yield,
 * the SCA label and its region, the profile and calibration — in the console's languages, and puts
 * the cup in its region of the brewing control chart. The answers are what the server computes: the
 * contracts' estimate (the server's own) over the platform's espresso default.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  estimateCoffee,
  type CoffeeQuality,
  type QualityProfile,
  type TrialEstimateAnswer,
} from '@brewfleet/contracts/extraction-estimate';
import { configureClient } from '../../api/client';
import { initI18n, setLanguage } from '../../app/i18n';
import { createFakeXhr, ok, type SentRequest } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import { axisRange, controlChartOption, plottedCup } from './control-chart';
import ExtractionEstimatePage from './ExtractionEstimatePage';

/** The platform's espresso default (docs/extraction-quality.md), calibrated by two readings. */
const PROFILE: QualityProfile = {
  id: '41',
  kind: 'espresso',
  tdsLow: 7.5,
  tdsHigh: 12.5,
  yieldLow: 18,
  yieldHigh: 22,
  refTimeS: 27,
  refTemperatureC: 92.5,
  refFlowMlPerS: 1.6,
  refYield: 20,
  refRatio: 2.68,
  retainedWaterGPerG: 0.7,
  teaTargetsS: [null, null, null],
  teaSegments: null,
  teaUnderShare: null,
  teaOverShare: null,
  leafLowG: null,
  leafHighG: null,
  factor: 1.04,
  readings: 2,
};
/** The documented reference cup: 18 g, a 1.25 ml/s × 4 s soak, 1.6 ml/s × 27 s at 92.5 °C. */
const CUP: CoffeeQuality = {
  soakFlowMlPerS: 1.25,
  soakTimeS: 4,
  extractionFlowMlPerS: 1.6,
  pressureBar: 0,
  temperatureC: 92.5,
  powderG: 18,
  tampingForceN: 0,
  cakeThicknessMm: 0,
  chamberPosition: 0,
  grindDegree1: 0,
  grindDegree2: 0,
};

function answerOf(coffee: CoffeeQuality, extractionS: number): TrialEstimateAnswer {
  const estimate = estimateCoffee(coffee, extractionS, PROFILE);
  return {
    modelName: 'BaristaBot X2',
    profileId: PROFILE.id,
    profileName: 'Espresso (platform default)',
    kind: 'espresso',
    label: null,
    tds: null,
    yield: null,
    waterG: null,
    beverageG: null,
    extractionFlowMlPerS: coffee.extractionFlowMlPerS,
    factor: PROFILE.factor,
    readings: PROFILE.readings,
    tdsLow: PROFILE.tdsLow,
    tdsHigh: PROFILE.tdsHigh,
    yieldLow: PROFILE.yieldLow,
    yieldHigh: PROFILE.yieldHigh,
    ...estimate,
  };
}
const GOOD = answerOf(CUP, 27);

function answer(req: SentRequest) {
  const path = req.url.split('?')[0];
  if (path === '/api/coffee/device/select') return ok([{ value: '7', label: 'Flagship espresso' }]);
  if (path === '/api/coffee/extraction-profile/estimate') {
    const body = req.body as { extractionS: number };
    return ok(body.extractionS === 15 ? answerOf({ ...CUP, extractionFlowMlPerS: 3.75 }, 15) : GOOD);
  }
  return { status: 404, body: { code: 404, msg: 'Not found' } };
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

function renderEstimate() {
  const xhr = createFakeXhr(answer);
  configureClient({ createXhr: xhr.createXhr, getToken: () => 't' });
  renderPage(<ExtractionEstimatePage />);
  return xhr;
}

/** Opens a select by its label and picks the option with this text. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const found = await screen.findAllByText(option);
  fireEvent.click(found[found.length - 1]);
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function describeReferenceCup() {
  await choose('Machine', 'Flagship espresso');
  type('Product code (recipe)', 'LATTE-L');
  type('Dose (g)', '18');
  type('Extraction time (s)', '27');
  type('Extraction flow (ml/s)', '1.6');
  type('Soak flow (ml/s)', '1.25');
  type('Soak time (s)', '4');
  type('Water temperature (°C)', '92.5');
}
const sentEstimates = (xhr: ReturnType<typeof createFakeXhr>) =>
  xhr.sent.filter((r) => r.url.startsWith('/api/coffee/extraction-profile/estimate'));

describe('extraction estimate page', { timeout: 30_000 }, () => {
  it('sends the cup as described and shows the server’s TDS, yield, label, profile and calibration', async () => {
    await setLanguage('en');
    const xhr = renderEstimate();
    expect(await screen.findByText('Extraction estimate')).toBeTruthy();
    await describeReferenceCup();
    fireEvent.click(screen.getByTestId('estimate-calculate'));

    const result = await screen.findByTestId('estimate-result');
    const [sent] = sentEstimates(xhr);
    expect(sent.method).toBe('POST');
    expect(sent.body).toMatchObject({
      deviceId: '7',
      productCode: 'LATTE-L',
      powderG: 18,
      extractionS: 27,
      extractionFlowMlPerS: 1.6,
      soakFlowMlPerS: 1.25,
      soakTimeS: 4,
      temperatureC: 92.5,
    });
    // The reference cup with the model calibrated ×1.04: EY 20.8 %, TDS 10.51 %, still golden.
    expect(GOOD.label).toBe('golden-cup');
    expect(within(result).getByTestId('estimate-tds')).toHaveTextContent(`${GOOD.tds!.toFixed(2)} %`);
    expect(within(result).getByTestId('estimate-tds')).toHaveTextContent('10.51 %');
    expect(within(result).getByTestId('estimate-yield')).toHaveTextContent('20.8 %');
    expect(within(result).getByTestId('estimate-label')).toHaveTextContent(
      'Golden cupStrength medium, extraction ideal (balance)',
    );
    expect(result).toHaveTextContent('48.2 g');
    expect(result).toHaveTextContent('35.6 g');
    expect(within(result).getByTestId('estimate-profile')).toHaveTextContent(
      'Espresso (platform default) (Espresso), model BaristaBot X2',
    );
    expect(within(result).getByTestId('estimate-factor')).toHaveTextContent(
      '×1.040 (2 refractometer readings)',
    );
    expect(result).toHaveTextContent('TDS 7.5–12.5 %, yield 18–22 %');
    const chart = within(result).getByTestId('estimate-chart');
    expect(chart.dataset).toMatchObject({ region: 'golden-cup', tds: '10.51', yield: '20.79' });
    expect(chart).toHaveAttribute('aria-label', 'Brewing control chart: where the cup falls');

    // In traditional Chinese, with traditional characters.
    await act(() => setLanguage('tw'));
    expect(within(screen.getByTestId('estimate-label')).getByText('金杯')).toBeTruthy();
    expect(screen.getByTestId('estimate-label')).toHaveTextContent('濃度中等，萃取理想（平衡）');
    expect(screen.getByTestId('estimate-tds')).toHaveTextContent('10.51 %');
    expect(screen.getByTestId('estimate-factor')).toHaveTextContent('×1.040（2 次折光儀讀數）');
    await act(() => setLanguage('en'));
  });

  it('sends the water in instead of the flow when the water is given so, and places a fast cup in its region', async () => {
    await setLanguage('en');
    const xhr = renderEstimate();
    await choose('Machine', 'Flagship espresso');
    type('Dose (g)', '18');
    type('Extraction time (s)', '15');
    type('Extraction flow (ml/s)', '3.75');
    fireEvent.click(screen.getByText('Water in'));
    // The flow typed is not taken for a water in.
    await waitFor(() => expect(screen.getByLabelText('Water in (g)')).toHaveValue(''));
    type('Water in (g)', '61.3');
    fireEvent.click(screen.getByTestId('estimate-calculate'));
    const result = await screen.findByTestId('estimate-result');
    const [sent] = sentEstimates(xhr);
    expect(sent.body).toMatchObject({ deviceId: '7', powderG: 18, extractionS: 15, waterG: 61.3 });
    // Only what was filled in: the flow is the server's to derive, the soak and temperature its defaults.
    for (const field of ['extractionFlowMlPerS', 'cupG', 'soakFlowMlPerS', 'soakTimeS', 'temperatureC'])
      expect(sent.body, field).not.toHaveProperty(field);
    expect(within(result).getByTestId('estimate-label')).toHaveTextContent(
      'Weak acidStrength weak, extraction under (acid)',
    );
    expect(within(result).getByTestId('estimate-chart').dataset.region).toBe('weak-acid');
  });

  it('asks for the machine, the dose, the time and the water before sending anything', async () => {
    await setLanguage('en');
    const xhr = renderEstimate();
    fireEvent.click(screen.getByTestId('estimate-calculate'));
    // Each field's message shows as its own validation ends.
    expect(await screen.findByText('Please select Machine')).toBeTruthy();
    expect(await screen.findByText('Please enter Dose (g)')).toBeTruthy();
    expect(await screen.findByText('Please enter Extraction flow (ml/s)')).toBeTruthy();
    expect(sentEstimates(xhr)).toHaveLength(0);
  });
});

describe('the brewing control chart', () => {
  it('draws the nine regions around the profile’s golden region and the cup as one point', () => {
    const cup = plottedCup(GOOD)!;
    const regions = Object.fromEntries(
      ['strong-acid', 'strong-balance', 'strong-bitter', 'medium-acid', 'golden-cup', 'bitter']
        .concat(['weak-acid', 'weak-balance', 'weak-bitter'])
        .map((label) => [label, label.toUpperCase()]),
    );
    const option = controlChartOption(cup, { x: 'EY', y: 'TDS', cup: 'cup', regions: regions as never });
    const [series] = option.series;
    expect(series.data).toEqual([[20.79, 10.51]]);
    const areas = series.markArea.data;
    expect(areas).toHaveLength(9);
    const golden = areas.find(([from]) => from.name === 'GOLDEN-CUP')!;
    expect(golden[0]).toMatchObject({ xAxis: 18, yAxis: 7.5 });
    expect(golden[1]).toEqual({ xAxis: 22, yAxis: 12.5 });
    const strongAcid = areas.find(([from]) => from.name === 'STRONG-ACID')!;
    expect(strongAcid[0]).toMatchObject({ xAxis: option.xAxis.min, yAxis: 12.5 });
    expect(strongAcid[1]).toEqual({ xAxis: 18, yAxis: option.yAxis.max });
    // The axes reach a golden width beyond each side, and further to keep a cup outside in sight.
    expect(axisRange(18, 22, 20)).toEqual([14, 26]);
    expect(axisRange(7.5, 12.5, 24.7)).toEqual([2.5, 26]);
    expect(plottedCup({ ...GOOD, label: null, tds: null, yield: null })).toBeNull();
  });
});
