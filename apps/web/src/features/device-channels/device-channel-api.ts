/** The machine-channel call beside the generic resource endpoints (issue 5). */
import type { z } from 'zod';
import type { refillBody } from '@brewfleet/contracts/fleet-api';
import { http } from '../../api/client';

/** Marks channels filled now: the shelf life starts again and the level is set to the capacity. */
export const refillChannels = (body: z.input<typeof refillBody>) =>
  http.post<{ updated: number }>('/coffee/device-channel/refill', body);
