/** Extraction drift's calls: the findings (`POST /api/coffee/drift/list`) and a machine's evidence. */
import type { DriftEvidence, DriftFinding, DriftList, DriftListBody } from '@brewfleet/contracts/drift-api';
import { http } from '../../api/client';

export type { DriftEvidence, DriftFinding, DriftList, DriftListBody };

export const DRIFT_PATH = '/dataCenter-drift';
/** The drift page opened on one machine's evidence (the machine's detail links here). */
export const driftEvidencePath = (deviceId: string) => `${DRIFT_PATH}?device=${encodeURIComponent(deviceId)}`;

export const driftKeys = {
  list: (body: DriftListBody) => ['drift', 'list', body] as const,
  evidence: (deviceId: string) => ['drift', 'evidence', deviceId] as const,
};
export const fetchDriftList = (body: DriftListBody) => http.post<DriftList>('/coffee/drift/list', body);
export const fetchDriftEvidence = (deviceId: string) =>
  http.get<DriftEvidence>(`/coffee/drift/${encodeURIComponent(deviceId)}`);
