/** The home page's business figures (`GET /api/coffee/home/business`, in the user's time zone). */
import type { HomeBusiness } from '@brewfleet/contracts/answers/home';
import { http } from '../../api/client';

export type { HomeBusiness };
export const fetchHomeBusiness = () => http.get<HomeBusiness>('/coffee/home/business');
