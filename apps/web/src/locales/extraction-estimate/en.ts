/**
 * English texts of the extraction estimate (issue 17 §3): the data center's calculator of one cup's
 * strength, yield and label (docs/extraction-quality.md). The labels are `dataCenter.quality.*`.
 */
export const extractionEstimateEn = {
  screens: {
    extractionEstimate: {
      title: 'Extraction estimate',
      intro:
        'Describe one cup as a coffee machine reports it and see what the data center would make of it: the estimated strength (TDS) and extraction yield, their SCA label and where the cup falls on the brewing control chart. The machine’s merchant, model and the recipe choose the profile and the calibration, as for its real cups. Nothing is stored.',
      fields: {
        deviceId: 'Machine',
        productCode: 'Product code (recipe)',
        powderG: 'Dose (g)',
        extractionS: 'Extraction time (s)',
        volumeBy: 'The water, given as',
        extractionFlowMlPerS: 'Extraction flow (ml/s)',
        waterG: 'Water in (g)',
        cupG: 'Cup volume (g)',
        soakFlowMlPerS: 'Soak flow (ml/s)',
        soakTimeS: 'Soak time (s)',
        temperatureC: 'Water temperature (°C)',
      },
      volumeBy: { flow: 'Flow', water: 'Water in', cup: 'Cup volume' },
      chooseMachine: 'Choose a coffee machine',
      anyRecipe: 'Empty: any recipe',
      referenceTemperature: 'Empty: the profile’s reference',
      noSoak: 'Empty: no soak',
      calculate: 'Estimate',
      result: {
        tds: 'Estimated TDS',
        yield: 'Estimated extraction yield',
        label: 'SCA label',
        region: 'Strength {{strength}}, extraction {{extraction}}',
        waterG: 'Water in',
        beverageG: 'Cup volume',
        flow: 'Extraction flow',
        profile: 'Judged by',
        profileOf: '{{profile}} ({{kind}}), model {{model}}',
        golden: 'Golden cup of this profile',
        goldenRange: 'TDS {{tdsLow}}–{{tdsHigh}} %, yield {{yieldLow}}–{{yieldHigh}} %',
        factor: 'Calibration factor',
        factorOf: '×{{factor}} ({{count}} refractometer readings)',
        uncalibrated: '×1 (no refractometer readings yet)',
        noProfile: 'No extraction profile applies to this machine and recipe: its cups are not labelled.',
        noEstimate:
          'These readings give no estimate: check that the water is more than the soak and the cake take.',
      },
      strength: { strong: 'strong', medium: 'medium', weak: 'weak' },
      extraction: { acid: 'under (acid)', balance: 'ideal (balance)', bitter: 'over (bitter)' },
      chart: {
        title: 'Brewing control chart: where the cup falls',
        x: 'Extraction yield (%)',
        y: 'TDS (%)',
        cup: 'This cup',
      },
      units: { g: 'g', s: 's', percent: '%', flow: 'ml/s' },
    },
  },
};
