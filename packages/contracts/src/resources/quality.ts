/**
 * Extraction quality (issue 17 §3, docs/extraction-quality.md): the profiles cups are judged against
 * and the refractometer readings that calibrate the estimate.
 *
 * A profile without a merchant is the platform's: every merchant reads it, only the platform changes
 * it. Without a model it is for any model, without a product code for any recipe; the most specific
 * one that matches a cup applies. Coffee fields serve espresso and filter profiles, tea fields tea.
 */
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';
import { EXTRACTION_KINDS } from '../extraction-estimate.ts';

/** A percentage or a measure: positive, and below what any cup could show. */
const percent = (opts: { required?: boolean } = {}) => f.number({ min: 0, max: 100, list: false, ...opts });
const measure = (max: number) => f.number({ min: 0, max, list: false });

export const extractionProfileResource = defineResource({
  name: 'extraction-profile',
  table: 'extraction_profile',
  // Read across tenants (the platform's rows are everyone's): the module narrows what each caller sees.
  tenant: 'none',
  permissions: P.extractionProfile,
  hint: 'resources.extraction-profile.hint',
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    name: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    // Empty: the platform's profile (a platform user's choice; a merchant's rows are its own).
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    kind: f.enum(EXTRACTION_KINDS, { required: true, search: 'eq' }),
    deviceModelId: f.ref('device-model', { search: 'eq' }),
    productCode: f.text({ max: 64, search: 'like' }),
    tdsLow: f.number({ min: 0, max: 100 }),
    tdsHigh: f.number({ min: 0, max: 100 }),
    yieldLow: f.number({ min: 0, max: 100 }),
    yieldHigh: f.number({ min: 0, max: 100 }),
    refTimeS: measure(3600),
    refTemperatureC: measure(110),
    refFlowMlPerS: measure(100),
    refYield: percent(),
    refRatio: measure(100),
    retainedWaterGPerG: measure(10),
    teaTarget1S: measure(600),
    teaTarget2S: measure(600),
    teaTarget3S: measure(600),
    teaSegments: f.int({ min: 1, max: 3, list: false }),
    teaUnderShare: measure(10),
    teaOverShare: measure(10),
    leafLowG: measure(100),
    leafHighG: measure(100),
    remarks: f.textarea({ max: 500 }),
  },
});

export const calibrationReadingResource = defineResource({
  name: 'calibration-reading',
  table: 'calibration_reading',
  tenant: 'merchant',
  permissions: P.calibrationReading,
  hint: 'resources.calibration-reading.hint',
  labelField: 'measuredAt',
  defaultSort: '-measuredAt',
  fields: {
    merchantId: f.ref('merchant', { readOnly: true, search: 'eq', list: false }),
    storeId: f.ref('store', { readOnly: true, search: 'eq' }),
    deviceId: f.ref('device', { required: true, createOnly: true, search: 'eq' }),
    deviceModelId: f.ref('device-model', { readOnly: true, search: 'eq', list: false }),
    // The cup measured: its production record, or its event id on the machine (resolved to the record).
    productionRecordId: f.ref('production-record', { createOnly: true, search: 'eq' }),
    eventId: f.text({ virtual: true, max: 64, list: false }),
    // A cup the machine did not report: its dose and extraction time.
    powderG: f.number({ min: 0, max: 40, createOnly: true, list: false }),
    extractionS: f.number({ min: 0, max: 3600, createOnly: true, list: false }),
    measuredTds: f.number({ required: true, min: 0.01, max: 30 }),
    beverageG: f.number({ min: 0, max: 5000 }),
    measuredAt: f.datetime({ search: 'range', sortable: true }),
    // Set by the server: the uncalibrated estimate at the time, the measured yield (with the
    // beverage's weight) and the model's calibration factor once this reading counted.
    estimatedTds: f.number({ readOnly: true }),
    measuredYield: f.number({ readOnly: true }),
    modelFactor: f.number({ readOnly: true }),
    remarks: f.textarea({ max: 500 }),
  },
});
