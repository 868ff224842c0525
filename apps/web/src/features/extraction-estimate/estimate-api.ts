/** The calculator's one call: `POST /api/coffee/extraction-profile/estimate` (nothing is stored). */
import type { TrialEstimateAnswer, TrialEstimateBody } from '@brewfleet/contracts/extraction-estimate';
import { http } from '../../api/client';

export const estimateApi = {
  estimate: (body: TrialEstimateBody) =>
    http.post<TrialEstimateAnswer>('/coffee/extraction-profile/estimate', body),
};
